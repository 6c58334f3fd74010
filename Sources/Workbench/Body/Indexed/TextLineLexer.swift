/// Lines of text found again in a body's bytes, as ``TextBodyFormatter`` splits them.
enum TextLineLexer {
    /// The line read from `position`: up to a line feed, without it or a carriage return before it.
    static func line(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> SourceLine {
        let feed = bytes.firstIndex(of: UInt8(ascii: "\n"), from: position) ?? bytes.count
        let contentEnd = feed > position && bytes[feed - 1] == UInt8(ascii: "\r") ? feed - 1 : feed
        return SourceLine(position: position, end: min(feed + 1, bytes.count), depth: 0, nesting: 0, key: nil,
                          value: position..<contentEnd, isEmptyContainer: false, comma: nil, nestingBefore: 0)
    }
}
