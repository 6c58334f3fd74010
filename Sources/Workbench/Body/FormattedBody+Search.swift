import CourierWorkspace

/// Where a search query occurs in a formatted body.
package struct BodyMatch: Sendable, Hashable {
    /// The line, as an index into the body.
    package let line: Int
    /// The match within the line's content, indentation excluded, in UTF-8 bytes.
    package let range: Range<Int>
}

extension FormattedBody {
    /// The first `limit` occurrences of `query` in the lines' text, in order, not overlapping
    /// and each within one line. `caseInsensitive` folds ASCII letters only. A byte search over
    /// the whole body at once: no line is made into a string.
    package func matches(of query: String, caseInsensitive: Bool, limit: Int) -> [BodyMatch] {
        let needle = Array(query.utf8)
        guard !needle.isEmpty, limit > 0 else { return [] }
        let store: LineStore
        switch lines {
        case .indexed(let indexed): return indexed.matches(of: needle, caseInsensitive: caseInsensitive, limit: limit)
        case .stored(let stored): store = stored
        }
        return store.text.withUnsafeBufferPointer { text in
            var found: [BodyMatch] = []
            var position = 0
            while found.count < limit, let start = text.firstIndex(of: needle, from: position, caseInsensitive: caseInsensitive) {
                let line = store.line(containing: start)
                let content = store.contentRange(of: line)
                guard start + needle.count <= content.upperBound else {
                    position = start + 1
                    continue
                }
                let offset = start - content.lowerBound
                found.append(BodyMatch(line: line, range: offset..<(offset + needle.count)))
                position = start + needle.count
            }
            return found
        }
    }
}
