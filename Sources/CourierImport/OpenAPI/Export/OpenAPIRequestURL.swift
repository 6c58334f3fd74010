import Courier
import Foundation

/// A request's URL as an OpenAPI path: the part after the base URL (or after the host of an
/// absolute URL, which becomes the path's server), `{{name}}` placeholders as `{name}` path
/// parameters, and the query it writes.
struct OpenAPIRequestURL {
    /// `/pets/{id}`.
    var path: String
    /// The parameters of `path`, in order.
    var pathParameters: [String]
    /// The query written in the URL, as name and example.
    var query: [(name: String, value: JSONValue)]
    /// The server of an absolute URL that is not under the base URL (`https://auth.example`).
    var server: String?

    /// Nil when the URL has no path to describe (a bare `{{url}}`).
    init?(_ url: String, base: String?) {
        var rest = url
        if let base, !base.isEmpty, url.hasPrefix(base) {
            rest = String(url.dropFirst(base.count))
        } else if url.contains("://") || url.hasPrefix("{{") {
            // The server is everything before the first `/` after the scheme (or the leading placeholder).
            let start = url.range(of: "://")?.upperBound ?? url.range(of: "}}")?.upperBound ?? url.startIndex
            let cut = url[start...].firstIndex { "/?".contains($0) } ?? url.endIndex
            server = String(url[..<cut])
            rest = String(url[cut...])
        }
        if rest.hasPrefix("?") || rest.isEmpty { rest = "/" + rest }
        if !rest.hasPrefix("/") { rest = "/" + rest }
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...].split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                return (name: parts[0], value: JSONValue.string(parts.count > 1 ? parts[1] : ""))
            }
            rest = String(rest[..<mark])
        } else {
            query = []
        }
        let (path, names) = Self.templated(rest)
        guard !path.contains("{}") else { return nil }
        self.path = path
        pathParameters = names
    }

    /// `{{name}}` as `{name}` (a name OpenAPI can take: anything but letters, digits, `_`, `-`
    /// and `.` as `_`), and the names in order, each once.
    static func templated(_ text: String) -> (text: String, names: [String]) {
        var result = "", names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let raw = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let name = String(raw.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || "_-.".unicodeScalars.contains($0) ? Character($0) : "_" })
            result += "{\(name)}"
            if !names.contains(name) { names.append(name) }
            rest = rest[close.upperBound...]
        }
        return (result + rest, names)
    }

    /// A base URL template as a server URL with `{variables}`, and their names.
    static func serverTemplate(_ template: String) -> (url: String, names: [String]) {
        let (url, names) = templated(template)
        return (url.hasSuffix("/") ? String(url.dropLast()) : url, names)
    }

    /// The path with its parameters' names left out: two paths with one shape are one path to OpenAPI.
    static func shape(of path: String) -> String {
        path.replacingOccurrences(of: "\\{[^}]*\\}", with: "{}", options: .regularExpression)
    }
}
