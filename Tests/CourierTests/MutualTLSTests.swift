import Courier
import Foundation
import Testing

/// Client certificates (``ClientCertificate``) against nginx with `ssl_verify_client on` and
/// against `openssl s_server`, which refuses the handshake; the errors a user meets said in words.
@Suite(.serialized) struct MutualTLSTests {
    private static let servers = """
        server {
            listen 127.0.0.1:PORT1 ssl http2;
            ssl_client_certificate CA;
            ssl_verify_client on;
            location / { return 200 "client $ssl_client_s_dn verified $ssl_client_verify"; }
        }
        """

    /// nginx requiring a certificate of the fixture's CA, and its URL; nil when nginx is missing.
    private static func withNginx(_ body: (MutualTLSFixture, String) async throws -> Void) async throws {
        let nginx = try MutualTLSFixture.nginx()
        let fixture = try MutualTLSFixture()
        defer { fixture.stop() }
        let ports = try fixture.startNginx(nginx, servers: servers.replacingOccurrences(of: "CA", with: fixture.path("ca.pem")), ports: 1)
        try await body(fixture, "https://127.0.0.1:\(ports[0])/")
    }

    private static func request(_ url: String, _ fixture: MutualTLSFixture, certificate: ClientCertificate?) -> ConfigurableRequest {
        let config = NetworkConfig()
        config.proxy = .none
        let request = ConfigurableRequest(url)
        request.definition.tlsPolicy = TLSPolicy(caFile: fixture.path("ca.pem"), clientCertificate: certificate)
        request.definition.responseSerializer = .auto
        request.agent = NetworkAgent(config: config)
        return request
    }

    @Test func aPEMCertificateWithAnEncryptedKeyAndAPKCS12FileAreAccepted() async throws {
        try await Self.withNginx { fixture, url in
            let pem = ClientCertificate(certificateFile: fixture.path("client.pem"), keyFile: fixture.path("client.key"),
                                        keyPassword: MutualTLSFixture.keyPassword)
            let p12 = ClientCertificate(certificateFile: fixture.path("client.p12"), keyPassword: MutualTLSFixture.keyPassword)
            expectEqual(p12.format, .pkcs12)
            for certificate in [pem, p12] {
                let request = Self.request(url, fixture, certificate: certificate)
                try await request.run()
                expectEqual(request.responseString, "client CN=courier-client verified SUCCESS")
            }
            let without = Self.request(url, fixture, certificate: nil)
            await #expect(throws: RequestError.self) { try await without.run() }
            #expect(without.responseStatusCode == 400, "nginx answers 400 without a certificate")
        }
    }

    @Test func theErrorsAUserMeetsAreSaidInWords() async throws {
        try await Self.withNginx { fixture, url in
            let cases: [(ClientCertificate, String)] = [
                (ClientCertificate(certificateFile: fixture.path("client.pem"), keyFile: fixture.path("client.key"), keyPassword: "wrong"),
                 "its password (keyPassword) is wrong or missing, or the key does not belong to the client certificate"),
                (ClientCertificate(certificateFile: fixture.path("client.pem"), keyFile: fixture.path("client.key")),
                 "its password (keyPassword) is wrong or missing"),
                (ClientCertificate(certificateFile: fixture.path("client.pem"), keyFile: fixture.path("stranger.key")),
                 "the key does not belong to the client certificate"),
                (ClientCertificate(certificateFile: fixture.path("client.p12"), keyPassword: "wrong"),
                 "The PKCS#12 file's password (keyPassword) is wrong or missing."),
                (ClientCertificate(certificateFile: fixture.path("missing.pem")),
                 "The client certificate or key file does not exist or cannot be read."),
            ]
            for (certificate, words) in cases {
                let request = Self.request(url, fixture, certificate: certificate)
                await #expect(throws: RequestError.self) { try await request.run() }
                expectEqual(request.error?.code, .clientCertificateRejected)
                #expect(request.error?.message.contains(words) == true, "\(request.error?.message ?? "no error")")
            }
        }
    }

    @Test func aServerThatRefusesTheHandshakeIsNamed() async throws {
        let fixture = try MutualTLSFixture()
        defer { fixture.stop() }
        let port = try fixture.startStrictOpenSSLServer()
        let url = "https://127.0.0.1:\(port)/"
        let stranger = Self.request(url, fixture, certificate: ClientCertificate(certificateFile: fixture.path("stranger.pem"),
                                                                                keyFile: fixture.path("stranger.key")))
        await #expect(throws: RequestError.self) { try await stranger.run() }
        expectEqual(stranger.error?.code, .clientCertificateRejected)
        #expect(stranger.error?.message.hasPrefix("The server refused the client certificate") == true, "\(stranger.error?.message ?? "")")
        let none = Self.request(url, fixture, certificate: nil)
        await #expect(throws: RequestError.self) { try await none.run() }
        #expect(none.error?.message.hasPrefix("The server requires a client certificate and none was sent") == true,
                "\(none.error?.message ?? "")")
        let accepted = Self.request(url, fixture, certificate: ClientCertificate(certificateFile: fixture.path("client.pem"),
                                                                                 keyFile: fixture.path("client.key"),
                                                                                 keyPassword: MutualTLSFixture.keyPassword))
        try await accepted.run()
        expectEqual(accepted.responseStatusCode, 200)
    }
}
