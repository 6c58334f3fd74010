import Courier
import CourierDemoServer
import Foundation
import Testing
@testable import CourierWorkspace

/// `courier load` headless: the open model's honesty about a stalled server, `--json`, the
/// history, `--compare` and `--fail-on`, against the demo server.
@Suite("courier load")
struct LoadCommandTests {
    struct Output {
        var status: Int32
        var lines: [String]
        var errors: [String]
    }

    private func load(_ path: String, _ name: String, plan: LoadPlan, state: String,
                      _ configure: (inout HeadlessLoad) -> Void = { _ in }) async -> Output {
        var load = HeadlessLoad(workspacePath: path, name: name, plan: plan)
        load.stateDirectory = state
        configure(&load)
        var lines: [String] = []
        var errors: [String] = []
        let status = await load.run(startDemoServer: {
            let server = try await DemoServer.start()
            return DemoServerHandle(baseURL: server.baseURL, stop: { await server.stop() })
        }, output: { lines.append($0) }, errors: { errors.append($0) })
        return Output(status: status, lines: lines, errors: errors)
    }

    @Test("a server that stalls for a second shows in the open model's p99, not as fewer requests")
    func stallShowsInP99() async throws {
        // 200 a second for 3 s; the server holds every request from 1 s to 2 s after the first.
        let path = writeWorkspace("requests:\n  stalling: {url: \"{{demo}}/load/stall?key=co&after=1&for=1\"}\n")
        let run = await load(path, "stalling", plan: LoadPlan(model: .open(rate: 200, maxInFlight: 512), duration: 3),
                             state: temporaryDirectory("courier-state")) { $0.json = true }
        #expect(run.status == 0, "\(run.errors)")
        let result = try LoadResult.decoded(Data(try #require(run.lines.first).utf8))
        // Every scheduled request was sent: the stall did not thin the load out.
        #expect(result.requests == 600)
        // A third of the requests were due during the stall: those due at its start waited about
        // a second, so p99 is near a second while the median stays a fast answer.
        #expect(result.latency.p99 >= 800, "p99 \(result.latency.p99) ms")
        #expect(result.latency.p50 < 700, "p50 \(result.latency.p50) ms")
        #expect(result.latency.max < 2500)
    }

    @Test("runs are saved; --compare last prints each figure against the previous; --fail-on breaks with exit 1")
    func historyCompareAndFailOn() async throws {
        let state = temporaryDirectory("courier-state")
        let path = writeWorkspace("""
            requests:
              flaky: {url: "{{demo}}/load/flaky?every=4&status=500&key=cmp"}
            """)
        let plan = LoadPlan(model: .closed(concurrency: 2), requests: 40)
        let first = await load(path, "flaky", plan: plan, state: state)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.lines.contains { $0.contains("500") }, "\(first.lines)")
        let second = await load(path, "flaky", plan: plan, state: state) {
            $0.compare = "last"
            $0.failOn = "errors>0.1%"
        }
        // A quarter of the requests fail: the rule breaks, and the comparison is printed.
        #expect(second.status == 1, "\(second.errors)")
        #expect(second.errors.contains { $0.hasPrefix("courier load: fail-on: error rate 25.00 % is over 0.10 %") }, "\(second.errors)")
        #expect(second.lines.contains { $0.localizedCaseInsensitiveContains("p99") && $0.contains("%") })
        let store = try HistoryStore(stateDirectory: state)
        let runs = try store.loadRuns(workspacePath: URL(fileURLWithPath: path).standardizedFileURL.path, target: "flaky")
        #expect(runs.count == 2)
        #expect(runs.allSatisfy { abs($0.errorRate - 0.25) < 1e-9 })
    }

    @Test("a relative --fail-on without --compare, and a bad rule, are bad input")
    func failOnNeedsABaseline() async {
        let path = writeWorkspace("requests:\n  ok: {url: \"{{demo}}/load/ok\"}\n")
        let plan = LoadPlan(model: .closed(concurrency: 1), requests: 1)
        let relative = await load(path, "ok", plan: plan, state: temporaryDirectory("courier-state")) { $0.failOn = "p99+10%" }
        #expect(relative.status == 2 && relative.errors.first?.contains("--compare") == true, "\(relative.errors)")
        let bad = await load(path, "ok", plan: plan, state: temporaryDirectory("courier-state")) { $0.failOn = "p99>fast" }
        #expect(bad.status == 2 && bad.errors.first?.contains("column") == true, "\(bad.errors)")
        let unknown = await load(path, "nope", plan: plan, state: temporaryDirectory("courier-state"))
        #expect(unknown.status == 2 && unknown.errors.first?.contains("no request, batch or chain named \"nope\"") == true)
    }
}
