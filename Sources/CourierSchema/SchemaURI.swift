/// URI references as JSON Schema uses them for `$id`, `$ref` and `$dynamicRef`: resolution
/// against a base (RFC 3986 §5.2, for any scheme, `urn:` included) and the split into the
/// resource URI and the fragment.
enum SchemaURI {
    /// The URI that `reference` names when read against `base`.
    static func resolve(_ reference: String, against base: String) -> String {
        let r = Parts(reference)
        if r.scheme != nil { return r.with(path: removeDotSegments(r.path)).text }
        var t = Parts(base)
        t.fragment = r.fragment
        if r.authority != nil {
            t.authority = r.authority
            t.path = removeDotSegments(r.path)
            t.query = r.query
        } else if r.path.isEmpty {
            if r.query != nil { t.query = r.query }
        } else {
            t.path = removeDotSegments(r.path.hasPrefix("/") ? r.path : merge(base: t, path: r.path))
            t.query = r.query
        }
        return t.text
    }

    /// The URI without its fragment, and the fragment (nil when there is none; `#` alone gives "").
    static func split(_ uri: String) -> (resource: String, fragment: String?) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }

    /// A URI's generic components.
    private struct Parts {
        var scheme: String?
        var authority: String?
        var path = ""
        var query: String?
        var fragment: String?

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let mark = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: mark)...])
                rest = rest[..<mark]
            }
            if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
               rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                authority = String(rest[..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        func with(path: String) -> Parts { var copy = self; copy.path = path; return copy }

        var text: String {
            var out = ""
            if let scheme { out += scheme + ":" }
            if let authority { out += "//" + authority }
            out += path
            if let query { out += "?" + query }
            if let fragment { out += "#" + fragment }
            return out
        }
    }

    private static func merge(base: Parts, path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return base.path[...slash] + path
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var absolute = false
        if input.hasPrefix("/") { absolute = true; input = input.dropFirst() }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            switch segment {
            case ".": if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default: output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }
}
