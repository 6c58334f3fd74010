extension IndexedLines {
    /// The first `limit` occurrences of `needle` in the lines' content as it is shown, each
    /// within one line, not overlapping.
    ///
    /// The body's bytes are searched for the needle's longest word (the layout writes `": "`
    /// where the body may have `":"`, so a space can be on the screen and not in the body), and
    /// each place found is checked against its line as it is shown. So a search matches what is
    /// on the screen, for a body minified or pretty-printed; only whitespace inside that word's
    /// tokens in the body (`"id" :`) hides a match. A body mapped from a file is read through
    /// once, its pages given back as the search passes them.
    func matches(of needle: [UInt8], caseInsensitive: Bool, limit: Int) -> [BodyMatch] {
        guard !needle.isEmpty, limit > 0, lineCount > 0 else { return [] }
        // The longest word, the rarest in the body as a rule, and where it starts in the needle.
        let words = needle.indices.split { needle[$0] == UInt8(ascii: " ") }
        let longest = words.max { $0.count < $1.count }
        let key = longest.map { Array(needle[$0]) } ?? needle
        let keyOffset = longest?.first ?? 0
        return withBytes { bytes in
            var pages = PageRelease(bytes, isEnabled: releasesPages)
            var found: [BodyMatch] = []
            var lineIndex = 0
            var current = line(0, in: bytes)
            var shown: [UInt8]?
            var position = 0
            while found.count < limit, position < bytes.count {
                // A window at a time, so that the pages behind are given back as it goes.
                let windowEnd = min(position + PageRelease.step, bytes.count)
                let window = UnsafeBufferPointer(rebasing: bytes[..<min(windowEnd + key.count - 1, bytes.count)])
                guard let start = window.firstIndex(of: key, from: position, caseInsensitive: caseInsensitive), start < windowEnd else {
                    position = windowEnd
                    pages.readUpTo(position)
                    continue
                }
                position = start + 1
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
                    shown = nil
                }
                guard let keyAt = JSONLineLexer.contentOffset(of: start, in: current, bytes: bytes), keyAt >= keyOffset else { continue }
                let offset = keyAt - keyOffset
                if let last = found.last, last.line == lineIndex, offset < last.range.upperBound { continue }
                if shown == nil { shown = JSONLineLexer.content(of: current, in: bytes) }
                guard let content = shown, offset + needle.count <= content.count,
                      content[offset..<(offset + needle.count)].elementsEqual(needle, by: { Self.same($0, $1, caseInsensitive: caseInsensitive) })
                else { continue }
                found.append(BodyMatch(line: lineIndex, range: offset..<(offset + needle.count)))
            }
            return found
        }
    }

    fileprivate static func same(_ a: UInt8, _ b: UInt8, caseInsensitive: Bool) -> Bool {
        a == b || (caseInsensitive && a.isASCIILetter && a | 0x20 == b | 0x20)
    }
}
