/// Adding an encoded query to a URL: after its query (`&`) or path (`?`), before its fragment.
public enum URLQuery {
    /// `url` with `query` (already encoded, `a=1&b=2`) added; `url` itself when `query` is empty.
    public static func appending(_ query: String, to url: String) -> String {
        guard !query.isEmpty else { return url }
        let end = url.firstIndex(of: "#") ?? url.endIndex
        let separator = url[..<end].contains("?") ? "&" : "?"
        return String(url[..<end]) + separator + query + String(url[end...])
    }
}
