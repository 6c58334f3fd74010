import Foundation

/// A JSON document node with deterministic serialisation.
///
/// Objects keep their members in insertion order, so responses built by the demo
/// server always serialise to the same bytes (which matters for fixed-size bodies
/// such as `/small.json`). Parsed request bodies keep their keys sorted.
enum DemoJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([DemoJSON])
    case object([(String, DemoJSON)])

    static func == (lhs: DemoJSON, rhs: DemoJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Member lookup for objects (first match); `nil` for other kinds.
    subscript(key: String) -> DemoJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The string payload, or `nil` when this is not a string.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// Parses a JSON document; returns `nil` when `bytes` is not valid JSON.
    static func parse(_ bytes: [UInt8]) -> DemoJSON? {
        guard !bytes.isEmpty else { return nil }
        return try? JSONDecoder().decode(DemoJSON.self, from: Data(bytes))
    }

    /// Compact serialisation (no whitespace), members in stored order.
    var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Serialisation as UTF-8 bytes followed by a newline, as sent in response bodies.
    var responseBytes: [UInt8] {
        Array((serialized + "\n").utf8)
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value):
            output += value.isFinite ? "\(value)" : "null"
        case .string(let value): DemoJSON.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                DemoJSON.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension DemoJSON: Decodable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [DemoJSON] = []
            while !array.isAtEnd { elements.append(try array.decode(DemoJSON.self)) }
            self = .array(elements)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            let keys = object.allKeys.map(\.stringValue).sorted()
            self = .object(try keys.map { ($0, try object.decode(DemoJSON.self, forKey: AnyKey(stringValue: $0))) })
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }
}

extension DemoJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int64) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: DemoJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, DemoJSON)...) { self = .object(elements) }
    init(nilLiteral: ()) { self = .null }
}
