/// One line of a body laid out from its bytes as it is drawn. Of JSON, as ``JSONBodyFormatter``
/// lays it out: a member's name, its value (or the start of a container, or a closing bracket)
/// and a comma, read by ``JSONLineLexer`` without checking (the body was checked when it was
/// first laid out). Of text, its ``value`` is the line without its line feed.
struct SourceLine: Sendable, Equatable {
    /// Where reading the line began (whitespace may come before its first token).
    let position: Int
    /// Where the next line is read from.
    let end: Int
    /// How deeply it is nested.
    let depth: Int
    /// Containers open after it: the next line's starting state.
    let nesting: Int
    /// The member name's range, quotes included; nil for an array element or a closing line.
    let key: Range<Int>?
    /// The value's range; for a container with contents, its opening bracket; for an empty one,
    /// from bracket to bracket (whitespace between them is not shown).
    let value: Range<Int>
    let isEmptyContainer: Bool
    /// The comma after the value, if one follows.
    let comma: Int?

    /// Whether it opens an array or object whose contents follow on lines of their own.
    var opensFold: Bool { nesting > depth }
    /// Whether it is the line closing an array or object.
    var closes: Bool { nesting < nestingBefore }
    /// Containers open before it.
    let nestingBefore: Int
}

enum JSONLineLexer {
    /// Reads the line starting at `position` with `nesting` containers open.
    static func line(in bytes: UnsafeBufferPointer<UInt8>, at position: Int, nesting: Int) -> SourceLine {
        var index = skipWhitespace(in: bytes, from: position)
        guard index < bytes.count else {
            return SourceLine(position: position, end: bytes.count, depth: nesting, nesting: nesting, key: nil,
                            value: bytes.count..<bytes.count, isEmptyContainer: false, comma: nil, nestingBefore: nesting)
        }
        let first = bytes[index]
        if first == UInt8(ascii: "}") || first == UInt8(ascii: "]") {
            let depth = max(nesting - 1, 0)
            return finish(in: bytes, position: position, depth: depth, nesting: depth, key: nil, value: index..<(index + 1),
                          isEmptyContainer: false, nestingBefore: nesting)
        }
        var key: Range<Int>?
        if first == UInt8(ascii: "\"") {
            let stringEnd = skipString(in: bytes, from: index)
            let colon = skipWhitespace(in: bytes, from: stringEnd)
            if colon < bytes.count, bytes[colon] == UInt8(ascii: ":") {
                key = index..<stringEnd
                index = skipWhitespace(in: bytes, from: colon + 1)
            }
        }
        guard index < bytes.count else {
            return SourceLine(position: position, end: bytes.count, depth: nesting, nesting: nesting, key: key,
                            value: index..<index, isEmptyContainer: false, comma: nil, nestingBefore: nesting)
        }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let inside = skipWhitespace(in: bytes, from: index + 1)
            if inside < bytes.count, bytes[inside] == bytes[index] + 2 {
                return finish(in: bytes, position: position, depth: nesting, nesting: nesting, key: key,
                              value: start..<(inside + 1), isEmptyContainer: true, nestingBefore: nesting)
            }
            return SourceLine(position: position, end: index + 1, depth: nesting, nesting: nesting + 1, key: key,
                            value: start..<(index + 1), isEmptyContainer: false, comma: nil, nestingBefore: nesting)
        case UInt8(ascii: "\""):
            index = skipString(in: bytes, from: index)
        default:
            while index < bytes.count, !bytes[index].endsScalar { index += 1 }
        }
        return finish(in: bytes, position: position, depth: nesting, nesting: nesting, key: key, value: start..<index,
                      isEmptyContainer: false, nestingBefore: nesting)
    }

    /// The line's content as the formatter writes it: `"name": value,`, or as much of it as
    /// `byteLimit` allows (cut where a character starts), with where each source range landed.
    static func content(of line: SourceLine, in bytes: UnsafeBufferPointer<UInt8>, byteLimit: Int = Int.max) -> [UInt8] {
        var content: [UInt8] = []
        forEachPiece(of: line, in: bytes) { piece, _ in
            // A little past the limit, to cut where a character starts.
            let room = byteLimit - content.count
            content.append(contentsOf: room >= piece.count ? piece[...] : piece.prefix(room + 4))
            return content.count < byteLimit
        }
        guard content.count > byteLimit else { return content }
        var end = byteLimit
        while end > 0, content[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(content[..<end])
    }

    /// Where the byte at body offset `offset` is in the line's content; nil when it is not
    /// shown (whitespace between tokens, or inside an empty container).
    static func contentOffset(of offset: Int, in line: SourceLine, bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var shown = 0
        var found: Int?
        forEachPiece(of: line, in: bytes) { piece, source in
            if let source, source.contains(offset) {
                found = shown + offset - source.lowerBound
                return false
            }
            shown += piece.count
            return true
        }
        return found
    }

    /// The line's content piece by piece, each with the body range it comes from (nil for the
    /// `": "` the formatter writes after a name); `body` returns false to stop.
    static func forEachPiece(
        of line: SourceLine, in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>?) -> Bool
    ) {
        func piece(_ range: Range<Int>) -> Bool { body(UnsafeBufferPointer(rebasing: bytes[range]), range) }
        if let key = line.key {
            guard piece(key) else { return }
            // `": "`, from the body where it is written that way, so that a search can match it.
            let colon = key.upperBound, space = colon + 1
            let separator: StaticString = ": "
            if colon < bytes.count, bytes[colon] == UInt8(ascii: ":") {
                guard piece(colon..<space) else { return }
            } else {
                guard body(UnsafeBufferPointer(start: separator.utf8Start, count: 1), nil) else { return }
            }
            if space < line.value.lowerBound, bytes[space] == UInt8(ascii: " ") {
                guard piece(space..<(space + 1)) else { return }
            } else {
                guard body(UnsafeBufferPointer(start: separator.utf8Start + 1, count: 1), nil) else { return }
            }
        }
        if line.isEmptyContainer {
            guard piece(line.value.lowerBound..<(line.value.lowerBound + 1)), piece((line.value.upperBound - 1)..<line.value.upperBound) else { return }
        } else {
            guard piece(line.value) else { return }
        }
        if let comma = line.comma { _ = piece(comma..<(comma + 1)) }
    }

    private static func finish(
        in bytes: UnsafeBufferPointer<UInt8>, position: Int, depth: Int, nesting: Int, key: Range<Int>?, value: Range<Int>,
        isEmptyContainer: Bool, nestingBefore: Int
    ) -> SourceLine {
        let after = skipWhitespace(in: bytes, from: value.upperBound)
        let comma = after < bytes.count && bytes[after] == UInt8(ascii: ",") ? after : nil
        return SourceLine(position: position, end: comma.map { $0 + 1 } ?? value.upperBound, depth: depth, nesting: nesting, key: key,
                        value: value, isEmptyContainer: isEmptyContainer, comma: comma, nestingBefore: nestingBefore)
    }

    static func skipWhitespace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index].isJSONWhitespace { index += 1 }
        return index
    }

    /// The end of the string whose opening quote is at `start`.
    static func skipString(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            guard let quote = bytes.firstIndex(of: UInt8(ascii: "\""), from: index) else { return bytes.count }
            // A quote is escaped when an odd number of backslashes comes right before it.
            var backslashes = 0
            while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote + 1 }
            index = quote + 1
        }
        return bytes.count
    }
}

private extension UInt8 {
    var isJSONWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
    /// Whether a number or literal ends before it.
    var endsScalar: Bool { isJSONWhitespace || self == UInt8(ascii: ",") || self == UInt8(ascii: "]") || self == UInt8(ascii: "}") }
}
