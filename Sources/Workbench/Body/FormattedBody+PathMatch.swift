import CourierWorkspace

extension FormattedBody {
    /// Where the value at `path` starts in a complete JSON body, as a match for the viewer to
    /// move to (its line, the value's part of it); nil when the body is not JSON, not laid out
    /// whole yet, or has nothing at `path`.
    func match(at path: JSONPath) -> BodyMatch? {
        guard kind == .json, isComplete else { return nil }
        let store: LineStore
        switch lines {
        case .stored(let stored): store = stored
        case .indexed(let indexed): return indexed.match(at: path)
        }
        return store.text.withUnsafeBufferPointer { text -> BodyMatch? in
            guard let value = try? JSONPathWalker(text: text).valueRange(at: path) else { return nil }
            let line = store.line(containing: value.lowerBound)
            let content = store.contentRange(of: line)
            let end = max(value.lowerBound + 1, min(value.upperBound, content.upperBound))
            return BodyMatch(line: line, range: (value.lowerBound - content.lowerBound)..<(end - content.lowerBound))
        }
    }
}

extension IndexedLines {
    /// Where the value at `path` starts, as a match (its line, the value's part of it).
    func match(at path: JSONPath) -> BodyMatch? {
        guard let value = withBytes({ try? JSONPathWalker(text: $0).valueRange(at: path) }),
              let (line, start) = line(containing: value.lowerBound), let start else { return nil }
        let shown = self.line(line)
        let last = min(value.upperBound, shown.value.upperBound) - 1
        let end = withBytes { JSONLineLexer.contentOffset(of: last, in: shown, bytes: $0) }.map { $0 + 1 } ?? start + 1
        return BodyMatch(line: line, range: start..<max(end, start + 1))
    }
}
