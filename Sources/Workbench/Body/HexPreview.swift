import CourierWorkspace

/// A binary body as `hexdump -C` shows it: a line giving its size, then sixteen bytes per line,
/// as hex and as characters, for the first 64 KiB.
///
///     00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|
enum HexPreview {
    static let previewBytes = 64 * 1024

    static func format(
        _ bytes: UnsafeBufferPointer<UInt8>, byteCount: Int, mediaType: String?, lineLimit: Int?
    ) -> (lines: LineStore, isComplete: Bool) {
        var lines = LineStore(flavor: nil, tracksDepth: false)
        var summary = "binary body"
        if let mediaType { summary += " · \(mediaType)" }
        summary += " · \(HumanReport.size(byteCount))"
        if byteCount >= 1024 { summary += " (\(byteCount.groupedDigits) bytes)" }
        if bytes.count > previewBytes { summary += " · the first 64 KiB shown" }
        lines.startLine(flavor: .note)
        lines.append(Array(summary.utf8))
        let shown = min(bytes.count, previewBytes)
        for offset in stride(from: 0, to: shown, by: 16) {
            if let lineLimit, lines.lineCount >= lineLimit { return (lines, false) }
            lines.startLine(flavor: .hex)
            lines.append(hexLine(UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + 16, shown)]), offset: offset))
        }
        return (lines, true)
    }

    /// Offset dim, bytes plain, characters as a string.
    static func runs(_ content: [UInt8]) -> [StyleRun] {
        var builder = StyleRunBuilder()
        builder.add(0..<min(8, content.count), .dim)
        builder.add(min(8, content.count)..<min(charactersStart, content.count), .plain)
        builder.add(min(charactersStart, content.count)..<content.count, .syntaxString)
        return builder.runs
    }

    /// Where ` |…|` starts: offset, two spaces, sixteen bytes of three columns, a middle space.
    private static let charactersStart = 8 + 2 + 16 * 3 + 1

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func hexLine(_ chunk: UnsafeBufferPointer<UInt8>, offset: Int) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(charactersStart + 18)
        for shift in stride(from: 28, through: 0, by: -4) { line.append(hexDigits[(offset >> shift) & 0xF]) }
        line.append(contentsOf: "  ".utf8)
        for position in 0..<16 {
            if position < chunk.count {
                line.append(hexDigits[Int(chunk[position] >> 4)])
                line.append(hexDigits[Int(chunk[position] & 0xF)])
            } else {
                line.append(contentsOf: "  ".utf8)
            }
            line.append(UInt8(ascii: " "))
            if position == 7 { line.append(UInt8(ascii: " ")) }
        }
        line.append(contentsOf: " |".utf8)
        for byte in chunk { line.append(byte >= 0x20 && byte < 0x7F ? byte : UInt8(ascii: ".")) }
        line.append(UInt8(ascii: "|"))
        return line
    }
}
