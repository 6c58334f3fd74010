/// Where the demo server's TLS listeners are and the files a client needs for them.
public struct DemoTLSEndpoints: Sendable, Hashable {
    /// `https://127.0.0.1:PORT`: HTTP/2 or HTTP/1.1 by ALPN, no client certificate asked for.
    public let baseURL: String
    /// `https://127.0.0.1:PORT` of the listener that requires a client certificate signed by
    /// the demo CA (``DemoTLSFiles/clientCertificateFile``) and refuses the handshake without one.
    public let clientCertificateBaseURL: String
    /// `http://127.0.0.1:PORT` of the listener that speaks HTTP/2 without TLS (prior
    /// knowledge, no HTTP/1.1): the gRPC service's plaintext target, `{{demoGRPC}}`.
    public let plaintextHTTP2BaseURL: String
    /// The CA, client certificate and key.
    public let files: DemoTLSFiles
}
