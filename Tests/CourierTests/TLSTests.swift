import Courier
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A self-signed HTTPS server on loopback (`openssl s_server -www`), for TLS verification.
final class SelfSignedServer {
    let directory: URL
    let certificate: URL
    let port: Int
    private let process: ChildProcess

    /// The certificate the server shows.
    enum Certificate {
        /// For 127.0.0.1, valid for a day.
        case valid
        /// For 127.0.0.1, valid only on 1 January 2020.
        case expired
        /// Valid, but for another host name.
        case wrongHost
    }

    init(_ kind: Certificate = .valid) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("cert.pem")
        let key = directory.appendingPathComponent("key.pem")
        let (subject, name) = kind == .wrongHost ? ("/CN=other.example", "DNS:other.example") : ("/CN=127.0.0.1", "IP:127.0.0.1")
        if kind == .expired {
            // `req -x509` takes no past dates; `ca -selfsign` does.
            let request = directory.appendingPathComponent("req.csr")
            try "01\n".write(to: directory.appendingPathComponent("serial"), atomically: true, encoding: .utf8)
            try "".write(to: directory.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
            try """
            [ca]
            default_ca = own
            [own]
            database = \(directory.path)/index.txt
            new_certs_dir = \(directory.path)
            serial = \(directory.path)/serial
            default_md = sha256
            policy = any
            copy_extensions = copy
            [any]
            commonName = supplied
            """.write(to: directory.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
            try Self.openssl(["req", "-new", "-newkey", "rsa:2048", "-nodes", "-subj", subject, "-addext", "subjectAltName=\(name)",
                              "-keyout", key.path, "-out", request.path])
            try Self.openssl(["ca", "-config", directory.appendingPathComponent("ca.cnf").path, "-selfsign", "-keyfile", key.path,
                              "-in", request.path, "-startdate", "20200101000000Z", "-enddate", "20200102000000Z", "-batch",
                              "-out", certificate.path])
        } else {
            try Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", subject,
                              "-addext", "subjectAltName=\(name)", "-keyout", key.path, "-out", certificate.path])
        }
        port = try Self.freeLoopbackPort()
        process = try ChildProcess.start(["/usr/bin/openssl", "s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate.path,
                                          "-key", key.path, "-www"])
        // s_server's stdout is block-buffered into a pipe, so its ACCEPT line cannot be awaited:
        // wait until the port takes a connection instead (bounded: 250 × 20 ms).
        for _ in 0..<250 {
            if Self.acceptsConnections(port: port) { return }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        stop()
        throw CocoaError(.fileReadUnknown)
    }

    var url: String { "https://127.0.0.1:\(port)/" }

    /// libcurl's pin for the server's public key: `sha256//<base64>`.
    func publicKeyPin() throws -> String {
        let script = "openssl x509 -pubkey -noout -in '\(certificate.path)' | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        let (_, output) = try ChildProcess.run(["/bin/sh", "-c", script], discardingErrors: true)
        return "sha256//" + output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        // SIGKILL: a child of the test runner may inherit an ignored SIGTERM.
        process.stop(SIGKILL)
        try? FileManager.default.removeItem(at: directory)
    }

    static func openssl(_ arguments: [String]) throws {
        guard try ChildProcess.run(["/usr/bin/openssl"] + arguments).status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    static func acceptsConnections(port: Int) -> Bool { LoopbackPorts.acceptsConnections(port: port) }

    static func freeLoopbackPort() throws -> Int { try LoopbackPorts.free() }
}

/// TLS is verified by default; a CA file or a pinned key makes a self-signed server trusted.
@Suite(.serialized) struct TLSTests {
    private func request(_ url: String, policy: TLSPolicy?) -> ConfigurableRequest {
        let request = ConfigurableRequest(url)
        request.definition.responseSerializer = .raw
        request.definition.tlsPolicy = policy
        let config = NetworkConfig()
        config.proxy = .none
        request.agent = NetworkAgent(config: config)
        return request
    }

    @Test func selfSignedCertificateFailsByDefaultAndPassesWithItsCA() async throws {
        let server = try SelfSignedServer()
        defer { server.stop() }

        let untrusted = request(server.url, policy: nil)
        await #expect(throws: RequestError.self) { try await untrusted.run() }
        expectEqual(untrusted.error?.code, .serverCertificateUntrusted)
        expectEqual(untrusted.error?.curlCode, 60)

        let trusted = request(server.url, policy: TLSPolicy(caFile: server.certificate.path))
        try await trusted.run()
        expectEqual(trusted.responseStatusCode, 200)
        #expect((trusted.metrics?.tlsHandshake ?? 0) > 0)
    }

    @Test func pinnedPublicKeyIsEnforced() async throws {
        let server = try SelfSignedServer()
        defer { server.stop() }

        let pinned = request(server.url, policy: TLSPolicy(caFile: server.certificate.path, pinnedPublicKey: try server.publicKeyPin()))
        try await pinned.run()
        expectEqual(pinned.responseStatusCode, 200)

        let wrongPin = "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
        let mismatched = request(server.url, policy: TLSPolicy(caFile: server.certificate.path, pinnedPublicKey: wrongPin))
        await #expect(throws: RequestError.self) { try await mismatched.run() }
        expectEqual(mismatched.error?.code, .serverCertificateUntrusted)
        expectEqual(mismatched.error?.curlCode, 90)
    }

    @Test func anExpiredCertificateFailsAndSaysSo() async throws {
        let server = try SelfSignedServer(.expired)
        defer { server.stop() }
        let expired = request(server.url, policy: TLSPolicy(caFile: server.certificate.path))
        await #expect(throws: RequestError.self) { try await expired.run() }
        expectEqual(expired.error?.code, .serverCertificateUntrusted)
        #expect(expired.error?.message.contains("expired") == true, "\(expired.error?.message ?? "")")
    }

    @Test func aCertificateForAnotherHostFailsAndSaysSo() async throws {
        let server = try SelfSignedServer(.wrongHost)
        defer { server.stop() }
        let wrongHost = request(server.url, policy: TLSPolicy(caFile: server.certificate.path))
        await #expect(throws: RequestError.self) { try await wrongHost.run() }
        expectEqual(wrongHost.error?.code, .serverCertificateUntrusted)
        #expect(wrongHost.error?.message.contains("127.0.0.1") == true, "\(wrongHost.error?.message ?? "")")
        #expect(wrongHost.error?.message.contains("another host") == true, "\(wrongHost.error?.message ?? "")")
    }
}
