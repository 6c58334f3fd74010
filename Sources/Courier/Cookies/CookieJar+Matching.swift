import Foundation

/// The cookies a jar would send with a request to a URL, for transfers libcurl does not make
/// (a WebSocket handshake on swift-nio): libcurl's own cookie engine answers only its transfers.
extension CookieJar {
    /// The `Cookie` header for `url` (`name=value; name2=value2`), or nil when no cookie
    /// applies: the cookies whose domain and path match (RFC 6265 §5.1.3, §5.1.4), secure ones
    /// only over `https`/`wss`, none expired; longer paths first, as libcurl orders them.
    public func cookieHeader(for url: String) -> String? {
        guard let components = URLComponents(string: url), let host = components.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        let scheme = components.scheme?.lowercased() ?? ""
        let secure = scheme == "https" || scheme == "wss"
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let matching = cookies.filter { cookie in
            (secure || !cookie.isSecure) && cookie.matches(host: host) && cookie.matches(path: path)
        }
        guard !matching.isEmpty else { return nil }
        return matching.sorted { $0.path.count > $1.path.count }.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }
}

extension Cookie {
    /// Domain-matching: the host itself, or one of its subdomains when the cookie names a domain.
    func matches(host: String) -> Bool {
        let domain = domain.lowercased()
        if host == domain { return true }
        return includesSubdomains && host.hasSuffix("." + domain)
    }

    /// Path-matching: the cookie's path is the request path, or a prefix of it ending at a `/`.
    func matches(path requestPath: String) -> Bool {
        let cookiePath = path.isEmpty ? "/" : path
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).first == "/"
    }
}
