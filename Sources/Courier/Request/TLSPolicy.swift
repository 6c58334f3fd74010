/// How a request checks the server's TLS identity. Verification is on by default; a request
/// may override the config's policy (YTK's per-request self-signed and pinning requests).
public struct TLSPolicy: Sendable, Hashable, Codable {
    /// Verify the certificate chain against the trusted CAs.
    public var verifyPeer: Bool
    /// Verify that the certificate names the host.
    public var verifyHost: Bool
    /// A PEM file of CA certificates to trust instead of the system's.
    public var caFile: String?
    /// libcurl's pinned public key: a PEM/DER file path, or `sha256//<base64>` hashes joined by `;`.
    public var pinnedPublicKey: String?
    /// The certificate this side presents when the server asks for one (mutual TLS).
    public var clientCertificate: ClientCertificate?

    /// A policy; with no arguments, full verification against the system's CAs (``default``).
    public init(verifyPeer: Bool = true, verifyHost: Bool = true, caFile: String? = nil, pinnedPublicKey: String? = nil,
                clientCertificate: ClientCertificate? = nil) {
        self.verifyPeer = verifyPeer
        self.verifyHost = verifyHost
        self.caFile = caFile
        self.pinnedPublicKey = pinnedPublicKey
        self.clientCertificate = clientCertificate
    }

    /// Verify peer and host against the system's CAs.
    public static let `default` = TLSPolicy()
    /// No verification at all. Only for local development against self-signed servers.
    public static let insecure = TLSPolicy(verifyPeer: false, verifyHost: false)
}
