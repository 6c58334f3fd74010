import CourierWorkspace

extension FormattedBody {
    /// Where the value at `path` starts in a complete JSON body, as a match for the viewer to
    /// move to (its line, the value's part of it); nil when the body is not JSON, not laid out
    /// whole yet, or has nothing at `path`.
    func match(at path: JSONPath) -> BodyMatch? {
        guard kind == .json, isComplete else { return nil }
        return store.text.withUnsafeBufferPointer { text -> BodyMatch? in
            guard let value = try? JSONPathWalker(text: text).valueRange(at: path) else { return nil }
            let line = store.line(containing: value.lowerBound)
            let content = store.contentRange(of: line)
            let end = max(value.lowerBound + 1, min(value.upperBound, content.upperBound))
            return BodyMatch(line: line, range: (value.lowerBound - content.lowerBound)..<(end - content.lowerBound))
        }
    }
}
