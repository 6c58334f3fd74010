/// Header lists from imported documents (Postman, HAR) made fit for a workspace, whose
/// `headers:` is a mapping: a name may appear once.
enum ImportedHeaders {
    /// `headers` with a repeated name (case-insensitively) merged into its first row, the
    /// values joined by `, ` (as RFC 9110 allows for lists) or, for `Cookie`, by `; `.
    /// Also returns the names that were merged.
    static func merged(_ headers: [(name: String, value: String)]) -> (headers: [(name: String, value: String)], repeated: [String]) {
        var result: [(name: String, value: String)] = []
        var repeated: [String] = []
        for header in headers {
            let lower = header.name.lowercased()
            guard let index = result.firstIndex(where: { $0.name.lowercased() == lower }) else {
                result.append(header)
                continue
            }
            result[index].value += (lower == "cookie" ? "; " : ", ") + header.value
            if !repeated.contains(result[index].name) { repeated.append(result[index].name) }
        }
        return (result, repeated)
    }
}
