import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `/load/…`: endpoints for load runs and their tests — a cheap answer for throughput,
/// deterministic failures, and a stall for the coordinated-omission check.
///
/// Each server has its own counters and stall windows, keyed by the `key` query
/// parameter so that runs against one server do not disturb each other.
enum LoadRoutes {
    /// Registers the routes on `router`, with state of their own for this server.
    static func add(to router: Router<DemoRequestContext>) {
        router.onAnyMethod("/load/ok") { _ in ok() }
        router.onAnyMethod("/load/flaky") { try flaky($0, counts: DemoServerState.current.loadFlakyCounts) }
        router.onAnyMethod("/load/stall") { try await stall($0, stalls: DemoServerState.current.loadStalls) }
        router.onAnyMethod("/load/pause") { try pause($0, stalls: DemoServerState.current.loadStalls) }
    }

    private static let okBody = ByteBuffer(string: "{\"ok\":true}\n")

    /// Any method: `{"ok":true}` with 200 — no parsing, no allocation beyond the response.
    static func ok() -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: okBody))
    }

    /// Any method, `?every=N&status=S&key=K`: every N-th request of key K (default 10th,
    /// counted from 1 per server) answers status S (default 503), the others 200.
    static func flaky(_ exchange: DemoExchange, counts: CounterStore) throws -> Response {
        let every = try exchange.integerQuery("every", default: 10, range: 1...1_000_000)
        let status = try exchange.integerQuery("status", default: 503, range: 200...599)
        let key = exchange.query["key"] ?? ""
        let count = counts.increment(key)
        guard count % every == 0 else {
            return DemoResponse.json(["count": .int(Int64(count))])
        }
        return DemoResponse.json(["count": .int(Int64(count)), "failed": true], status: HTTPResponse.Status(code: status))
    }

    /// Any method, `?key=K[&after=A&for=F]`: 200 at once, except while K's stall window
    /// is open — then the answer waits for the window's end (without holding a thread).
    /// `after`/`for` (seconds, `for` at most 10) set the window on K's first request:
    /// from A to A+F seconds after it. `/load/pause` opens one on demand.
    static func stall(_ exchange: DemoExchange, stalls: LoadStallStore) async throws -> Response {
        let key = try requiredKey(exchange)
        if exchange.query["after"] != nil || exchange.query["for"] != nil {
            let delay = try seconds(exchange, "after", default: 0, upTo: 60)
            let length = try seconds(exchange, "for", default: 1, upTo: 10)
            stalls.scheduleOnce(key, after: delay, for: length)
        }
        let arrived = ContinuousClock.now
        // Held only while a window is open: an answer that waited for none says 0, however
        // long a loaded machine took to get from here to the reply.
        var heldMilliseconds = 0.0
        if let end = stalls.stallEnd(key, at: arrived) {
            try await Task.sleep(until: end, clock: .continuous)
            heldMilliseconds = (ContinuousClock.now - arrived) / .milliseconds(1)
        }
        return DemoResponse.json(["key": .string(key), "heldMs": .int(Int64(heldMilliseconds.rounded()))])
    }

    /// Any method, `?key=K&seconds=S` (default 1, at most 10): opens K's stall window now
    /// and answers at once with when it ends (`until`, Unix time in seconds).
    static func pause(_ exchange: DemoExchange, stalls: LoadStallStore) throws -> Response {
        let key = try requiredKey(exchange)
        let length = try seconds(exchange, "seconds", default: 1, upTo: 10)
        let end = stalls.pause(key, for: length)
        let remaining = (end - ContinuousClock.now) / .seconds(1)
        let until = Date().timeIntervalSince1970 + remaining
        return DemoResponse.json(["key": .string(key), "seconds": .double(length / .seconds(1)), "until": .double(until)])
    }

    private static func requiredKey(_ exchange: DemoExchange) throws -> String {
        guard let key = exchange.query["key"], !key.isEmpty else {
            throw DemoError(.badRequest, "query parameter 'key' is required")
        }
        return key
    }

    private static func seconds(_ exchange: DemoExchange, _ name: String, default defaultValue: Double, upTo limit: Double)
        throws -> Duration
    {
        let text = exchange.query[name] ?? String(defaultValue)
        guard let value = Double(text), value.isFinite, value >= 0, value <= limit else {
            throw DemoError(.badRequest, "query parameter '\(name)' must be a number of seconds in 0...\(Int(limit))")
        }
        return .seconds(value)
    }
}
