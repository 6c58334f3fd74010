/// The connection a transfer runs on, as libcurl reports it when the request goes out (its
/// `CURLOPT_PREREQFUNCTION`): the local and remote ends, and the HTTP version once the
/// response's status line shows it.
///
/// libcurl 7.88 has no connection id (`CURLINFO_CONN_ID` came in 8.2), but a TCP connection
/// is its two ends: live transfers with equal ends share one connection, which under HTTP/2
/// means they are multiplexed on it.
public struct TransferConnection: Sendable, Hashable {
    /// The local end's IP address, as text.
    public var localAddress: String
    /// The local end's port; 0 on a Unix socket.
    public var localPort: Int
    /// The remote end's IP address, as text: the proxy's when the request goes through one.
    public var remoteAddress: String
    /// The remote end's port; 0 on a Unix socket.
    public var remotePort: Int
    /// "HTTP/1.1", "HTTP/2", … from the first status line; nil until it arrives.
    public var httpVersion: String?

    /// A connection with the given ends, and the HTTP version when it is known.
    public init(localAddress: String, localPort: Int, remoteAddress: String, remotePort: Int, httpVersion: String? = nil) {
        self.localAddress = localAddress
        self.localPort = localPort
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
        self.httpVersion = httpVersion
    }

    /// The two ends, without the version: equal for transfers on one connection.
    public var ends: String { "\(localAddress):\(localPort)→\(remoteAddress):\(remotePort)" }

    /// Whether the ends tell this connection from others: a Unix socket's ports are 0, so its
    /// transfers cannot be told apart. Two live transfers with equal, telling ends share one
    /// connection at once, which only HTTP/2 (and later) does: they are multiplexed on it,
    /// whether or not their responses have shown the version yet.
    public var isDistinguishable: Bool { localPort > 0 && remotePort > 0 }
}
