/// A client certificate for mutual TLS (`CURLOPT_SSLCERT`, `SSLKEY`, `KEYPASSWD`).
public struct ClientCertificate: Sendable, Hashable, Codable {
    /// The file formats libcurl's OpenSSL reads a certificate from.
    public enum Format: String, Sendable, Hashable, Codable {
        /// PEM; the key may be in the same file or in ``ClientCertificate/keyFile``.
        case pem = "PEM"
        /// PKCS#12 (`.p12`/`.pfx`): certificate and key in one file, under ``ClientCertificate/keyPassword``.
        case pkcs12 = "P12"
    }

    /// The certificate's file (PEM, or PKCS#12 holding the key too).
    public var certificateFile: String
    /// The private key's file; nil: in the certificate's file.
    public var keyFile: String?
    /// The passphrase of an encrypted key or PKCS#12 file; never shown in clear.
    public var keyPassword: String?
    /// The certificate file's format; by default from its name (`.p12`, `.pfx`: PKCS#12).
    public var format: Format

    /// `format` defaults to PKCS#12 for a `.p12`/`.pfx` file, PEM otherwise.
    public init(certificateFile: String, keyFile: String? = nil, keyPassword: String? = nil, format: Format? = nil) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.keyPassword = keyPassword
        let lowered = certificateFile.lowercased()
        self.format = format ?? (lowered.hasSuffix(".p12") || lowered.hasSuffix(".pfx") ? .pkcs12 : .pem)
    }
}
