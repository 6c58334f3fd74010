extension IndexedLines {
    /// The first `limit` occurrences of `needle` among the lines indexed, each within one line's
    /// content as it is shown: the body's bytes are searched as they are, and a match is kept
    /// where its bytes are shown together (not one that spans a line break or whitespace the
    /// layout drops, so a query with the `": "` the layout writes after a name finds only
    /// bodies written that way).
    func matches(of needle: [UInt8], caseInsensitive: Bool, limit: Int) -> [BodyMatch] {
        guard !needle.isEmpty, limit > 0, lineCount > 0 else { return [] }
        return withBytes { bytes in
            var found: [BodyMatch] = []
            var lineIndex = 0
            var current = line(0, in: bytes)
            var position = 0
            while found.count < limit, let start = bytes.firstIndex(of: needle, from: position, caseInsensitive: caseInsensitive) {
                let last = start + needle.count - 1
                if start >= current.end {
                    // Far ahead: from the checkpoint before it rather than line by line.
                    let checkpoint = checkpoints.index(atOrBeforeOffset: start)
                    if checkpoints[checkpoint].line > lineIndex {
                        lineIndex = checkpoints[checkpoint].line
                        current = line(lineIndex, in: bytes)
                    }
                    while start >= current.end, current.end < bytes.count {
                        lineIndex += 1
                        guard lineIndex < lineCount else { return found }
                        current = line(lineIndex, in: bytes)
                    }
                }
                if let first = JSONLineLexer.contentOffset(of: start, in: current, bytes: bytes),
                   JSONLineLexer.contentOffset(of: last, in: current, bytes: bytes) == first + needle.count - 1 {
                    found.append(BodyMatch(line: lineIndex, range: first..<(first + needle.count)))
                    position = start + needle.count
                } else {
                    position = start + 1
                }
            }
            return found
        }
    }
}
