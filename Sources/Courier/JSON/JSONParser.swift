import Foundation

/// A strict RFC 8259 parser from UTF-8 bytes to `JSONValue`, by recursive descent.
///
/// It accepts exactly the JSON grammar: any value at the top (scalars too), whitespace limited to
/// space, tab, CR and LF, no trailing commas, no leading zeros, no `NaN` or `Infinity`, no unescaped
/// control characters or invalid UTF-8 in strings, and nothing after the value. A leading UTF-8 byte
/// order mark is skipped, as RFC 8259 §8.1 allows (and `JSONDecoder` did).
///
/// Numbers written without `.`, `e` or `E` that fit in `Int` become `.int`, everything else `.double`
/// (correctly rounded; a magnitude beyond `Double` is an error). When an object repeats a key, the
/// last member wins, as with `JSONSerialization` and JavaScript's `JSON.parse` (the JSON fuzzer
/// compares every value with `JSONSerialization`'s). Containers nest at most `maximumDepth` deep.
///
/// Elements of open containers wait on one shared stack and are moved into an exactly sized array or
/// dictionary when their container closes, so no container ever grows by reallocation.
struct JSONParser {
    /// How deeply arrays and objects may nest; the same limit `JSONDecoder` applies.
    static let maximumDepth = 512

    /// Parses a whole document.
    static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        try run(data, buildingValues: true)
    }

    /// Checks a whole document against the same grammar without building its value: no
    /// allocation per string or container, so a large body costs a scan, not a tree.
    static func validate(_ data: Data) throws(JSONParseError) {
        _ = try run(data, buildingValues: false)
    }

    private static func run(_ data: Data, buildingValues: Bool) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self), buildsValues: buildingValues)
            do throws(JSONParseError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// False when only checking: containers and strings are scanned but not built.
    var buildsValues: Bool
    var index = 0
    var depth = 0
    /// Elements and member values of the containers being parsed, innermost last.
    private var values: [JSONValue] = []
    /// Member keys of the objects being parsed, innermost last.
    private var keys: [String] = []
    /// The unescaped bytes of a string that contains escapes.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, buildsValues: Bool) {
        self.bytes = bytes
        self.buildsValues = buildsValues
        values.reserveCapacity(16)
        keys.reserveCapacity(16)
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        try parseDocument { parser throws(JSONParseError) in try parser.parseValue() }
    }

    /// Reads the top-level value with `value` between the checks every document gets: not
    /// empty, a byte order mark skipped, nothing but whitespace around it.
    mutating func parseDocument<Value>(_ value: (inout JSONParser) throws(JSONParseError) -> Value) throws(JSONParseError) -> Value {
        guard !bytes.isEmpty else { throw JSONParseError(offset: 0, reason: "empty input") }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let result = try value(&self)
        skipWhitespace()
        guard index == bytes.count else { throw unexpected("after the top-level value") }
        return result
    }

    // MARK: - Values

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw endOfInput() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: throw unexpected("where a value should start")
        }
    }

    /// Consumes `literal` or throws at the first byte that differs.
    private mutating func expect(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else { throw unexpected("in a literal starting at byte \(start)") }
            index += 1
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        let isEmpty = try openContainer(closedBy: UInt8(ascii: "]"))
        defer { depth -= 1 }
        if isEmpty { return .array([]) }
        let start = values.count
        while true {
            let element = try parseValue()
            if buildsValues { values.append(element) }
            guard try continuesAfterItem(closing: UInt8(ascii: "]"),
                                         otherwise: "where ',' or ']' should follow an array element")
            else { break }
        }
        guard buildsValues else { return .null }
        let elements = Array(values[start...])
        values.removeSubrange(start...)
        return .array(elements)
    }

    /// After an element or member: true when a ',' says another follows (skipped, with the
    /// whitespace after it), false when `closing` ends the container (skipped too).
    mutating func continuesAfterItem(closing: UInt8, otherwise reason: String) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw endOfInput() }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return true
        case closing:
            index += 1
            return false
        default:
            throw unexpected(reason)
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        let isEmpty = try openContainer(closedBy: UInt8(ascii: "}"))
        defer { depth -= 1 }
        if isEmpty { return .object([:]) }
        let valueStart = values.count
        let keyStart = keys.count
        while true {
            let key = try parseMemberName()
            let value = try parseValue()
            if buildsValues {
                keys.append(key)
                values.append(value)
            }
            guard try continuesAfterItem(closing: UInt8(ascii: "}"),
                                         otherwise: "where ',' or '}' should follow an object member")
            else { break }
        }
        guard buildsValues else { return .null }
        // The first of repeated keys wins, as with JSONDecoder; the initializer sizes the table once.
        let members = Dictionary(zip(keys[keyStart...], values[valueStart...]), uniquingKeysWith: { _, last in last })
        keys.removeSubrange(keyStart...)
        values.removeSubrange(valueStart...)
        return .object(members)
    }

    /// Steps into the array or object whose opening bracket is at `index` (one level deeper:
    /// the caller steps out with `depth -= 1`) and past the whitespace after it; true when
    /// `closer` follows at once, the container empty (and the closer skipped too).
    mutating func openContainer(closedBy closer: UInt8) throws(JSONParseError) -> Bool {
        try enterContainer()
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == closer else { return false }
        index += 1
        return true
    }

    /// Reads a member's name at `index` and the ':' after it, with the whitespace around it.
    mutating func parseMemberName() throws(JSONParseError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected("where a member name should start") }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw unexpected("where ':' should follow a member name") }
        index += 1
        skipWhitespace()
        return key
    }

    private mutating func enterContainer() throws(JSONParseError) {
        guard depth < Self.maximumDepth else {
            throw JSONParseError(offset: index, reason: "arrays and objects nest deeper than \(Self.maximumDepth) levels")
        }
        depth += 1
    }

    // MARK: - Strings

    /// Parses the string whose opening quote is at `index`.
    ///
    /// A string without escapes, the common case, becomes a `String` straight from its bytes; one with
    /// escapes is unescaped into `scratch` first. Either way the bytes were checked to be UTF-8 here.
    mutating func parseString() throws(JSONParseError) -> String {
        let open = index
        index += 1
        var runStart = index
        var escaped = false
        skipPlainASCII()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                guard buildsValues else { return "" }
                guard escaped else { return String(decoding: run, as: UTF8.self) }
                scratch.append(contentsOf: run)
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                if !escaped {
                    scratch.removeAll(keepingCapacity: true)
                    escaped = true
                }
                scratch.append(contentsOf: bytes[runStart..<index])
                try appendEscape()
                runStart = index
                skipPlainASCII()
            } else if byte < 0x20 {
                throw JSONParseError(offset: index, reason: "unescaped control character \(JSONParseError.hex(byte)) in a string")
            } else if byte < 0x80 {
                index += 1
            } else {
                try skipMultiByteScalar()
                skipPlainASCII()
            }
        }
        throw JSONParseError(offset: bytes.count, reason: "unterminated string starting at byte \(open)")
    }

    /// Steps over string bytes that need no attention, eight at a time: it stops within eight bytes of
    /// a quote, a backslash, a control character or a non-ASCII byte, and the byte loop takes over.
    @inline(__always)
    private mutating func skipPlainASCII() {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        /// Whether some byte of `word` is below `limit` (at most 0x80), by the borrow it causes.
        func hasByte(below limit: UInt64, in word: UInt64) -> Bool { (word &- limit &* ones) & ~word & highBits != 0 }
        let start = UnsafeRawPointer(bytes.baseAddress!)
        while index + 8 <= bytes.count {
            let word = start.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & highBits != 0 || hasByte(below: 0x20, in: word)
                || hasByte(below: 1, in: word ^ (0x22 &* ones)) || hasByte(below: 1, in: word ^ (0x5C &* ones)) {
                return
            }
            index += 8
        }
    }

    /// Appends the UTF-8 of the escape sequence at `index` to `scratch`.
    private mutating func appendEscape() throws(JSONParseError) {
        let start = index
        guard index + 1 < bytes.count else { throw endOfInput() }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xDC00...0xDFFF).contains(scalar) {
                throw JSONParseError(offset: start, reason: "unpaired low surrogate in a \\u escape")
            }
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw JSONParseError(offset: start, reason: "unpaired high surrogate in a \\u escape") }
                index += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONParseError(offset: start, reason: "unpaired high surrogate in a \\u escape")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            // Never nil: surrogates were paired or rejected above, and four hex digits stay below 0x110000.
            UTF8.encode(Unicode.Scalar(scalar)!) { scratch.append($0) }
        default:
            throw JSONParseError(offset: start, reason: "invalid escape sequence")
        }
    }

    /// Reads the four hex digits of a `\u` escape at `index`.
    private mutating func readHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endOfInput() }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected("where a hex digit of a \\u escape should be")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Steps over one well-formed multi-byte UTF-8 sequence at `index` (Unicode Table 3-7), or throws.
    private mutating func skipMultiByteScalar() throws(JSONParseError) {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw JSONParseError(offset: index, reason: "invalid UTF-8 in a string")
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else {
            throw JSONParseError(offset: index, reason: "invalid UTF-8 in a string")
        }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            throw JSONParseError(offset: index, reason: "invalid UTF-8 in a string")
        }
        index += length
    }

    // MARK: - Numbers

    /// Parses `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at `index`.
    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        var magnitude: UInt = 0
        var overflowed = false
        while index < bytes.count, let digit = digit(bytes[index]) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt(digit))
            magnitude = sum
            overflowed = overflowed || overflow1 || overflow2
            index += 1
        }
        guard index > integerStart else { throw unexpected("where a digit should be") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw JSONParseError(offset: integerStart, reason: "leading zero in a number")
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try skipDigits()
        }
        if isInteger, !overflowed {
            if !negative, magnitude <= Int.max.magnitude { return .int(Int(magnitude)) }
            if negative, magnitude <= Int.min.magnitude { return .int(Int(truncatingIfNeeded: 0 &- magnitude)) }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let double = Double(literal), double.isFinite else {
            throw JSONParseError(offset: start, reason: "number out of range")
        }
        return .double(double)
    }

    /// Steps over one or more digits.
    private mutating func skipDigits() throws(JSONParseError) {
        let start = index
        while index < bytes.count, digit(bytes[index]) != nil { index += 1 }
        guard index > start else { throw unexpected("where a digit should be") }
    }

    @inline(__always)
    private func digit(_ byte: UInt8) -> UInt8? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? value : nil
    }

    // MARK: - Whitespace and errors

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func endOfInput() -> JSONParseError {
        JSONParseError(offset: bytes.count, reason: "unexpected end of input")
    }
    /// The byte at `index` does not belong here, or the input ended.
    func unexpected(_ context: String) -> JSONParseError {
        guard index < bytes.count else { return endOfInput() }
        let byte = bytes[index]
        let shown = (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : JSONParseError.hex(byte)
        return JSONParseError(offset: index, reason: "unexpected \(shown) \(context)")
    }
}
