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
            location /slow/ { root WWW; limit_rate 8k; }
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
        // Readable by nginx's worker (nobody, when the tests run as root) whatever the umask
        // of the moment: other tests make owner-only files.
        let readable: [FileAttributeKey: Any] = [.posixPermissions: 0o755]
        for folder in ["", "www", "www/slow"] {
            try FileManager.default.createDirectory(atPath: fixture.path(folder), withIntermediateDirectories: true, attributes: readable)
            try FileManager.default.setAttributes(readable, ofItemAtPath: fixture.path(folder))
        }
        try Data(repeating: 0x2A, count: 256 * 1024).write(to: URL(fileURLWithPath: fixture.path("www/slow/body.bin")))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fixture.path("www/slow/body.bin"))
        let blocks = servers.replacingOccurrences(of: "SOCKET", with: fixture.path("nginx/http.sock"))
            .replacingOccurrences(of: "WWW", with: fixture.path("www"))
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
            expectEqual(automatic.metrics?.httpVersion, "HTTP/2")
            expectEqual(automatic.response?.httpVersion, "HTTP/2")
            expectEqual(automatic.responseString?.hasPrefix("HTTP/2.0 "), true)
            let old = Self.request("https://127.0.0.1:\(servers.tls)/", agent: agent, servers) { $0.httpVersion = .http1_1 }
            try await old.run()
            expectEqual(old.metrics?.httpVersion, "HTTP/1.1")
            expectEqual(old.responseString?.hasPrefix("HTTP/1.1 "), true)
        }
    }

    @Test func cleartextHTTP2NeedsPriorKnowledge() async throws {
        try await Self.withNginx { servers in
            let agent = Self.agent()
            let prior = Self.request("http://127.0.0.1:\(servers.cleartext)/", agent: agent, servers) { $0.httpVersion = .http2PriorKnowledge }
            try await prior.run()
            expectEqual(prior.metrics?.httpVersion, "HTTP/2")
            expectEqual(prior.responseString?.hasPrefix("HTTP/2.0 "), true)
            // A second one on the same agent: libcurl 7.88 fails it on the first one's
            // connection ("Error in the HTTP2 framing layer", curl #10634), so it gets its own.
            let again = Self.request("http://127.0.0.1:\(servers.cleartext)/", agent: agent, servers) { $0.httpVersion = .http2PriorKnowledge }
            try await again.run()
            expectEqual(again.metrics?.httpVersion, "HTTP/2")
            // Without prior knowledge plain http is HTTP/1.1, which nginx's h2c port does not
            // speak. A new agent: the first one's HTTP/2 connection would be reused.
            let plain = Self.request("http://127.0.0.1:\(servers.cleartext)/", agent: Self.agent(), servers)
            await #expect(throws: RequestError.self) { try await plain.run() }
            expectEqual(plain.error?.code, .badServerResponse)
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
            expectEqual(first.metrics?.connectionReused, false)
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

    /// Requests started together to an HTTPS origin nobody is connected to yet wait for the
    /// first connection's handshake (CURLOPT_PIPEWAIT) and then share it, instead of each
    /// opening a connection of its own.
    @Test func requestsStartedTogetherShareTheFirstConnection() async throws {
        try await Self.withNginx { servers in
            let agent = Self.agent()
            let together = (0..<4).map { _ in Self.request("https://127.0.0.1:\(servers.tls)/", agent: agent, servers) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for request in together { group.addTask { try await request.run() } }
                try await group.waitForAll()
            }
            let connections = Set(together.compactMap { $0.responseString?.split(separator: " ").last })
            #expect(connections.count == 1, "\(together.map { $0.responseString ?? "" })")
            #expect(together.filter { $0.metrics?.connectionReused == false }.count == 1)
        }
    }

    /// The record table says which connection each transfer runs on: transfers running at
    /// once on one HTTP/2 connection have the same ends, which is how In flight tells that
    /// they are multiplexed (libcurl 7.88 has no connection id).
    @Test func theRecordTableShowsTransfersSharingAnHTTP2Connection() async throws {
        try await Self.withNginx { servers in
            let agent = Self.agent()
            let warm = Self.request("https://127.0.0.1:\(servers.tls)/", agent: agent, servers)
            try await warm.run()
            let (received, receiving) = AsyncStream<Void>.makeStream()
            let slow = (0..<3).map { _ in Self.request("https://127.0.0.1:\(servers.tls)/slow/body.bin", agent: agent, servers) }
            for request in slow {
                request.downloadProgressHandler = { report in if report.completed > 0 { receiving.yield() } }
                // One that ends (refused, failed) ends the wait: the expectations say why.
                request.start(success: { _ in receiving.finish() }, failure: { _ in receiving.finish() })
            }
            // nginx sends 8 KB a second of each 256 KB body: the three stay live for half a minute.
            let deadline = Task { try await Task.sleep(for: .seconds(20)); receiving.finish() }
            var live: [RequestRecord] = []
            for await _ in received {
                live = agent.records().filter { record in slow.contains { $0 === record.request } }
                if live.count == 3, live.allSatisfy({ $0.bytesReceived > 0 && $0.connection?.httpVersion != nil }) { break }
            }
            deadline.cancel()
            for request in slow { request.stop() }
            #expect(live.count == 3, "\(slow.map { String(describing: $0.error) }) \(slow.map { $0.responseStatusCode })")
            let connections = live.compactMap(\.connection)
            #expect(connections.count == 3 && connections.allSatisfy { $0.isDistinguishable && $0.httpVersion == "HTTP/2" }, "\(connections)")
            #expect(Set(connections.map(\.ends)).count == 1, "\(connections.map(\.ends))")
            expectEqual(connections.first?.remotePort, servers.tls)
            #expect(connections.first.map { $0.localPort > 0 && $0.localPort != servers.tls } == true)
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
            expectEqual(resolved.metrics?.remoteAddress, "127.0.0.1")
            let unknown = Self.request("http://api.courier.invalid/", agent: agent, servers) {
                $0.connectionRoute = ConnectionRoute(connectTo: ["api.courier.invalid:80:127.0.0.1:\(servers.cleartext)"])
                $0.httpVersion = .http2PriorKnowledge
            }
            try await unknown.run()
            expectEqual(unknown.responseString?.hasPrefix("HTTP/2.0 connection"), true)
            let socket = Self.request("http://courier.invalid/", agent: agent, servers) {
                $0.connectionRoute = ConnectionRoute(unixSocket: servers.socket)
            }
            try await socket.run()
            expectEqual(socket.responseString, "HTTP/1.1 over the socket")
            let unrouted = Self.request("http://api.courier.invalid/", agent: agent, servers)
            await #expect(throws: RequestError.self) { try await unrouted.run() }
        }
    }
}
