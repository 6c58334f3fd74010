import Courier
import NIOSSL

/// The request's TLS settings as NIOSSL's: verification as the request says (full by
/// default), its CA file instead of the system's, and its client certificate and key (PEM,
/// or a PKCS#12 bundle).
enum WebSocketTLS {
    static func configuration(_ policy: TLSPolicy) throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = !policy.verifyPeer ? .none : policy.verifyHost ? .fullVerification : .noHostnameVerification
        if let caFile = policy.caFile {
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
        }
        if let client = policy.clientCertificate, client.format == .pkcs12 {
            let bundle = try NIOSSLPKCS12Bundle(file: client.certificateFile, passphrase: Array((client.keyPassword ?? "").utf8))
            configuration.certificateChain = bundle.certificateChain.map { .certificate($0) }
            configuration.privateKey = .privateKey(bundle.privateKey)
        } else if let client = policy.clientCertificate {
            configuration.certificateChain = try NIOSSLCertificate.fromPEMFile(client.certificateFile).map { .certificate($0) }
            let keyFile = client.keyFile ?? client.certificateFile
            if let password = client.keyPassword {
                configuration.privateKey = .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem) { $0(Array(password.utf8)) })
            } else {
                configuration.privateKey = .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem))
            }
        }
        return configuration
    }
}
