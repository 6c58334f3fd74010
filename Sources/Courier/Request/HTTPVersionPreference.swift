/// Which HTTP version a request asks for (`CURLOPT_HTTP_VERSION`). The version a response
/// came over is ``TransferMetrics/httpVersion``.
public enum HTTPVersionPreference: String, Sendable, Hashable, CaseIterable {
    /// HTTP/2 over TLS when the server offers it (ALPN), HTTP/1.1 otherwise: the default.
    case auto
    /// HTTP/1.1 only.
    case http1_1 = "1.1"
    /// HTTP/2 over TLS, and an `Upgrade: h2c` offer over plain HTTP.
    case http2 = "2"
    /// HTTP/2 from the first byte, without negotiating (h2c or TLS): the server must speak it.
    case http2PriorKnowledge = "2-prior-knowledge"
}

/// Where a request connects instead of what its URL's host resolves to; the URL (and so the
/// `Host` header, the TLS name and cookies) stays as written.
public struct ConnectionRoute: Sendable, Hashable {
    /// `host:port:address[,address…]` entries that pre-fill the DNS cache (`CURLOPT_RESOLVE`).
    public var resolve: [String]
    /// `host:port:connect-host:connect-port` entries (`CURLOPT_CONNECT_TO`); an empty part
    /// matches any host or port, or keeps the URL's.
    public var connectTo: [String]
    /// A Unix domain socket to talk HTTP over instead of TCP (`CURLOPT_UNIX_SOCKET_PATH`).
    public var unixSocket: String?

    /// A route; with no arguments, none (the URL's host is resolved and connected to as usual).
    public init(resolve: [String] = [], connectTo: [String] = [], unixSocket: String? = nil) {
        self.resolve = resolve
        self.connectTo = connectTo
        self.unixSocket = unixSocket
    }

    /// No entry: the URL's host is resolved and connected to.
    public var isEmpty: Bool { resolve.isEmpty && connectTo.isEmpty && unixSocket == nil }
}
