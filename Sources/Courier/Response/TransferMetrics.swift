/// Timings and sizes of one transfer, read from libcurl when it finishes. Times are seconds
/// from the start of the transfer, so they grow phase by phase:
/// `nameLookup ≤ connect ≤ tlsHandshake ≤ preTransfer ≤ firstByte ≤ total`.
public struct TransferMetrics: Sendable, Hashable, Codable {
    /// DNS resolution done (`CURLINFO_NAMELOOKUP_TIME_T`).
    public var nameLookup: Double = 0
    /// TCP connection established (`CURLINFO_CONNECT_TIME_T`).
    public var connect: Double = 0
    /// TLS handshake done; 0 for plain HTTP (`CURLINFO_APPCONNECT_TIME_T`).
    public var tlsHandshake: Double = 0
    /// About to send the request (`CURLINFO_PRETRANSFER_TIME_T`).
    public var preTransfer: Double = 0
    /// First response byte received (`CURLINFO_STARTTRANSFER_TIME_T`).
    public var firstByte: Double = 0
    /// Whole transfer, redirects included (`CURLINFO_TOTAL_TIME_T`).
    public var total: Double = 0
    /// Time spent in redirects before the final exchange.
    public var redirect: Double = 0
    /// Redirects followed before the final exchange.
    public var redirectCount: Int = 0
    /// "HTTP/1.1", "HTTP/2", …
    public var httpVersion: String = ""
    /// Request body bytes sent.
    public var bytesSent: Int64 = 0
    /// Request line and header bytes sent, of every request the transfer issued
    /// (`CURLINFO_REQUEST_SIZE`).
    public var requestHeaderBytes: Int64 = 0
    /// Response body bytes received (after decompression).
    public var bytesReceived: Int64 = 0
    /// Response header bytes received.
    public var headerBytes: Int64 = 0
    /// The IP address the transfer connected to (the proxy's through a proxy); nil when none was
    /// reached.
    public var remoteAddress: String?
    /// The port the transfer connected to; nil when none was reached.
    public var remotePort: Int?
    /// True when an existing connection was reused (no new connect).
    public var connectionReused: Bool = false

    /// Metrics with every field at zero, to be filled in: the transport fills them from
    /// libcurl, an external transport (a WebSocket session) from its own counts.
    public init() {}
}
