import CourierWorkspace

/// Colours one line of formatted JSON. Every line starts at a token, so the line alone says
/// what each token is: a string followed by `:` is a key.
enum JSONLineStyler {
    static func runs(_ content: [UInt8]) -> [StyleRun] {
        var builder = StyleRunBuilder()
        var index = 0
        while index < content.count {
            let start = index
            switch content[index] {
            case UInt8(ascii: "\""):
                index = stringEnd(content, from: index)
                var next = index
                while next < content.count, content[next] == UInt8(ascii: " ") { next += 1 }
                let isKey = next < content.count && content[next] == UInt8(ascii: ":")
                builder.add(start..<index, isKey ? .syntaxKey : .syntaxString)
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
                 UInt8(ascii: ":"), UInt8(ascii: " "):
                index += 1
                builder.add(start..<index, .syntaxPunctuation)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                while index < content.count, isNumberByte(content[index]) { index += 1 }
                builder.add(start..<index, .syntaxNumber)
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                while index < content.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(content[index]) { index += 1 }
                builder.add(start..<index, .syntaxLiteral)
            default:
                index += 1
                builder.add(start..<index, .plain)
            }
        }
        return builder.runs
    }

    /// Just past the string opening at `start`, or the end of a line cut inside it.
    private static func stringEnd(_ content: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < content.count {
            switch content[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return content.count
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        byte.isDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
    }
}
