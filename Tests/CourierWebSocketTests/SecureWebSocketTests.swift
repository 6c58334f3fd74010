import Courier
import CourierWebSocket
import Foundation
import Synchronization
import Testing

/// `wss://` against the `websockets` package's server (Python's ssl, a server nobody here
/// wrote) with a CA and certificates openssl makes for the test: the request's TLS settings
/// apply to the session — its CA file, its client certificate (PEM with an encrypted key, or
/// PKCS#12) — and
/// verification is on by default.
@Suite struct SecureWebSocketTests {
    /// A CA, a server certificate for 127.0.0.1 and a client certificate with an encrypted key.
    struct Certificates {
        let directory: URL
        static let keyPassword = "hunter2"
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        init() async throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-wss-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: directory.appendingPathComponent("server.ext").path, atomically: true, encoding: .utf8)
            let steps: [[String]] = [
                ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=Courier wss CA", "-keyout", "ca.key", "-out", "ca.pem"],
                ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr"],
                ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "1",
                 "-extfile", "server.ext", "-out", "server.pem"],
                ["req", "-newkey", "rsa:2048", "-subj", "/CN=courier-ws-client", "-passout", "pass:\(Self.keyPassword)",
                 "-keyout", "client.key", "-out", "client.csr"],
                ["x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "1", "-out", "client.pem"],
                ["pkcs12", "-export", "-in", "client.pem", "-inkey", "client.key", "-passin", "pass:\(Self.keyPassword)",
                 "-out", "client.p12", "-passout", "pass:\(Self.keyPassword)"],
            ]
            for step in steps {
                let arguments = step.map { $0.hasSuffix(".pem") || $0.hasSuffix(".p12") || $0.hasSuffix(".key") || $0.hasSuffix(".csr") || $0.hasSuffix(".ext") ? path($0) : $0 }
                let (status, output) = try await ChildProcess.finish(["/usr/bin/openssl"] + arguments)
                guard status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: output]) }
            }
        }
    }

    /// The events a request's stream handler got, as `< name text` / `> name text`.
    final class Transcript: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ event: StreamEvent) {
            lines.withLock { $0.append("\(event.direction == .sent ? ">" : "<") \(event.name ?? "") \(event.text)") }
        }
    }

    private func session(_ url: String, tls: TLSPolicy?) async throws -> (ConfigurableRequest, Transcript) {
        let request = ConfigurableRequest(url)
        request.definition.externalTransport = WebSocketTransport(script: [.text("over tls"), .text("close")])
        request.definition.tlsPolicy = tls
        request.agent = NetworkAgent(config: NetworkConfig())
        let transcript = Transcript()
        request.streamEventHandler = { _, event in transcript.append(event) }
        _ = try? await request.run()
        return (request, transcript)
    }

    @Test func theRequestsCAAndClientCertificateApplyToWSS() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
            try Test.cancel("openssl is not installed (apt-get install openssl)")
        }
        let certificates = try await Certificates()
        defer { try? FileManager.default.removeItem(at: certificates.directory) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/servers/websockets_server.py").path
        let portFile = certificates.path("port")
        guard let server = await HTTPBinServer.startPython("websockets", { [script, "\($0)", "--tls", certificates.path("server.pem"),
                                                                           certificates.path("server.key"), portFile, certificates.path("ca.pem")] }) else {
            try Test.cancel("the websockets package is unavailable (scripts/test-servers-bootstrap.sh installs it into .build/test-venv)")
        }
        defer { server.stop() }
        let port = try #require(Int(try String(contentsOfFile: portFile, encoding: .utf8)), "the fixture writes its TLS port before it answers")
        // A host name: swift-websocket 1.6 puts the host in SNI, which refuses an address (a clear error, below).
        let url = "wss://localhost:\(port)/echo"
        let client = ClientCertificate(certificateFile: certificates.path("client.pem"), keyFile: certificates.path("client.key"),
                                                 keyPassword: Certificates.keyPassword)

        var trusted = TLSPolicy()
        trusted.caFile = certificates.path("ca.pem")
        trusted.clientCertificate = client
        let (request, transcript) = try await session(url, tls: trusted)
        #expect(request.error == nil && request.responseStatusCode == 101, "\(String(describing: request.error))")
        #expect(transcript.all.filter { $0.hasPrefix("<") } == ["< text auth: ", "< text client: courier-ws-client", "< text over tls",
                                                                 "< close 4001 asked"], "\(transcript.all)")

        var bundled = TLSPolicy()
        bundled.caFile = certificates.path("ca.pem")
        bundled.clientCertificate = ClientCertificate(certificateFile: certificates.path("client.p12"), keyPassword: Certificates.keyPassword)
        let (fromBundle, bundleTranscript) = try await session(url, tls: bundled)
        #expect(fromBundle.error == nil, "\(String(describing: fromBundle.error))")
        #expect(bundleTranscript.all.contains("< text client: courier-ws-client"), "a PKCS#12 bundle: \(bundleTranscript.all)")

        // The system's roots do not know the test CA: verification is on unless the request turns it off.
        var unknownCA = TLSPolicy()
        unknownCA.clientCertificate = client
        let (refused, nothing) = try await session(url, tls: unknownCA)
        let error = try #require(refused.error)
        #expect(error.family == .transport && "\(error.message)".lowercased().contains("certificate"), "\(error)")
        #expect(nothing.all.isEmpty)

        // The server asks for a client certificate: without one the handshake fails.
        var anonymous = TLSPolicy()
        anonymous.caFile = certificates.path("ca.pem")
        let (rejected, _) = try await session(url, tls: anonymous)
        #expect(rejected.error != nil && rejected.responseStatusCode != 101, "\(String(describing: rejected.error))")

        let (address, _) = try await session("wss://127.0.0.1:\(port)/echo", tls: trusted)
        #expect(address.error?.message.contains("wss:// to an IP address is not supported") == true, "\(String(describing: address.error))")
    }
}
