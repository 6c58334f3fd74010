#if DemoTLS
import Foundation
import NIOSSL

/// TLS for another of Courier's loopback servers (`courier mock --tls`): a CA made now, a
/// server certificate it signs for 127.0.0.1, ::1 and localhost, and the CA's file (owner-only,
/// in a new directory under `parent`) for clients to trust. ALPN offers `h2` and `http/1.1`.
package struct LoopbackServerTLS: Sendable {
    /// The CA's certificate, PEM: what a client trusts (`curl --cacert`, `REQUESTS_CA_BUNDLE`).
    package var caFile: String { files.caFile }
    package let configuration: TLSConfiguration
    private let files: DemoTLSFiles

    package init(filesIn parent: String = NSTemporaryDirectory()) throws {
        let authority = try DemoCertificateAuthority()
        let server = try authority.issueServerCertificate()
        files = try DemoTLSFiles(in: parent, authority: authority, client: try authority.issueClientCertificate())
        configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(server.certificatePEM.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(server.privateKeyPEM.utf8), format: .pem))
        )
    }

    /// Removes the CA's directory.
    package func remove() {
        files.remove()
    }
}
#endif
