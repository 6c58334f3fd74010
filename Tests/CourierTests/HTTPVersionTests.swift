import Courier
import Foundation
import Testing

/// ``HTTPVersionPreference`` and ``ConnectionRoute`` against nginx: HTTP/2 over TLS (ALPN), h2c
/// with prior knowledge, HTTP/1.1 on request, one connection for the requests to one origin,
/// and routing by resolve, connect-to and a Unix socket.
@Suite(.serialized) struct HTTPVersionTests {
    private static let servers = """
        server {
            listen 127.0.0.1:PORT1 ssl http2;
            location / { return 200 "$server_protocol connection $connection"; }
        }
        server {
            listen 127.0.0.1:PORT2 http2;
            location / { return 200 "$server_protocol connection $connection"; }
        }
        server {
            listen unix:SOCKET;
            location / { return 200 "$server_protocol over the socket"; }
        }
        """

    private struct Servers {
        let fixture: MutualTLSFixture
        let tls: Int
        let cleartext: Int
        var socket: String { fixture.path("nginx/http.sock") }
    }

    private static func withNginx(_ body: (Servers) async throws -> Void) async throws {
        let nginx = try MutualTLSFixture.nginx()
        let fixture = try MutualTLSFixture()
        defer { fixture.stop() }
        let blocks = servers.replacingOccurrences(of: "SOCKET", with: fixture.path("nginx/http.sock"))
        let ports = try fixture.startNginx(nginx, servers: blocks, ports: 2)
        try await body(Servers(fixture: fixture, tls: ports[0], cleartext: ports[1]))
    }

    private static func agent() -> NetworkAgent {
        let config = NetworkConfig()
        config.proxy = .none
        return NetworkAgent(config: config)
    }

    private static func request(_ url: String, agent: NetworkAgent, _ servers: Servers,
                                _ configure: (inout ConfigurableRequest.Definition) -> Void = { _ in }) -> ConfigurableRequest {
        let request = ConfigurableRequest(url)
        request.definition.tlsPolicy = TLSPolicy(caFile: servers.fixture.path("ca.pem"))
        request.definition.responseSerializer = .auto
        configure(&request.definition)
        request.agent = agent
        return request
    }

    @Test func httpsNegotiatesHTTP2UnlessHTTP1IsAskedFor() async throws {
        try await Self.withNginx { servers in
            let agent = Self.agent()
            let automatic = Self.request("https://127.0.0.1:\(servers.tls)/", agent: agent, servers)
            try await automatic.run()
            #expect(automatic.metrics?.httpVersion == "HTTP/2")
            #expect(automatic.response?.httpVersion == "HTTP/2")
            #expect(automatic.responseString?.hasPrefix("HTTP/2.0 ") == true)
            let old = Self.request("https://127.0.0.1:\(servers.tls)/", agent: agent, servers) { $0.httpVersion = .http1_1 }
            try await old.run()
            #expect(old.metrics?.httpVersion == "HTTP/1.1")
            #expect(old.responseString?.hasPrefix("HTTP/1.1 ") == true)
        }
    }

    @Test func cleartextHTTP2NeedsPriorKnowledge() async throws {
        try await Self.withNginx { servers in
            let agent = Self.agent()
            let prior = Self.request("http://127.0.0.1:\(servers.cleartext)/", agent: agent, servers) { $0.httpVersion = .http2PriorKnowledge }
            try await prior.run()
            #expect(prior.metrics?.httpVersion == "HTTP/2")
            #expect(prior.responseString?.hasPrefix("HTTP/2.0 ") == true)
            // Without prior knowledge plain http is HTTP/1.1, which nginx's h2c port does not
            // speak. A new agent: the first one's HTTP/2 connection would be reused.
            let plain = Self.request("http://127.0.0.1:\(servers.cleartext)/", agent: Self.agent(), servers)
            await #expect(throws: RequestError.self) { try await plain.run() }
            #expect(plain.error?.code == .badServerResponse)
        }
    }

    /// One connection carries the requests to one origin: sequential ones reuse it, and
    /// concurrent ones are multiplexed on it as HTTP/2 streams.
    @Test func requestsToOneOriginShareAConnection() async throws {
        try await Self.withNginx { servers in
            let agent = Self.agent()
            let url = "https://127.0.0.1:\(servers.tls)/"
            let first = Self.request(url, agent: agent, servers)
            try await first.run()
            #expect(first.metrics?.connectionReused == false)
            let together = (0..<4).map { _ in Self.request(url, agent: agent, servers) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for request in together { group.addTask { try await request.run() } }
                try await group.waitForAll()
            }
            let connections = Set(([first] + together).compactMap { $0.responseString?.split(separator: " ").last })
            #expect(connections.count == 1, "\(([first] + together).map { $0.responseString ?? "" })")
            #expect(together.allSatisfy { $0.metrics?.connectionReused == true && $0.metrics?.httpVersion == "HTTP/2" })
        }
    }

    @Test func resolveConnectToAndAUnixSocketRouteTheRequest() async throws {
        try await Self.withNginx { servers in
            let agent = Self.agent()
            // The certificate names 127.0.0.1 and localhost: the URL keeps `localhost` (its TLS
            // name), resolve decides the address.
            let resolved = Self.request("https://localhost:\(servers.tls)/", agent: agent, servers) {
                $0.connectionRoute = ConnectionRoute(resolve: ["localhost:\(servers.tls):127.0.0.1"])
            }
            try await resolved.run()
            #expect(resolved.metrics?.remoteAddress == "127.0.0.1")
            let unknown = Self.request("http://api.courier.invalid/", agent: agent, servers) {
                $0.connectionRoute = ConnectionRoute(connectTo: ["api.courier.invalid:80:127.0.0.1:\(servers.cleartext)"])
                $0.httpVersion = .http2PriorKnowledge
            }
            try await unknown.run()
            #expect(unknown.responseString?.hasPrefix("HTTP/2.0 connection") == true)
            let socket = Self.request("http://courier.invalid/", agent: agent, servers) {
                $0.connectionRoute = ConnectionRoute(unixSocket: servers.socket)
            }
            try await socket.run()
            #expect(socket.responseString == "HTTP/1.1 over the socket")
            let unrouted = Self.request("http://api.courier.invalid/", agent: agent, servers)
            await #expect(throws: RequestError.self) { try await unrouted.run() }
        }
    }
}
