import Courier

extension JSONValue {
    /// JSON Schema's equality (`const`, `enum`, `uniqueItems`): numbers by mathematical value,
    /// so `1` equals `1.0`; objects by members regardless of order; arrays element by element.
    func schemaEquals(_ other: JSONValue) -> Bool {
        switch (self, other) {
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        // By code points: Swift's `==` on strings would equate canonically equivalent ones.
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Self.equal(a, b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.schemaEquals($1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.schemaEquals($0) } ?? false }
        default: return self == other
        }
    }

    /// A hash that agrees with `schemaEquals`: numbers by their `Double` value, strings by code
    /// points, object members regardless of order.
    func schemaHash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int(let i): hasher.combine(Double(i))
        case .double(let d): hasher.combine(d)
        case .string(let s): for scalar in s.unicodeScalars { hasher.combine(scalar) }
        case .array(let elements):
            hasher.combine(elements.count)
            for element in elements { element.schemaHash(into: &hasher) }
        case .object(let members):
            var sum = 0
            for (key, value) in members {
                var member = Hasher()
                for scalar in key.unicodeScalars { member.combine(scalar) }
                value.schemaHash(into: &member)
                sum &+= member.finalize()
            }
            hasher.combine(sum)
        }
    }

    /// The JSON type name as `type` spells it; an integral double is an "integer".
    var schemaTypeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .double(let d): return d.rounded() == d && d.isFinite ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The value as a number, for numeric keywords.
    var schemaNumber: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// An int and a double are equal when the double is that integer exactly (no rounding of
    /// large ints through `Double`).
    private static func equal(_ int: Int, _ double: Double) -> Bool {
        guard double.rounded() == double, let exact = Int(exactly: double) else { return false }
        return exact == int
    }
}

/// Short JSON text of values for messages.
enum JSONText {
    /// A string as a JSON string literal.
    static func quoted(_ string: String) -> String { JSONValue.string(string).description }

    /// A value as JSON, cut to `limit` characters with an ellipsis.
    static func short(_ value: JSONValue, limit: Int = 60) -> String {
        let text = value.description
        return text.count <= limit ? text : text.prefix(limit) + "…"
    }
}
