@testable import Courier
import Foundation
import Synchronization
import Testing

/// A load run against nginx over TLS: HTTP/2 negotiated by ALPN runs the requests in flight as
/// streams of one connection; HTTP/1.1 asked for gives each request in flight its own.
@Suite(.serialized) struct LoadOverTLSTests {
    /// Every sample, kept (the driver calls `record` on its queue, one at a time).
    private final class Samples: LoadSampleSink {
        private let kept = Mutex<[LoadSample]>([])
        func record(_ sample: LoadSample) { kept.withLock { $0.append(sample) } }
        var all: [LoadSample] { kept.withLock { $0 } }
    }

    private static func run(_ url: String, caFile: String, version: HTTPVersionPreference) async -> [LoadSample] {
        var request = PreparedRequest(url: url, method: .get, headers: [], body: nil, timeoutInterval: 15,
                                      tlsPolicy: TLSPolicy(caFile: caFile), proxy: .none, userAgent: "courier-test")
        request.httpVersion = version
        let samples = Samples()
        let driver = LoadDriver(plan: LoadPlan(model: .closed(concurrency: 8), requests: 400), requests: [request], sink: samples)
        _ = await driver.run()
        return samples.all
    }

    @Test func requestsInFlightShareOneHTTP2ConnectionUnlessHTTP1IsAskedFor() async throws {
        let nginx = try MutualTLSFixture.nginx()
        let fixture = try MutualTLSFixture()
        defer { fixture.stop() }
        let port = try fixture.startNginx(nginx, servers: """
            server {
                listen 127.0.0.1:PORT1 ssl http2;
                location / { return 200 "$server_protocol"; }
            }
            """, ports: 1)[0]
        let url = "https://127.0.0.1:\(port)/"

        let multiplexed = await Self.run(url, caFile: fixture.path("ca.pem"), version: .auto)
        expectEqual(multiplexed.count, 400)
        #expect(multiplexed.allSatisfy { $0.status == 200 && $0.error == nil }, "\(multiplexed.first { $0.status != 200 }?.error?.message ?? "")")
        #expect(multiplexed.allSatisfy { $0.httpVersion == "HTTP/2" })
        #expect(multiplexed.filter(\.newConnection).count == 1, "eight streams, one connection")
        #expect(multiplexed.contains { $0.newConnection && $0.tlsHandshake > 0 })

        let separate = await Self.run(url, caFile: fixture.path("ca.pem"), version: .http1_1)
        expectEqual(separate.count, 400)
        #expect(separate.allSatisfy { $0.status == 200 && $0.httpVersion == "HTTP/1.1" })
        let connections = separate.filter(\.newConnection).count
        #expect(connections > 1 && connections <= 8, "a connection for each request in flight: \(connections)")
    }
}
