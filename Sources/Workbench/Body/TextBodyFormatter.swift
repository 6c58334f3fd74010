import CourierWorkspace

/// Splits text into lines at line feeds, dropping a carriage return before one; a final line
/// feed ends the last line rather than starting an empty one.
enum TextBodyFormatter {
    static func format(_ bytes: UnsafeBufferPointer<UInt8>, lineLimit: Int?) -> (lines: LineStore, isComplete: Bool) {
        var lines = LineStore(flavor: .text, tracksDepth: false, expectedBytes: lineLimit == nil ? bytes.count : 0)
        var start = 0
        while start < bytes.count {
            if let lineLimit, lines.lineCount >= lineLimit { return (lines, false) }
            let end = bytes.firstIndex(of: UInt8(ascii: "\n"), from: start) ?? bytes.count
            let contentEnd = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            lines.startLine()
            lines.append(UnsafeBufferPointer(rebasing: bytes[start..<contentEnd]))
            start = end + 1
        }
        return (lines, true)
    }
}
