import CourierWorkspace

/// Colours one line of formatted XML or HTML: tag names and brackets, attribute names, quoted
/// (or bare) attribute values; text between tags stays plain.
enum MarkupLineStyler {
    static func runs(_ content: [UInt8]) -> [StyleRun] {
        var builder = StyleRunBuilder()
        var index = 0
        while index < content.count {
            if isTagStart(content, at: index) {
                index = styleTag(content, from: index, into: &builder)
            } else {
                let start = index
                index += 1
                while index < content.count, !isTagStart(content, at: index) { index += 1 }
                builder.add(start..<index, .plain)
            }
        }
        return builder.runs
    }

    /// Styles the tag at `start`; returns where it ends.
    private static func styleTag(_ content: [UInt8], from start: Int, into builder: inout StyleRunBuilder) -> Int {
        var index = start + 1
        if [UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?")].contains(content[index]) { index += 1 }
        while index < content.count, !content[index].isWhitespace, content[index] != UInt8(ascii: ">"), !closesTag(content, at: index) {
            index += 1
        }
        builder.add(start..<index, .syntaxTag)
        var valueFollows = false
        while index < content.count {
            let partStart = index
            let byte = content[index]
            if byte == UInt8(ascii: ">") {
                builder.add(partStart..<(index + 1), .syntaxTag)
                return index + 1
            } else if closesTag(content, at: index) {
                builder.add(partStart..<(index + 2), .syntaxTag)
                return index + 2
            } else if byte.isWhitespace {
                index += 1
                builder.add(partStart..<index, .plain)
            } else if byte == UInt8(ascii: "=") {
                index += 1
                builder.add(partStart..<index, .syntaxPunctuation)
                valueFollows = true
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                while index < content.count, content[index] != byte { index += 1 }
                index = min(index + 1, content.count)
                builder.add(partStart..<index, .syntaxString)
                valueFollows = false
            } else {
                index += 1
                while index < content.count, !content[index].isWhitespace, content[index] != UInt8(ascii: "="),
                      content[index] != UInt8(ascii: ">"), !closesTag(content, at: index) {
                    index += 1
                }
                builder.add(partStart..<index, valueFollows ? .syntaxString : .syntaxAttribute)
                valueFollows = false
            }
        }
        return index
    }

    private static func isTagStart(_ content: [UInt8], at index: Int) -> Bool {
        content[index] == UInt8(ascii: "<") && index + 1 < content.count && content[index + 1].opensMarkupAfterLessThan
    }

    /// `/>` or `?>` at `index`.
    private static func closesTag(_ content: [UInt8], at index: Int) -> Bool {
        index + 1 < content.count && content[index + 1] == UInt8(ascii: ">")
            && (content[index] == UInt8(ascii: "/") || content[index] == UInt8(ascii: "?"))
    }
}
