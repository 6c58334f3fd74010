import CourierDemoServer
import Foundation
import Testing

@Suite("Load endpoints")
struct LoadRoutesTests {
    @Test("/load/ok answers a few bytes of JSON to any method")
    func ok() async throws {
        try await withDemoServer { _, client in
            let get = try await client.request("/load/ok")
            expectEqual(get.status, 200)
            #expect(get.text == "{\"ok\":true}\n")
            expectEqual(get.header("Content-Type"), "application/json")
            let post = try await client.request("/load/ok", method: "POST", body: Data("x".utf8))
            expectEqual(post.status, 200)
            let endpoints = try await client.request("/").json["endpoints"] as? [String] ?? []
            #expect(endpoints.contains("/load/ok"))
        }
    }

    @Test("/load/flaky fails every N-th request of its key with the status asked")
    func flaky() async throws {
        try await withDemoServer { _, client in
            let statuses = try await (1...6).asyncMap { _ in
                try await client.request("/load/flaky?every=3&status=500&key=a").status
            }
            expectEqual(statuses, [200, 200, 500, 200, 200, 500])
            // Another key counts on its own; the default status is 503.
            let other = try await (1...2).asyncMap { _ in try await client.request("/load/flaky?every=2&key=b") }
            expectEqual(other.map(\.status), [200, 503])
            expectEqual(other[1].json["failed"] as? Bool, true)
            expectEqual(other[1].json["count"] as? Int, 2)
            expectEqual(try await client.request("/load/flaky?every=0").status, 400)
        }
    }

    // Wall-clock bounds would measure this process's thread pool, which a full parallel test
    // run can starve for seconds: these tests check holding and releasing, with windows long
    // enough to be hit, and order rather than durations.
    @Test("/load/pause holds /load/stall of its key until the pause ends, other keys and routes not")
    func pause() async throws {
        try await withDemoServer { _, client in
            expectEqual(try await client.request("/load/stall?key=p").json["heldMs"] as? Int, 0)
            let paused = try await client.request("/load/pause?key=p&seconds=10")
            expectEqual(paused.status, 200)
            let until = try #require(paused.json["until"] as? Double)
            #expect(until > Date().timeIntervalSince1970 - 1)
            // Many held at once, and meanwhile the event loop still answers others at once.
            async let held = (1...8).concurrentMap { _ in try await client.request("/load/stall?key=p") }
            async let otherKey = client.request("/load/stall?key=q")
            async let cheap = client.request("/load/ok")
            expectEqual(try await otherKey.json["heldMs"] as? Int, 0)
            expectEqual(try await cheap.status, 200)
            let results = try await held
            #expect(results.allSatisfy { $0.status == 200 && ($0.json["heldMs"] as? Int ?? 0) > 0 }, "\(results.map { "\($0.status) \($0.json) \(String(describing: $0.error))" })")
            // The pause is over: no more holding.
            expectEqual(try await client.request("/load/stall?key=p").json["heldMs"] as? Int, 0)
        }
    }

    @Test("/load/stall?after=A&for=F stalls the window from A to A+F seconds after the key's first request")
    func scheduledStall() async throws {
        try await withDemoServer { _, client in
            let clock = ContinuousClock()
            let query = "/load/stall?key=s&after=0.2&for=10"
            expectEqual(try await client.request(query).json["heldMs"] as? Int, 0)
            // The window opens 0.2 s after the first request arrived, which was before its
            // answer came back: 0.4 s after the answer is inside it however slow the answer was
            // (on a busy machine it took longer than 0.2 s, and a sleep timed from before the
            // first request ended before the window opened).
            let answered = clock.now
            // Time passing is what is tested here: nothing to await but the clock.
            try await Task.sleep(until: answered + .seconds(0.4), clock: .continuous)
            let inside = try await client.request(query)
            #expect((inside.json["heldMs"] as? Int ?? 0) > 0, "\(inside.status) \(inside.text) \(String(describing: inside.error))")
            // Held until the window closed; the window is set once: a later request is not held.
            expectEqual(try await client.request(query).json["heldMs"] as? Int, 0)
        }
    }

    @Test("a stall with after=0 holds the first request itself; bad parameters are refused")
    func immediateStallAndBadParameters() async throws {
        try await withDemoServer { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let held = try await client.request("/load/stall?key=now&after=0&for=0.3")
            #expect(clock.now - start >= .seconds(0.3))
            #expect((held.json["heldMs"] as? Int ?? 0) >= 250)
            expectEqual(try await client.request("/load/stall").status, 400)
            expectEqual(try await client.request("/load/pause?key=k&seconds=11").status, 400)
            expectEqual(try await client.request("/load/stall?key=k&for=-1").status, 400)
        }
    }
}

extension Sequence where Element: Sendable {
    /// Maps concurrently with an async transform, results in the sequence's order.
    func concurrentMap<T: Sendable>(_ transform: @escaping @Sendable (Element) async throws -> T) async throws -> [T] {
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            for (index, element) in enumerated() { group.addTask { (index, try await transform(element)) } }
            var results: [(Int, T)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
