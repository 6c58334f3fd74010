import Foundation

extension Contract {
    /// Whether this contract judges a request sent to `url` (absolute, as sent): one under a
    /// server its `servers` name with a host (`https://{region}.api.example/v2`: a `{variable}`
    /// stands for anything within its part of the URL), or under `baseURL` — the base URL that
    /// goes with the contract (the folder's that names it, else the workspace's). With neither
    /// a server with a host nor a base URL, every request is the contract's.
    ///
    /// So a token endpoint on another host, or a second service under a folder with its own
    /// base URL, shares a workspace with a contract without being called "not in the contract".
    package func owns(url: String, baseURL: String?) -> Bool {
        let absoluteServers = servers.filter { $0.contains("://") }
        let base = baseURL.flatMap { $0.isEmpty ? nil : $0 }
        if absoluteServers.isEmpty, base == nil { return true }
        let target = Self.comparable(url)
        if let base, Self.isUnder(target, prefix: Self.comparable(base)) { return true }
        return absoluteServers.contains { Self.isUnder(target, template: Self.comparable($0)) }
    }

    /// A URL with its scheme and host in lower case and no trailing `/`, for comparing.
    private static func comparable(_ url: String) -> String {
        var text = url
        if let schemeEnd = text.range(of: "://") {
            let hostEnd = text[schemeEnd.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
            text = text[..<hostEnd].lowercased() + text[hostEnd...]
        }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Whether `url` is `prefix` or goes on past it at a `/`, `?` or `#`.
    private static func isUnder(_ url: String, prefix: String) -> Bool {
        guard url.hasPrefix(prefix) else { return false }
        guard let next = url.dropFirst(prefix.count).first else { return true }
        return "/?#".contains(next)
    }

    /// ``isUnder(_:prefix:)`` for a server URL with `{variables}`, each matching any run of
    /// characters other than `/`, `?` and `#`.
    private static func isUnder(_ url: String, template: String) -> Bool {
        guard template.contains("{") else { return isUnder(url, prefix: template) }
        var pattern = "^"
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "[^/?#]*"
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "(?:[/?#]|$)"
        return url.range(of: pattern, options: .regularExpression) != nil
    }
}
