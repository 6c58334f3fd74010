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
import Testing

/// `courier load` headless: the history, `--compare` and `--fail-on`, against the demo server.
/// (The stalled server's p99 is an end-to-end test: timing needs a server outside this process.)
@Suite("courier load")
struct LoadCommandTests {
    struct Output {
        var status: Int32
        var lines: [String]
        var errors: [String]
    }

    private func load(_ path: String, _ name: String, plan: LoadPlan, state: String, portFallback: String? = nil,
                      _ configure: (inout HeadlessLoad) -> Void = { _ in }) async -> Output {
        var load = HeadlessLoad(workspacePath: path, name: name, plan: plan)
        load.stateDirectory = state
        configure(&load)
        var lines: [String] = []
        var errors: [String] = []
        let status = await load.run(startDemoServer: {
            let server = try await DemoServer.start()
            return DemoServerHandle(baseURL: server.baseURL, portFallback: portFallback, stop: { await server.stop() })
        }, output: { lines.append($0) }, errors: { errors.append($0) })
        return Output(status: status, lines: lines, errors: errors)
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
        expectEqual(runs.count, 2)
        #expect(runs.allSatisfy { abs($0.errorRate - 0.25) < 1e-9 })
    }

    @Test("the demo server off its usual port is said, as courier run says it")
    func demoPortFallbackIsSaid() async {
        let path = writeWorkspace("requests:\n  ok: {url: \"{{demo}}/load/ok\"}\n")
        let output = await load(path, "ok", plan: LoadPlan(model: .closed(concurrency: 1), requests: 2),
                                state: temporaryDirectory("courier-state"), portFallback: "the demo server is on port 41234, not 18080")
        #expect(output.status == 0, "\(output.errors)")
        #expect(output.errors.first == "courier load: warning: the demo server is on port 41234, not 18080", "\(output.errors)")
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

    @Test("a --compare file that is missing, not a result or not a regular file is said before the run starts")
    func aBadBaselineFileIsSaidBeforeTheRun() async throws {
        let path = writeWorkspace("requests:\n  ok: {url: \"{{demo}}/load/ok\"}\n")
        let directory = temporaryDirectory("courier-baseline")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let notAResult = directory + "/notes.json"
        try Data("{\"hello\": 1}".utf8).write(to: URL(fileURLWithPath: notAResult))
        let fifo = directory + "/fifo"
        expectEqual(mkfifo(fifo, 0o600), 0)
        let cases = [(directory + "/missing.json", "missing.json: cannot be read"), (notAResult, "not a load result"),
                     (fifo, "not a regular file")]
        for (baseline, said) in cases {
            // Three seconds of load if it ran: it must not start at all.
            var load = HeadlessLoad(workspacePath: path, name: "ok", plan: LoadPlan(model: .closed(concurrency: 1), duration: 3))
            load.stateDirectory = temporaryDirectory("courier-state")
            load.compare = baseline
            var started = false
            var lines: [String] = []
            var errors: [String] = []
            let status = await load.run(startDemoServer: {
                let server = try await DemoServer.start()
                return DemoServerHandle(baseURL: server.baseURL, portFallback: nil, stop: { await server.stop() })
            }, output: { lines.append($0) }, errors: { errors.append($0) }, started: { _ in started = true })
            #expect(status == 2 && !started && lines.isEmpty, "\(baseline): \(status) \(lines)")
            #expect(errors.contains { $0.hasPrefix("courier load: --compare \(baseline): ") && $0.contains(said) }, "\(errors)")
        }
    }

    @Test("--compare last with no earlier run still prints the run's figures, and exits 2")
    func noEarlierRunStillPrintsTheFigures() async {
        let path = writeWorkspace("requests:\n  ok: {url: \"{{demo}}/load/ok\"}\n")
        let output = await load(path, "ok", plan: LoadPlan(model: .closed(concurrency: 1), requests: 5),
                                state: temporaryDirectory("courier-state")) { $0.compare = "last" }
        expectEqual(output.status, 2)
        #expect(output.lines.first?.hasPrefix("load request ok") == true, "the figures were thrown away: \(output.lines)")
        #expect(output.lines.contains { $0.contains("200 × 5") }, "\(output.lines)")
        #expect(output.errors.contains { $0.contains("--compare last: no earlier load run of ok") }, "\(output.errors)")
    }
}
