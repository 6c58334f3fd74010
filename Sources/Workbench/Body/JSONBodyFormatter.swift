import CourierWorkspace

/// Where and why a body is not JSON.
struct JSONSyntaxError: Error {
    /// Bytes from the start of the body.
    let offset: Int
    let reason: String
}

/// Pretty-prints JSON bytes into a ``LineStore``: one member or element per line, two spaces per
/// level, members in their source order, strings and numbers exactly as written, empty containers
/// as `{}` and `[]`. It checks the grammar as it goes (RFC 8259, like Courier's parser, except that
/// strings are not checked to be UTF-8: the screen shows bad bytes as `�`).
///
/// It scans bytes and copies each token in one piece; containers are tracked on an explicit stack,
/// so deep nesting costs no call stack. What it makes of the lines is up to `Lines`: a
/// ``LineStore`` keeps their text, a ``JSONCheckpointRecorder`` only where they start.
struct JSONBodyFormatter<Lines: JSONLineSink> {
    /// How deeply arrays and objects may nest, as in Courier's parser.
    static var maximumDepth: Int { 512 }

    /// Lays `bytes` out into `lines`; true when it got to the end (false when `lineLimit` or
    /// `lines` stopped it).
    static func run(_ bytes: UnsafeBufferPointer<UInt8>, into lines: Lines, lineLimit: Int?) throws(JSONSyntaxError) -> (lines: Lines, isComplete: Bool) {
        var formatter = JSONBodyFormatter(bytes: bytes, lines: lines, lineLimit: lineLimit ?? Int.max)
        let isComplete = try formatter.run()
        return (formatter.lines, isComplete)
    }

    /// Lays out as much of `bytes` as is JSON: the lines so far, whether it got to the end, and
    /// where it stopped being JSON (nil when all of it was). For the first bytes of a body still
    /// arriving, that place is where the bytes so far were cut, and the lines before it hold.
    static func runAsFarAsValid(_ bytes: UnsafeBufferPointer<UInt8>, into lines: Lines) -> (lines: Lines, isComplete: Bool, error: JSONSyntaxError?) {
        var formatter = JSONBodyFormatter(bytes: bytes, lines: lines, lineLimit: Int.max)
        do throws(JSONSyntaxError) {
            let isComplete = try formatter.run()
            return (formatter.lines, isComplete, nil)
        } catch {
            return (formatter.lines, false, error)
        }
    }

    private struct OpenContainer {
        let closer: UInt8
        let foldSlot: Int
        var isObject: Bool { closer == UInt8(ascii: "}") }
        var expectation: String { isObject ? "',' or '}'" : "',' or ']'" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let lineLimit: Int
    private var index = 0
    private var lines: Lines
    private var open: [OpenContainer] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, lines: Lines, lineLimit: Int) {
        self.bytes = bytes
        self.lineLimit = lineLimit
        self.lines = lines
    }

    private var isFull: Bool { lines.lineCount >= lineLimit || lines.isStopped }

    private mutating func run() throws(JSONSyntaxError) -> Bool {
        lines.startLine(depth: 0, at: index)
        var expectingValue = true
        while true {
            if expectingValue {
                expectingValue = try writeValue()
                continue
            }
            guard let container = open.last else { break }
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected \(container.expectation)") }
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                index += 1
                lines.append(byte)
                if isFull { return false }
                lines.startLine(depth: open.count, at: index)
                if container.isObject { try writeKey() }
                expectingValue = true
            } else if byte == container.closer {
                index += 1
                if isFull { return false }
                open.removeLast()
                lines.startLine(depth: open.count, at: index - 1)
                lines.append(byte)
                lines.closeFold(container.foldSlot)
            } else {
                throw failure("expected \(container.expectation)")
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected data after the JSON value") }
        return true
    }

    /// Writes the value at `index` onto the current line. A container with contents is opened:
    /// its first member starts a new line, and true says its value comes next.
    private mutating func writeValue() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw failure("expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let opener = bytes[index]
            let closer = opener + 2
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == closer {
                index += 1
                lines.append(opener)
                lines.append(closer)
                return false
            }
            guard open.count < Self.maximumDepth else {
                throw JSONSyntaxError(offset: start, reason: "arrays and objects nest deeper than \(Self.maximumDepth) levels")
            }
            lines.append(opener)
            open.append(OpenContainer(closer: closer, foldSlot: lines.openFold()))
            lines.startLine(depth: open.count, at: index)
            if opener == UInt8(ascii: "{") { try writeKey() }
            return true
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
        case UInt8(ascii: "t"):
            try skipLiteral("true")
        case UInt8(ascii: "f"):
            try skipLiteral("false")
        case UInt8(ascii: "n"):
            try skipLiteral("null")
        default:
            throw failure("expected a value")
        }
        lines.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        return false
    }

    /// Writes `"name": ` onto the current line.
    private mutating func writeKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
        let start = index
        try skipString()
        lines.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
        index += 1
        lines.append(": ")
    }

    private mutating func skipString() throws(JSONSyntaxError) {
        let open = index
        index += 1
        while true {
            skipPlainStringBytes()
            guard index < bytes.count else { throw JSONSyntaxError(offset: open, reason: "the string starting here never ends") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            } else if byte == UInt8(ascii: "\\") {
                try skipEscape()
            } else if byte < 0x20 {
                throw failure("unescaped control character in a string")
            } else {
                index += 1
            }
        }
    }

    /// Steps over string bytes that need no attention, eight at a time: it stops within eight
    /// bytes of a quote, a backslash or a control character.
    @inline(__always)
    private mutating func skipPlainStringBytes() {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        /// Whether some byte of `word` is below `limit` (at most 0x80), by the borrow it causes.
        func hasByte(below limit: UInt64, in word: UInt64) -> Bool { (word &- limit &* ones) & ~word & highBits != 0 }
        guard let start = bytes.baseAddress.map(UnsafeRawPointer.init) else { return }
        while index + 8 <= bytes.count {
            let word = start.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if hasByte(below: 0x20, in: word) || hasByte(below: 1, in: word ^ (0x22 &* ones))
                || hasByte(below: 1, in: word ^ (0x5C &* ones)) {
                return
            }
            index += 8
        }
    }

    private mutating func skipEscape() throws(JSONSyntaxError) {
        guard index + 1 < bytes.count else { throw failure("the string never ends") }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            for offset in 2..<6 {
                guard index + offset < bytes.count, bytes[index + offset].isHexDigit else {
                    throw failure("invalid \\u escape")
                }
            }
            index += 6
        default:
            throw failure("invalid escape sequence")
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func skipNumber() throws(JSONSyntaxError) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index].isDigit else { throw failure("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, bytes[index].isDigit else { throw failure("invalid number: a digit must follow '.'") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, bytes[index].isDigit else { throw failure("invalid number: a digit must follow the exponent") }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, bytes[index].isDigit { index += 1 }
    }

    private mutating func skipLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let length = literal.utf8CodeUnitCount
        guard index + length <= bytes.count else { throw failure("expected a value") }
        let expected = literal.utf8Start
        for offset in 0..<length where bytes[index + offset] != expected[offset] {
            throw failure("expected a value")
        }
        index += length
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    /// An error at `index`, saying so when the body ends there.
    private func failure(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, reason: index < bytes.count ? reason : "\(reason), but the body ends")
    }
}
