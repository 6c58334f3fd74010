import Foundation

/// Writes a `JSONValue` as UTF-8 bytes, byte for byte as swift-foundation's `JSONEncoder` does with
/// `[.sortedKeys, .withoutEscapingSlashes]`, plus `.prettyPrinted` when asked.
///
/// The bytes must not drift: cache entries are named after the SHA-256 of this output. What the
/// encoder does, and so what this writer does:
/// - Object members are sorted by the UTF-8 bytes of their keys (so `"10"` < `"9"` < `"A"` < `"a"`).
/// - Strings escape `"` and `\` with a backslash; `\b \t \n \f \r` by name; the other bytes below
///   0x20 as `\u00xx` in lowercase hex. `/`, DEL and all non-ASCII text are written as they are.
/// - Integers in decimal; doubles as `Double.description` minus a trailing `.0` (`1`, `-0`, `2.5`,
///   `1e+16`, `1e-07`, `1.7976931348623157e+308`).
/// - Compact output has no whitespace at all. Pretty output puts every element and member on its own
///   line indented two spaces per level, writes `"key" : value`, and writes an empty array or object
///   as the bracket, two newlines, then the closing bracket indented to the container's level.
/// - A NaN or infinite double, or containers nested 512 deep, make the encoder throw; the writer
///   refuses them too, and `serialized` then answers `null` for the whole value as it always has.
struct JSONWriter {
    /// Nesting at which `JSONEncoder` refuses a value: the outermost container is level 1.
    static let maximumDepth = 512

    /// Why a value cannot be written the way `JSONEncoder` would.
    enum Refusal: Error {
        case nonFiniteNumber
        case tooDeep
    }

    /// The serialization of `value`, or `null` when `JSONEncoder` would have refused it.
    static func serialize(_ value: JSONValue, prettyPrinted: Bool) -> Data {
        var writer = JSONWriter(pretty: prettyPrinted)
        do {
            try writer.write(value, depth: 0)
        } catch {
            return Data("null".utf8)
        }
        return Data(writer.bytes)
    }

    private var bytes: [UInt8] = []
    private let pretty: Bool
    private var indent = 0

    private init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(256)
    }

    private mutating func write(_ value: JSONValue, depth: Int) throws(Refusal) {
        switch value {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .int(let value): writeInt(value)
        case .double(let value): try writeDouble(value)
        case .string(let value): writeString(value)
        case .array(let elements): try writeArray(elements, depth: depth + 1)
        case .object(let members): try writeObject(members, depth: depth + 1)
        }
    }

    // MARK: - Containers

    private mutating func writeArray(_ elements: [JSONValue], depth: Int) throws(Refusal) {
        guard depth < Self.maximumDepth else { throw .tooDeep }
        bytes.append(UInt8(ascii: "["))
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            indent += 1
        }
        for (position, element) in elements.enumerated() {
            if position > 0 { separate() }
            if pretty { writeIndent() }
            try write(element, depth: depth)
        }
        close(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ members: [String: JSONValue], depth: Int) throws(Refusal) {
        guard depth < Self.maximumDepth else { throw .tooDeep }
        bytes.append(UInt8(ascii: "{"))
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            indent += 1
        }
        if members.count == 1, let (key, value) = members.first {
            try writeMember(key, value, depth: depth)
        } else if !members.isEmpty {
            let sorted = members.sorted { Self.utf8Precedes($0.key, $1.key) }
            for (position, member) in sorted.enumerated() {
                if position > 0 { separate() }
                try writeMember(member.key, member.value, depth: depth)
            }
        }
        close(UInt8(ascii: "}"))
    }

    private mutating func writeMember(_ key: String, _ value: JSONValue, depth: Int) throws(Refusal) {
        if pretty { writeIndent() }
        writeString(key)
        if pretty { append(" : ") } else { bytes.append(UInt8(ascii: ":")) }
        try write(value, depth: depth)
    }

    /// The separator between two elements or members.
    private mutating func separate() {
        bytes.append(UInt8(ascii: ","))
        if pretty { bytes.append(UInt8(ascii: "\n")) }
    }

    /// Closes a container: in pretty mode on its own line, indented to the container's level.
    private mutating func close(_ bracket: UInt8) {
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            indent -= 1
            writeIndent()
        }
        bytes.append(bracket)
    }

    private mutating func writeIndent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// Whether `a` sorts before `b` by UTF-8 bytes, the order `JSONEncoder` uses for `.sortedKeys`.
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { a in
            b.withUTF8 { b in
                let common = min(a.count, b.count)
                if common > 0 {
                    let order = memcmp(a.baseAddress!, b.baseAddress!, common)
                    if order != 0 { return order < 0 }
                }
                return a.count < b.count
            }
        }
    }

    // MARK: - Scalars

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func writeInt(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var limit: UInt = 10
        while magnitude >= limit {
            digits += 1
            let (next, overflow) = limit.multipliedReportingOverflow(by: 10)
            if overflow { break }
            limit = next
        }
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(0, count: digits))
        var position = end
        repeat {
            position -= 1
            bytes[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude != 0
    }

    private mutating func writeDouble(_ value: Double) throws(Refusal) {
        guard value.isFinite else { throw .nonFiniteNumber }
        var text = value.description
        text.withUTF8 { utf8 in
            var count = utf8.count
            if count >= 2, utf8[count - 2] == UInt8(ascii: "."), utf8[count - 1] == UInt8(ascii: "0") { count -= 2 }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<count]))
        }
    }

    private mutating func writeString(_ value: String) {
        var value = value
        bytes.append(UInt8(ascii: "\""))
        value.withUTF8 { utf8 in
            var runStart = 0
            for position in utf8.indices {
                let byte = utf8[position]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
                runStart = position + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                default:
                    let hexDigits: StaticString = "0123456789abcdef"
                    append("u00")
                    bytes.append(hexDigits.utf8Start[Int(byte >> 4)])
                    bytes.append(hexDigits.utf8Start[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
