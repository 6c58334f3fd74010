import CourierWorkspace

/// The byte-level side of the markup tokenizer: where tags start and end, their names, and
/// what whitespace to trim, over the body's bytes.
struct MarkupScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let isHTML: Bool

    /// Whether a tag, comment or declaration starts at `position`.
    func isMarkupStart(at position: Int) -> Bool {
        bytes[position] == UInt8(ascii: "<") && position + 1 < bytes.count && bytes[position + 1].opensMarkupAfterLessThan
    }

    func nextMarkupStart(from start: Int) -> Int {
        var position = start
        while let less = bytes.firstIndex(of: UInt8(ascii: "<"), from: position) {
            if isMarkupStart(at: less) { return less }
            position = less + 1
        }
        return bytes.count
    }

    /// Just past the `>` closing the tag at `start`, skipping quoted attribute values.
    func tagEnd(from start: Int) -> Int {
        var values = QuotedValues()
        var position = start + 1
        while position < bytes.count {
            let byte = bytes[position]
            if !values.contains(byte), byte == UInt8(ascii: ">") { return position + 1 }
            position += 1
        }
        return bytes.count
    }

    /// The tag name starting at `start`.
    func name(from start: Int) -> Range<Int> {
        var end = start
        while end < bytes.count, !bytes[end].isWhitespace, bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "/") {
            end += 1
        }
        return start..<end
    }

    /// Whether two tag names are the same, ignoring case in HTML.
    func sameName(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count else { return false }
        let caseMask: UInt8 = isHTML ? 0x20 : 0
        for offset in 0..<first.count where bytes[first.lowerBound + offset] | caseMask != bytes[second.lowerBound + offset] | caseMask {
            return false
        }
        return true
    }

    /// Where `</name` starts (any case), or the end of the body.
    func rawTextEnd(name: String, from start: Int) -> Int {
        bytes.firstIndex(of: Array("</\(name)".utf8), from: start, caseInsensitive: true) ?? bytes.count
    }

    func hasPrefix(_ prefix: StaticString, at position: Int) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[position + offset] != prefix.utf8Start[offset] { return false }
        return true
    }

    /// Where `pattern` next occurs at or after `start`.
    func find(_ pattern: String, from start: Int) -> Int? {
        bytes.firstIndex(of: Array(pattern.utf8), from: start)
    }

    func trimmingWhitespace(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, bytes[start].isWhitespace { start += 1 }
        while end > start, bytes[end - 1].isWhitespace { end -= 1 }
        return start..<end
    }
}

/// Follows a tag byte by byte to tell which bytes are inside a quoted attribute value. A quote
/// opens a value only right after `=`, so that `<p title=don't>` leaves no string open.
struct QuotedValues {
    private var quote: UInt8?
    private var afterEquals = false

    /// Whether `byte`, the tag's next, belongs to a quoted value (its quotes included).
    mutating func contains(_ byte: UInt8) -> Bool {
        if let open = quote {
            if byte == open { quote = nil }
            return true
        }
        if afterEquals, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            quote = byte
            afterEquals = false
            return true
        }
        if !byte.isWhitespace { afterEquals = byte == UInt8(ascii: "=") }
        return false
    }
}
