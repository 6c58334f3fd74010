#if DemoTLS
import CCourierCrypto
import Courier
import Foundation

/// A certificate authority made when a demo server starts, and the certificates it issues:
/// the TLS listeners' server certificate (for 127.0.0.1, ::1 and localhost) and a client
/// certificate for the listener that requires one. Nothing is kept after the server stops,
/// so a client trusts the demo server only through the CA file of this run. Keys are P-256,
/// certificates v3 signed with ECDSA and SHA-256, made by the system's libcrypto.
package struct DemoCertificateAuthority: Sendable {
    /// A certificate and its private key, both PEM.
    package struct Issued: Sendable {
        package let certificatePEM: String
        package let privateKeyPEM: String
    }

    /// The authority's own certificate, PEM: what a client trusts.
    package let certificatePEM: String
    /// The authority's private key, PEM: `courier record` keeps it, owner-only.
    package let privateKeyPEM: String

    /// How long the certificates are valid: a demo server runs for a session, not for days.
    static let validity: TimeInterval = 7 * 24 * 3600
    /// Before now, so that a client whose clock is a little behind accepts them.
    static let backdating: TimeInterval = 3600

    /// What went wrong making a key or a certificate, as libcrypto said it.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The demo server's authority, valid for ``validity``.
    init(now: Date = Date()) throws {
        try self.init(subject: "/O=Courier demo server/CN=Courier demo CA", validity: Self.validity, now: now)
    }

    /// A new authority named `subject` (`/O=…/CN=…`), valid for `validity` seconds.
    package init(subject: String, validity: TimeInterval, now: Date = Date()) throws {
        privateKeyPEM = try Self.newKey()
        certificatePEM = try Self.issue(key: privateKeyPEM, subject: subject, signedBy: privateKeyPEM, issuer: nil, now: now,
                                        validity: validity, extensions: [
                                            "basicConstraints=critical,CA:TRUE,pathlen:0",
                                            "keyUsage=critical,keyCertSign,cRLSign",
                                            "subjectKeyIdentifier=hash",
                                        ])
    }

    /// An authority made earlier, from its certificate and key (PEM); they are checked when
    /// the first certificate it issues is used.
    package init(certificatePEM: String, privateKeyPEM: String) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }

    /// A server certificate for `host`: a DNS name, or an IPv4 or IPv6 address.
    package func issueServerCertificate(forHost host: String, validity: TimeInterval, now: Date = Date()) throws -> Issued {
        let isAddress = host.contains(":") || (!host.isEmpty && host.allSatisfy { $0.isNumber || $0 == "." })
        let commonName = host.count <= 64 ? host : "courier-record"
        return try issue(commonName: commonName, usage: "serverAuth", alternativeNames: (isAddress ? "IP:" : "DNS:") + host,
                         validity: validity, now: now)
    }

    /// The server certificate of the TLS listeners: loopback addresses and `localhost`.
    func issueServerCertificate(now: Date = Date()) throws -> Issued {
        try issue(commonName: "127.0.0.1", usage: "serverAuth", alternativeNames: "DNS:localhost,IP:127.0.0.1,IP:::1", validity: Self.validity,
              now: now)
    }

    /// A client certificate the listener that requires one accepts.
    func issueClientCertificate(now: Date = Date()) throws -> Issued {
        try issue(commonName: "courier-demo-client", usage: "clientAuth", alternativeNames: nil, validity: Self.validity, now: now)
    }

    private func issue(commonName: String, usage: String, alternativeNames: String?, validity: TimeInterval, now: Date) throws -> Issued {
        let key = try Self.newKey()
        var extensions = [
            "basicConstraints=critical,CA:FALSE",
            "keyUsage=critical,digitalSignature",
            "extendedKeyUsage=\(usage)",
            "subjectKeyIdentifier=hash",
            "authorityKeyIdentifier=keyid",
        ]
        if let alternativeNames { extensions.append("subjectAltName=\(alternativeNames)") }
        let certificate = try Self.issue(key: key, subject: "/CN=\(commonName)", signedBy: privateKeyPEM, issuer: certificatePEM,
                                         now: now, validity: validity, extensions: extensions)
        return Issued(certificatePEM: certificate, privateKeyPEM: key)
    }

    private static func newKey() throws -> String {
        try taking(courier_p256_generate_pem(), "a P-256 key")
    }

    /// A v3 certificate for `key`'s public key, valid from a little before `now` for
    /// ``validity``, signed with `signedBy` as `issuer`'s subject (nil: self-signed).
    private static func issue(key: String, subject: String, signedBy issuerKey: String, issuer: String?, now: Date,
                              validity: TimeInterval, extensions: [String]) throws -> String {
        let notBefore = Int64((now - backdating).timeIntervalSince1970), notAfter = Int64((now + validity).timeIntervalSince1970)
        return try taking(courier_x509_issue(key, issuerKey, issuer, subject, notBefore, notAfter, extensions.joined(separator: "\n")),
                          "the certificate for \(subject)")
    }

    /// The string libcrypto made (and frees it), or why there is none.
    private static func taking(_ text: UnsafeMutablePointer<CChar>?, _ what: String) throws -> String {
        guard let text else { throw Failure(description: "cannot make \(what): \(CryptoError.lastReported())") }
        defer { free(text) }
        return String(cString: text)
    }
}
#endif
