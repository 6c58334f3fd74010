#if DemoTLS
import Courier
import Foundation
import Testing
@testable import CourierDemoServer

/// The demo server's TLS listeners against libcurl (the engine): HTTP/2 by ALPN with
/// verification on against the CA made at start, and the listener that requires a client
/// certificate refusing a request without one.
@Suite("Demo server TLS listeners")
struct DemoTLSListenerTests {
    private static func request(_ url: String, caFile: String?, certificate: ClientCertificate? = nil,
                                _ configure: (inout ConfigurableRequest.Definition) -> Void = { _ in }) -> ConfigurableRequest {
        let config = NetworkConfig()
        config.proxy = .none
        let request = ConfigurableRequest(url)
        request.definition.tlsPolicy = TLSPolicy(caFile: caFile, clientCertificate: certificate)
        request.definition.responseSerializer = .auto
        configure(&request.definition)
        request.agent = NetworkAgent(config: config)
        return request
    }

    /// Runs `body` with a demo server's TLS listeners (and plaintext HTTP/2 one), stopped after.
    static func withTLSServer(_ body: (DemoTLSEndpoints) async throws -> Void) async throws {
        let server = try await DemoServer.start(tls: true)
        do {
            let tls = try #require(server.tls, "TLS listeners did not start: \(server.tlsFailure ?? "no reason")")
            try await body(tls)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("HTTPS negotiates HTTP/2 by ALPN, verified against the demo CA; HTTP/1.1 when asked for")
    func http2ByALPN() async throws {
        try await Self.withTLSServer { tls in
            let automatic = Self.request(tls.baseURL + "/get?via=tls", caFile: tls.files.caFile)
            try await automatic.run()
            expectEqual(automatic.responseStatusCode, 200)
            expectEqual(automatic.metrics?.httpVersion, "HTTP/2")
            #expect(automatic.responseString?.contains("\"via\"") == true, "the demo routes answer over TLS")
            let old = Self.request(tls.baseURL + "/get", caFile: tls.files.caFile) { $0.httpVersion = .http1_1 }
            try await old.run()
            expectEqual(old.metrics?.httpVersion, "HTTP/1.1")
        }
    }

    @Test("verification stays on: without the demo CA the server certificate is untrusted")
    func verificationNeedsTheDemoCA() async throws {
        try await Self.withTLSServer { tls in
            let untrusted = Self.request(tls.baseURL + "/get", caFile: nil)
            await #expect(throws: RequestError.self) { try await untrusted.run() }
            #expect(untrusted.error?.code == .serverCertificateUntrusted, "\(untrusted.error?.message ?? "no error")")
            // By name too: the certificate is for localhost as well as 127.0.0.1.
            let port = try #require(URLComponents(string: tls.baseURL)?.port)
            let byName = Self.request("https://localhost:\(port)/get", caFile: tls.files.caFile)
            try await byName.run()
            expectEqual(byName.responseStatusCode, 200)
        }
    }

    @Test("the client-certificate listener refuses a request without one and serves one with the demo CA's")
    func clientCertificateRequired() async throws {
        try await Self.withTLSServer { tls in
            let without = Self.request(tls.clientCertificateBaseURL + "/get", caFile: tls.files.caFile)
            await #expect(throws: RequestError.self) { try await without.run() }
            // TLS 1.2 on this listener: the refusal is a handshake failure, said with its likely cause.
            #expect(without.error?.code == .secureConnectionFailed, "\(without.error?.message ?? "no error")")
            expectEqual(without.error?.message.contains("may require a client certificate (tls.clientCert)"), true)
            let certificate = ClientCertificate(certificateFile: tls.files.clientCertificateFile, keyFile: tls.files.clientKeyFile)
            let with = Self.request(tls.clientCertificateBaseURL + "/get", caFile: tls.files.caFile, certificate: certificate)
            try await with.run()
            expectEqual(with.responseStatusCode, 200)
            expectEqual(with.metrics?.httpVersion, "HTTP/2")
            // The open listener does not ask for one.
            let open = Self.request(tls.baseURL + "/get", caFile: tls.files.caFile, certificate: certificate)
            try await open.run()
            expectEqual(open.responseStatusCode, 200)
        }
    }

    @Test("the files are the owner's only and go when the server stops; no TLS unless asked for")
    func filesAndLifecycle() async throws {
        let plain = try await DemoServer.start()
        #expect(plain.tls == nil && plain.tlsFailure == nil)
        await plain.stop()
        let server = try await DemoServer.start(tls: true)
        let files = try #require(server.tls?.files)
        let key = try FileManager.default.attributesOfItem(atPath: files.clientKeyFile)
        expectEqual((key[.posixPermissions] as? Int), 0o600)
        let directory = try FileManager.default.attributesOfItem(atPath: files.directory)
        expectEqual((directory[.posixPermissions] as? Int), 0o700)
        #expect(try String(contentsOfFile: files.caFile, encoding: .utf8).hasPrefix("-----BEGIN CERTIFICATE-----"))
        await server.stop()
        #expect(!FileManager.default.fileExists(atPath: files.directory))
    }

    @Test("when the TLS listeners cannot start, the plain server runs and says why")
    func tlsFailureLeavesThePlainServer() async throws {
        let server = try await DemoServer.start(host: "127.0.0.1", port: 0, tlsFilesIn: "/nonexistent-courier-directory")
        expectEqual(server.tls, nil)
        #expect(server.tlsFailure?.contains("TLS files cannot be written") == true, "\(server.tlsFailure ?? "no reason")")
        let plain = Self.request(server.baseURL + "/get", caFile: nil)
        try await plain.run()
        expectEqual(plain.responseStatusCode, 200)
        await server.stop()
    }
}
#endif
