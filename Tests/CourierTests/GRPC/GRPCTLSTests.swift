import Courier
import Foundation
import Testing

/// gRPC over TLS: HTTP/2 by ALPN (no prior knowledge), the server's certificate verified, and
/// a client certificate presented to a grpcio server that requires one.
@Suite struct GRPCTLSTests {
    private static func call(_ server: GRPCPlacesServer, _ fixture: MutualTLSFixture, certificate: ClientCertificate?,
                             caFile: Bool = true) -> ConfigurableRequest {
        var definition = ConfigurableRequest.Definition()
        definition.requestURL = server.baseURL + "/courier.demo.Places/GetPlace"
        definition.grpc = GRPCCallSettings(messages: [GRPCCallTests.point(1, 2)])
        definition.tlsPolicy = TLSPolicy(caFile: caFile ? fixture.path("ca.pem") : nil, clientCertificate: certificate)
        let config = NetworkConfig()
        config.proxy = .none
        let request = ConfigurableRequest(definition)
        request.agent = NetworkAgent(config: config)
        return request
    }

    @Test func aCallOverTLSNegotiatesHTTP2AndPresentsTheClientCertificate() async throws {
        // openssl makes five keys: off the pool the tests beside this one need.
        let fixture = try await offThePool { try MutualTLSFixture() }
        defer { fixture.stop() }
        let server = try await GRPCPlacesServer.required(["--tls", fixture.path("server.pem"), fixture.path("server.key"),
                                                          "--client-ca", fixture.path("ca.pem")])
        defer { server.stop() }
        let certificate = ClientCertificate(certificateFile: fixture.path("client.pem"), keyFile: fixture.path("client.key"),
                                            keyPassword: MutualTLSFixture.keyPassword)
        let verified = Self.call(server, fixture, certificate: certificate)
        try await verified.run()
        expectEqual(verified.grpcStatus?.code, .ok)
        expectEqual(verified.metrics?.httpVersion, "HTTP/2")
        expectEqual(verified.grpcMessages.count, 1)

        // Without the certificate the server ends the connection: a transport failure, not a status.
        let anonymous = Self.call(server, fixture, certificate: nil)
        await #expect(throws: RequestError.self) { try await anonymous.run() }
        expectEqual(anonymous.error?.family, .transport)
        expectEqual(anonymous.grpcStatus, nil)

        // Verification is on: without the test CA the server's certificate is refused.
        let unverified = Self.call(server, fixture, certificate: certificate, caFile: false)
        await #expect(throws: RequestError.self) { try await unverified.run() }
        expectEqual(unverified.error?.family, .transport)
    }
}
