import Courier
import CourierDemoServer
@testable import CourierFormat
@testable import CourierLoadRuns
@testable import CourierRunner
import Foundation
import Synchronization
import Testing

/// `+`, `-` and `p` on a running load run (what the Load view's keys call), against the
/// in-process demo server: the level changes from the moment they are pressed, and each is a
/// mark on the timeline at that second.
@Suite("Load runs changed while they run")
struct LoadControlTests {
    private func run(_ plan: LoadPlan, during: @escaping @Sendable (LoadRun) async -> Void) async throws -> LoadResult {
        try await demoLoadRun("requests:\n  ok: {url: \"{{demo}}/load/ok\"}\n", "ok", plan: plan, during: during)
    }

    /// Waits (bounded) until the run has measured `requests`; returns the seconds measured then.
    private static func waitFor(_ requests: Int, in run: LoadRun) async -> Double {
        for _ in 0..<2_000 {
            let seen = run.snapshot(headline: true)
            if seen.requests >= requests { return seen.seconds }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return -1
    }

    @Test("faster, a pause and a resume change the rate from then on, each marked at its second")
    func openRunChangedLive() async throws {
        let marks = LockedMarks()
        // Long enough that a loaded machine's late start cannot end it first; stopped once done.
        let result = try await run(LoadPlan(model: .open(rate: 100, maxInFlight: 16), duration: 60)) { run in
            let first = await Self.waitFor(100, in: run)
            let faster = run.control(.faster)
            marks.add("faster", first, faster)
            let second = await Self.waitFor(200, in: run)
            marks.add("pause", second, run.control(.pause))
            #expect(run.control(.pause) == nil, "already paused")
            #expect(run.level == 0)
            try? await Task.sleep(for: .milliseconds(500))
            let third = run.snapshot(headline: true).seconds
            marks.add("resume", third, run.control(.resume))
            _ = await Self.waitFor(300, in: run)
            run.stop()
        }
        let changes = marks.all
        try #require(changes.count == 3 && changes.allSatisfy { $0.change != nil }, "\(changes)")
        expectEqual(changes[0].change?.text, "rate 100/s → 125/s")
        expectEqual(changes[1].change?.text, "paused")
        expectEqual(changes[2].change?.text, "resumed at 125/s")
        let shown = try #require(result.marks)
        expectEqual(shown.map(\.text), ["rate 100/s → 125/s", "paused", "resumed at 125/s"])
        // Each mark at the second it was made (the run's own clock, read just before).
        for (mark, change) in zip(shown, changes) { #expect(mark.second >= change.seconds && mark.second - change.seconds < 0.25, "\(mark) \(change)") }
        #expect(result.requests >= 300 && result.stopped)
    }

    @Test("closed: + raises the concurrency past the plan's (the transport's slots with it)")
    func closedRunRaised() async throws {
        let change = LockedMarks()
        let result = try await run(LoadPlan(model: .closed(concurrency: 2), duration: 60)) { run in
            _ = await Self.waitFor(50, in: run)
            change.add("faster", 0, run.control(.faster))
            change.add("faster", 0, run.control(.faster))
            let raised = run.snapshot(headline: true).requests
            _ = await Self.waitFor(raised + 2_000, in: run)
            run.stop()
        }
        expectEqual(change.all.map { $0.change?.text }, ["concurrency 2 → 3", "concurrency 3 → 4"])
        #expect(result.perSecond.map(\.inFlight).max() ?? 0 >= 3, "\(result.perSecond.map(\.inFlight))")
    }
}

private final class LockedMarks: Sendable {
    struct Made: Sendable, CustomStringConvertible {
        var name: String
        var seconds: Double
        var change: LoadControlChange?
        var description: String { "\(name) at \(seconds): \(change?.text ?? "nothing")" }
    }

    private let made = Mutex<[Made]>([])

    func add(_ name: String, _ seconds: Double, _ change: LoadControlChange?) { made.withLock { $0.append(Made(name: name, seconds: seconds, change: change)) } }

    var all: [Made] { made.withLock { $0 } }
}
