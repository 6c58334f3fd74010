extension DisplayWidth {
    /// `text` fitted to `columns` for a one-line message: when it is too long, its first
    /// absolute path (`/…` up to a space) first loses its head (`…/courier/config.yaml:3:3:`),
    /// down to its last 24 characters, and only then is the message cut at its end. A
    /// message says where and then what: a long directory should not push the reason off
    /// the line.
    package static func fittedShorteningPath(_ text: String, to columns: Int) -> String {
        let excess = of(text) - columns
        guard excess > 0 else { return text }
        guard let start = pathStart(in: text) else { return truncated(text, to: columns) }
        let end = text[start...].firstIndex(where: \.isWhitespace) ?? text.endIndex
        let path = text[start..<end]
        let kept = max(min(path.count, 24), path.count - excess - 1)
        guard kept < path.count else { return truncated(text, to: columns) }
        let shortened = text[..<start] + "…" + path.suffix(kept) + text[end...]
        return truncated(String(shortened), to: columns)
    }

    /// Where the first absolute path starts: a `/` at the start or after a space, followed by
    /// more of the path with another `/` in it.
    private static func pathStart(in text: String) -> String.Index? {
        var index = text.startIndex
        while let slash = text[index...].firstIndex(of: "/") {
            let atWordStart = slash == text.startIndex || text[text.index(before: slash)].isWhitespace
            let rest = text[text.index(after: slash)...].prefix(while: { !$0.isWhitespace })
            if atWordStart, rest.contains("/") { return slash }
            index = text.index(after: slash)
        }
        return nil
    }
}
