#if DemoTLS
import Hummingbird
import HummingbirdHTTP2
import Logging
import NIOSSL

/// The demo server's two TLS listeners, serving the same routes and state as its plain one:
/// HTTP/2 negotiated by ALPN (`h2`, falling back to `http/1.1`), one listener open to any
/// client and one requiring a client certificate. The CA and certificates are made at start.
/// Beside them, a third: plaintext HTTP/2 (prior knowledge, as gRPC's `http://` targets
/// speak it), where the gRPC service is called without TLS.
struct DemoTLSListeners: Sendable {
    let endpoints: DemoTLSEndpoints
    private let group: ListeningGroup

    /// Starts both on free ports of `host`, their files in a new directory under `parent`.
    static func start(host: String, state: DemoServerState, filesIn parent: String) async throws -> DemoTLSListeners {
        let authority = try DemoCertificateAuthority()
        let server = try authority.issueServerCertificate()
        let files = try DemoTLSFiles(in: parent, authority: authority, client: try authority.issueClientCertificate())
        do {
            let open = try configuration(server: server, trusting: nil)
            let requiring = try configuration(server: server, trusting: authority.certificatePEM)
            let group = try await ListeningGroup.start(count: 3, logger: DemoServer.logger) { onListening in
                [
                    DemoServer.makeApplication(host: host, port: 0, state: state, server: try .http2Upgrade(tlsConfiguration: open)) {
                        onListening(0, $0)
                    },
                    DemoServer.makeApplication(host: host, port: 0, state: state, server: try .http2Upgrade(tlsConfiguration: requiring)) {
                        onListening(1, $0)
                    },
                    DemoServer.makeApplication(host: host, port: 0, state: state, server: .plaintextHTTP2()) { onListening(2, $0) },
                ]
            }
            let authority = host.contains(":") ? "[\(host)]" : host
            let endpoints = DemoTLSEndpoints(baseURL: "https://\(authority):\(group.ports[0])",
                                             clientCertificateBaseURL: "https://\(authority):\(group.ports[1])",
                                             plaintextHTTP2BaseURL: "http://\(authority):\(group.ports[2])", files: files)
            return DemoTLSListeners(endpoints: endpoints, group: group)
        } catch {
            files.remove()
            throw error
        }
    }

    /// Stops both listeners and removes the files.
    func stop() async {
        await group.stop(gracePeriod: DemoServer.shutdownGracePeriod)
        endpoints.files.remove()
    }

    /// The server side's TLS: the demo server certificate, and with `clientCA` a client
    /// certificate signed by it required (verified without a host name: clients have none).
    private static func configuration(server: DemoCertificateAuthority.Issued, trusting clientCA: String?) throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(server.certificatePEM.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(server.privateKeyPEM.utf8), format: .pem))
        )
        if let clientCA {
            // TLS 1.2: a missing certificate is refused within the handshake, which a client
            // reports as such; under TLS 1.3 the refusal comes after it, and the connection
            // may be gone before the client reads why (seen as "connection lost" here).
            configuration.maximumTLSVersion = .tlsv12
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = .certificates([try NIOSSLCertificate(bytes: Array(clientCA.utf8), format: .pem)])
        }
        return configuration
    }
}
#endif
