#if DemoTLS
import Crypto
import Foundation
import X509

/// A certificate authority made when a demo server starts, and the certificates it issues:
/// the TLS listeners' server certificate (for 127.0.0.1, ::1 and localhost) and a client
/// certificate for the listener that requires one. Nothing is kept after the server stops,
/// so a client trusts the demo server only through the CA file of this run.
struct DemoCertificateAuthority {
    /// A certificate and its private key, both PEM.
    struct Issued {
        let certificatePEM: String
        let privateKeyPEM: String
    }

    let certificate: Certificate
    let certificatePEM: String
    private let privateKey: P256.Signing.PrivateKey
    private let name: DistinguishedName

    /// How long the certificates are valid: a demo server runs for a session, not for days.
    static let validity: TimeInterval = 7 * 24 * 3600
    /// Before now, so that a client whose clock is a little behind accepts them.
    static let backdating: TimeInterval = 3600

    init(now: Date = Date()) throws {
        privateKey = P256.Signing.PrivateKey()
        name = try DistinguishedName {
            OrganizationName("Courier demo server")
            CommonName("Courier demo CA")
        }
        let publicKey = Certificate.PublicKey(privateKey.publicKey)
        certificate = try Self.sign(publicKey, subject: name, issuer: name, key: privateKey, now: now, extensions: try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            SubjectKeyIdentifier(hash: publicKey)
        })
        certificatePEM = try certificate.serializeAsPEM().pemString
    }

    /// The server certificate of the TLS listeners: loopback addresses and `localhost`.
    func issueServerCertificate(now: Date = Date()) throws -> Issued {
        try issue(commonName: "127.0.0.1", usage: .serverAuth, alternativeNames: [
            .dnsName("localhost"),
            .ipAddress(.init(contentBytes: [127, 0, 0, 1])),
            .ipAddress(.init(contentBytes: [UInt8](repeating: 0, count: 15) + [1])),
        ], now: now)
    }

    /// A client certificate the listener that requires one accepts.
    func issueClientCertificate(now: Date = Date()) throws -> Issued {
        try issue(commonName: "courier-demo-client", usage: .clientAuth, alternativeNames: [], now: now)
    }

    private func issue(commonName: String, usage: ExtendedKeyUsage.Usage, alternativeNames: [GeneralName],
                       now: Date) throws -> Issued {
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let authorityKey = try certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        let subject = try DistinguishedName { CommonName(commonName) }
        let issued = try Self.sign(publicKey, subject: subject, issuer: name, key: privateKey, now: now, extensions: try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([usage])
            SubjectKeyIdentifier(hash: publicKey)
            AuthorityKeyIdentifier(keyIdentifier: authorityKey)
            if !alternativeNames.isEmpty { SubjectAlternativeNames(alternativeNames) }
        })
        return Issued(certificatePEM: try issued.serializeAsPEM().pemString, privateKeyPEM: key.pemRepresentation)
    }

    /// A v3 certificate for `publicKey`, valid from a little before `now` for ``validity``,
    /// signed with `key` (ECDSA with SHA-256).
    private static func sign(_ publicKey: Certificate.PublicKey, subject: DistinguishedName, issuer: DistinguishedName,
                             key: P256.Signing.PrivateKey, now: Date, extensions: Certificate.Extensions) throws -> Certificate {
        try Certificate(version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
                        notValidBefore: now - backdating, notValidAfter: now + validity, issuer: issuer, subject: subject,
                        signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: Certificate.PrivateKey(key))
    }
}
#endif
