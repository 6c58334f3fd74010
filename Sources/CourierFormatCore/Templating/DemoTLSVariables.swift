/// The embedded demo server's TLS listeners as built-in variables, beside `{{demo}}`:
/// `{{demoTLS}}` (HTTPS with HTTP/2 by ALPN), `{{demoMTLS}}` (the same, requiring a client
/// certificate), `{{demoCA}}` (the CA file to verify both with), `{{demoClientCert}}` and
/// `{{demoClientKey}}` (a client certificate of that CA and its key), and `{{demoGRPC}}`
/// (plaintext HTTP/2, where its gRPC service is called without TLS).
public struct DemoTLSVariables: Sendable, Hashable, Codable {
    public var baseURL: String
    public var clientCertificateBaseURL: String
    /// The plaintext HTTP/2 listener, `http://127.0.0.1:PORT`: `{{demoGRPC}}`.
    public var plaintextHTTP2BaseURL: String?
    public var caFile: String
    public var clientCertificateFile: String
    public var clientKeyFile: String

    public init(baseURL: String, clientCertificateBaseURL: String, caFile: String, clientCertificateFile: String, clientKeyFile: String,
                plaintextHTTP2BaseURL: String? = nil) {
        self.baseURL = baseURL
        self.clientCertificateBaseURL = clientCertificateBaseURL
        self.plaintextHTTP2BaseURL = plaintextHTTP2BaseURL
        self.caFile = caFile
        self.clientCertificateFile = clientCertificateFile
        self.clientKeyFile = clientKeyFile
    }

    /// The built-in names these values answer.
    package static let names: Set<String> = ["demoTLS", "demoMTLS", "demoCA", "demoClientCert", "demoClientKey", "demoGRPC"]

    /// The value of one of ``names``; nil for any other name.
    package func value(of name: String) -> String? {
        switch name {
        case "demoTLS": baseURL
        case "demoMTLS": clientCertificateBaseURL
        case "demoCA": caFile
        case "demoClientCert": clientCertificateFile
        case "demoClientKey": clientKeyFile
        case "demoGRPC": plaintextHTTP2BaseURL
        default: nil
        }
    }
}
