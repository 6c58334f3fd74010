import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
import Foundation
import Glibc
import Synchronization
import Testing

/// Load runs of a request, a batch and a chain against the in-process demo server.
@Suite("Load runs against the demo server")
struct LoadRunTests {
    /// A load run of `name` in `yaml` against an in-process demo server (``demoLoadRun``).
    private func load(_ yaml: String, _ name: String, plan: LoadPlan,
                      during: @escaping @Sendable (LoadRun) async -> Void = { _ in }) async throws -> LoadResult {
        try await demoLoadRun(yaml, name, plan: plan, during: during)
    }

    @Test("a request at a concurrency: every request measured, connections reused, percentiles in order")
    func closedRequest() async throws {
        let result = try await load("requests:\n  one: {url: \"{{demo}}/get\"}\n", "one",
                                    plan: LoadPlan(model: .closed(concurrency: 4), requests: 200))
        expectEqual(result.kind, "request")
        #expect(result.requests == 200 && result.iterations == 200)
        expectEqual(result.statuses, ["200": 200])
        #expect(result.errors.isEmpty && result.errorRate == 0)
        expectEqual(result.latency.count, 200)
        let l = result.latency
        #expect(l.min > 0 && l.min <= l.p50 && l.p50 <= l.p90 && l.p90 <= l.p99 && l.p99 <= l.max)
        #expect(result.phases["total"]?.count == 200 && (result.phases["firstByte"]?.p50 ?? 0) > 0)
        // Four slots: at most four connections, each reused for the rest.
        #expect(result.newConnections >= 1 && result.newConnections <= 4, "\(result.newConnections)")
        expectEqual(result.phases["connect"]?.count, result.newConnections)
        expectEqual(result.protocols, ["HTTP/1.1": 200])
        #expect(result.throughput > 0 && result.seconds > 0)
        #expect(result.bytesReceived > 200 * 100)
        // GETs: what was sent is their request lines and headers, not 0.
        #expect(result.bytesSent > 200 * 40, "\(result.bytesSent)")
        #expect(result.histogram.reduce(0) { $0 + $1.count } == 200)
        #expect(!result.stopped && !result.running)
    }

    @Test("a batch: its items in turn, per-item figures, and failures counted by status")
    func batchWithFailures() async throws {
        let yaml = """
            requests:
              ok: {url: "{{demo}}/get"}
              broken: {url: "{{demo}}/status/503"}
            batches:
              mixed: {requests: [ok, broken], continueOnFailure: true}
            """
        let result = try await load(yaml, "mixed", plan: LoadPlan(model: .closed(concurrency: 2), requests: 100))
        expectEqual(result.kind, "batch")
        expectEqual(result.statuses, ["200": 50, "503": 50])
        expectEqual(result.errors.count, 1)
        #expect(result.errors.first?.family == "http" && result.errors.first?.code == 503 && result.errors.first?.count == 50)
        expectEqual(result.errors.first?.message, "HTTP 503 Service Unavailable")
        #expect(abs(result.errorRate - 0.5) < 1e-9)
        expectEqual(result.steps.map(\.name), ["ok", "broken"])
        #expect(result.steps.map(\.requests) == [50, 50] && result.steps.map(\.errors) == [0, 50])
    }

    @Test("a transport failure is counted by family and code")
    func transportErrors() async throws {
        // A port bound but not listening: every connection is refused.
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try await load("requests:\n  refused: {url: \"http://127.0.0.1:\(port)/\"}\n", "refused",
                                    plan: LoadPlan(model: .closed(concurrency: 2), requests: 10))
        #expect(result.requests == 10 && result.statuses.isEmpty)
        #expect(result.errors.first?.family == "transport" && result.errors.first?.code == -1004 && result.errors.first?.count == 10)
        expectEqual(result.errorRate, 1)
    }

    @Test("a chain: the whole chain per iteration, with each step's figures")
    func chain() async throws {
        let yaml = """
            requests:
              first: {url: "{{demo}}/get?n=1"}
              second: {url: "{{demo}}/anything/{{n}}"}
            chains:
              pair:
                steps:
                  - {request: first, capture: {n: $.args.n}}
                  - second
            """
        let agent = Mutex<NetworkAgent?>(nil)
        let result = try await load(yaml, "pair", plan: LoadPlan(model: .closed(concurrency: 20), requests: 40)) { run in
            agent.withLock { $0 = run.runner.agent }
        }
        // The chain's requests go through the runner's agent, whose 8 slots become 20 for the
        // run (more than 8 connections were opened) and 8 again after it.
        #expect(result.newConnections > 8, "\(result.newConnections)")
        #expect(agent.withLock { $0 }?.config.maxConcurrentTransfers == 8)
        expectEqual(result.kind, "chain")
        #expect(result.iterations == 40 && result.requests == 80, "\(result.errors)")
        expectEqual(result.steps.map(\.requests), [40, 40])
        expectEqual(result.statuses, ["200": 80])
        // A chain's latency covers both steps: more than either step's median.
        #expect(result.latency.p50 >= result.steps[1].latency.p50)
    }

    @Test("open model: exactly the scheduled number of requests in the time, each due on schedule")
    func openRate() async throws {
        // Room for every send at once: with less, a server starved by a loaded machine fills
        // the cap and the sends due meanwhile are dropped (170 of 200 were, beside a build).
        let result = try await load("requests:\n  one: {url: \"{{demo}}/get\"}\n", "one",
                                    plan: LoadPlan(model: .open(rate: 200, maxInFlight: 200), duration: 1))
        // All 200 were sent on time (none unsent); each ended measured, or — when a loaded
        // machine starved the in-process server past the end's grace (50 of 200 once, in a run
        // of every load test at once) — abandoned and counted so.
        expectEqual(result.unsent, 0)
        expectEqual(result.requests + (result.abandoned ?? 0), 200)
        expectEqual(result.iterations, result.requests)
        #expect(result.requests > 0)
        // The last one was due at 0.995 s (an upper bound would measure the in-process server,
        // which a full parallel test run can starve for seconds).
        #expect(result.seconds >= 0.99, "\(result.seconds)")
    }

    // At a modest rate, not full speed: a run as fast as the in-process server answers takes
    // both cores from every test beside it, and would last its minute were this one starved.
    @Test("stop ends a run at once with what completed, marked stopped")
    func stop() async throws {
        let clock = ContinuousClock()
        let stopped = Mutex<ContinuousClock.Instant?>(nil)
        let result = try await load("requests:\n  one: {url: \"{{demo}}/get\"}\n", "one",
                                    plan: LoadPlan(model: .open(rate: 100, maxInFlight: 4), duration: 60)) { run in
            // Bounded wait for the first completions, then stop.
            var polls = 0
            while run.snapshot().requests < 20, polls < 1000 {
                polls += 1
                try? await Task.sleep(for: .milliseconds(10))
            }
            #expect(run.snapshot().running)
            stopped.withLock { $0 = clock.now }
            run.stop()
        }
        #expect(result.stopped && !result.running)
        #expect(result.requests >= 20)
        // Long before the 60 s the plan asked for.
        let stop = try #require(stopped.withLock { $0 })
        #expect(stop.duration(to: clock.now) < .seconds(20))
    }

    @Test("a streamed request is refused with a reason")
    func refusesStreams() async throws {
        await #expect(throws: LoadRunError.self) {
            _ = try await load("requests:\n  feed: {url: \"{{demo}}/sse\", stream: {mode: events}}\n", "feed",
                               plan: LoadPlan(model: .closed(concurrency: 1), requests: 1))
        }
    }
}

/// Runs `name` of the workspace `yaml` under `plan` against an in-process demo server, with
/// `during` watching (or changing) the run while it goes on; the server is stopped once,
/// awaited, on every path (a second, unawaited stop raced the first).
func demoLoadRun(_ yaml: String, _ name: String, plan: LoadPlan,
                 during: @escaping @Sendable (LoadRun) async -> Void = { _ in }) async throws -> LoadResult {
    let server = try await DemoServer.start()
    do {
        let workspace = try Workspace.load(path: writeWorkspace(yaml))
        var options = RunOptions()
        options.demoURL = server.baseURL
        options.stateDirectory = temporaryDirectory("courier-state")
        options.cacheDirectory = temporaryDirectory("courier-cache")
        let runner = try WorkspaceRunner(workspace: workspace, options: options)
        let run = try LoadRun(runner: runner, name: name, plan: plan)
        async let watching: Void = during(run)
        let result = try await run.run()
        await watching
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
