import CourierDemoServer
import Foundation
import Testing

@Suite("Counters, documents and lifecycle")
struct MiscEndpointTests {
    @Test("counters increment, peek and reset")
    func counter() async throws {
        try await withDemoServer { _, client in
            expectEqual(try await client.request("/counter/jobs").json["count"] as? Int, 1)
            expectEqual(try await client.request("/counter/jobs", method: "POST").json["count"] as? Int, 2)
            expectEqual(try await client.request("/counter/other").json["count"] as? Int, 1)
            expectEqual(try await client.request("/counter/jobs/peek").json["count"] as? Int, 2)
            expectEqual(try await client.request("/counter/jobs/peek").json["count"] as? Int, 2)
            let reset = try await client.request("/counter/jobs", method: "DELETE")
            expectEqual(reset.status, 200)
            expectEqual(try await client.request("/counter/jobs/peek").json["count"] as? Int, 0)
        }
    }

    @Test("fail=K answers with the failure status for the first K calls")
    func counterFailures() async throws {
        try await withDemoServer { _, client in
            let statuses = try await (1...4).asyncMap { _ in
                try await client.request("/counter/flaky?fail=2&status=500")
            }
            expectEqual(statuses.map(\.status), [500, 500, 200, 200])
            expectEqual(statuses[0].json["failed"] as? Bool, true)
            expectEqual(statuses[3].json["count"] as? Int, 4)
            let defaultStatus = try await client.request("/counter/flaky2?fail=1")
            expectEqual(defaultStatus.status, 503)
        }
    }

    @Test("fixed documents have the right types and sizes")
    func documents() async throws {
        try await withDemoServer { _, client in
            let small = try await client.request("/small.json")
            expectEqual(small.body.count, 1024)
            expectEqual(small.header("Content-Type"), "application/json")
            expectEqual(small.json["name"] as? String, "small.json")
            let json = try await client.request("/json")
            let slides = (json.json["slideshow"] as? [String: Any])?["slides"] as? [[String: Any]]
            expectEqual(slides?.count, 2)
            let xml = try await client.request("/xml")
            expectEqual(xml.header("Content-Type"), "application/xml")
            #expect(xml.text.hasPrefix("<?xml"))
            let html = try await client.request("/html")
            expectEqual(html.header("Content-Type"), "text/html; charset=utf-8")
            #expect(html.text.contains("<h1>"))
        }
    }

    @Test("/drip sends exactly N bytes over the duration")
    func drip() async throws {
        try await withDemoServer { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await client.request("/drip?bytes=20&duration=0.2")
            #expect(clock.now - start >= .milliseconds(200))
            expectEqual(result.header("Content-Length"), "20")
            expectEqual(result.body, Data(repeating: UInt8(ascii: "*"), count: 20))
        }
    }

    @Test("start reports the bound port, stop is idempotent and closes the listener")
    func lifecycle() async throws {
        let server = try await DemoServer.start()
        #expect(server.port > 0)
        expectEqual(server.baseURL, "http://127.0.0.1:\(server.port)")
        let client = HTTPTestClient(baseURL: server.baseURL)
        expectEqual(try await client.request("/get").status, 200)
        await server.stop()
        await server.stop()
        let afterStop = try await client.request("/get")
        #expect(afterStop.error != nil)
        expectEqual(afterStop.status, 0)
    }

    @Test("starting on a port that is in use throws")
    func portInUse() async throws {
        let server = try await DemoServer.start()
        await #expect(throws: (any Error).self) {
            let clash = try await DemoServer.start(port: server.port)
            await clash.stop()
        }
        await server.stop()
    }

    @Test("the request log keeps only the newest 1000 requests")
    func requestLogBound() async throws {
        try await withDemoServer { server, client in
            // Each 50 requests go in parallel to keep the test fast.
            for batch in 0..<21 {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<50 {
                        group.addTask { _ = try await client.request("/get?n=\(batch * 50 + index)") }
                    }
                    try await group.waitForAll()
                }
            }
            let log = server.requestLog
            expectEqual(log.count, 1000)
            #expect(log.allSatisfy { $0.path == "/get" })
        }
    }
}

extension Sequence where Element: Sendable {
    /// Maps sequentially with an async transform.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
