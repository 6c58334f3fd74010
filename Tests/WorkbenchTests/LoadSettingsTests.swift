import Courier
import CourierHistory
import Foundation
import Testing
@testable import CourierLoadRuns
@testable import Workbench

/// The line `L` asks for: `c=16 d=10s`, `r=200 d=30s`, and the reasons a line is refused.
@Suite struct LoadSettingsTests {
    private func plan(_ line: String) throws -> LoadPlan {
        try LoadSettings.plan(from: line).get()
    }

    private func problem(_ line: String) -> String? {
        if case .failure(let problem) = LoadSettings.plan(from: line) { return problem.message }
        return nil
    }

    @Test func concurrencyAndDurationMakeAClosedPlan() throws {
        expectEqual(try plan("c=16 d=10s"), LoadPlan(model: .closed(concurrency: 16), duration: 10))
        expectEqual(try plan("c=2 n=50"), LoadPlan(model: .closed(concurrency: 2), requests: 50))
        expectEqual(try plan("  C=4   d=500ms  "), LoadPlan(model: .closed(concurrency: 4), duration: 0.5))
        expectEqual(try plan("c=8 d=2m w=5s ramp=10s"), LoadPlan(model: .closed(concurrency: 8), duration: 120, warmup: 5, ramp: 10))
    }

    @Test func aRateMakesAnOpenPlanWithTheCommandLinesCeiling() throws {
        expectEqual(try plan("r=200 d=30s"), LoadPlan(model: .open(rate: 200, maxInFlight: 256), duration: 30))
        expectEqual(try plan("r=200/s d=30s max=50"), LoadPlan(model: .open(rate: 200, maxInFlight: 50), duration: 30))
        expectEqual(try plan("r=120/m n=10"), LoadPlan(model: .open(rate: 2, maxInFlight: 256), requests: 10))
    }

    @Test func whatIsLeftOutHasADefault() throws {
        #expect(try plan("") == LoadPlan(model: .closed(concurrency: 16), duration: 10), "ten seconds at 16 in flight")
        #expect(try plan("n=100") == LoadPlan(model: .closed(concurrency: 16), requests: 100), "a count alone sets no duration")
    }

    @Test func aLineThatCannotRunSaysWhy() {
        expectEqual(problem("c=2 r=5")?.contains("exclude each other"), true)
        expectEqual(problem("x=3")?.contains("x= is not a setting"), true)
        expectEqual(problem("c=2 c=3")?.contains("given twice"), true)
        expectEqual(problem("c16")?.contains("key=value"), true)
        expectEqual(problem("c=0")?.contains("at least 1"), true)
        expectEqual(problem("c=lots")?.contains("whole number"), true)
        expectEqual(problem("d=ten")?.contains("10s, 500ms or 2m"), true)
        #expect(problem("d=0s")?.contains("10s, 500ms or 2m") == true, "a run of no time")
        expectEqual(problem("r=fast")?.contains("requests a second"), true)
        expectEqual(problem("c=2 max=5")?.contains("max= goes with r="), true)
    }

    @Test("checks=on checks every response; slo= searches for the highest rate within it, as --find-max does")
    func checksAndTheSearch() throws {
        #expect(try plan("c=4 d=5s checks=on").checks == true)
        #expect(try plan("c=4 d=5s checks=off").checks == nil)
        expectEqual(problem("c=4 checks=maybe")?.contains("checks=maybe"), true)
        let (searchPlan, search) = try LoadSettings.parse("r=50 step=3s slo=p99<20ms,errors<1%").get()
        expectEqual(searchPlan.model, .open(rate: 50, maxInFlight: 256))
        let finder = try #require(search)
        #expect(finder.start == 50 && finder.hold == 3, "\(finder)")
        expectEqual(finder.slo.text, "p99<20ms,errors<1%")
        #expect(try LoadSettings.parse("slo=p99<20ms").get().search?.start == 10, "from 10 a second unless r= says")
        #expect(try LoadSettings.parse("c=4 d=1s").get().search == nil)
        expectEqual(problem("c=4 slo=p99<20ms")?.contains("leave out c="), true)
        expectEqual(problem("r=10 step=3s")?.contains("step= goes with slo="), true)
        // A saved search reads back by its SLO, not by the rate it began at and its ceiling.
        var saved = LoadRunSummary(workspace: "demo.yaml", workspacePath: "/w/demo.yaml", target: "get-args", kind: "request",
                                   startedAt: Date(), plan: searchPlan, requests: 1, seconds: 1, throughput: 1, p50: 1, p99: 1,
                                   errorRate: 0, stopped: false, slo: "p99<20ms,errors<1%")
        expectEqual(LoadSettings.line(of: saved), "slo=p99<20ms,errors<1%")
        saved.slo = nil
        expectEqual(LoadSettings.line(of: saved), LoadSettings.line(of: searchPlan))
        expectEqual(problem("slo=p99<20ms step=1s")?.contains("step="), true)
        #expect(problem("slo=fast") != nil)
    }

    @Test func aPlanReadsBackAsTheLineThatAsksForIt() throws {
        for line in ["c=16 d=10s", "c=2 n=50", "r=200 d=30s w=5s ramp=10s", "r=2.5 max=10 d=250ms", "c=4 d=2m n=1000", "c=4 d=5s checks=on"] {
            expectEqual(LoadSettings.line(of: try plan(line)), line)
        }
    }
}
