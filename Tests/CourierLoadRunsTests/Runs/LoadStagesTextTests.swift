import Courier
@testable import CourierLoadRuns
import Testing

/// `--stages` as typed, and the options it excludes.
@Suite struct LoadStagesTextTests {
    @Test func ratesConcurrenciesAndRamps() throws {
        let open = try LoadStagesText.parse("30s:100/s, 1m:100-500/s,30s:0/s,10s:120/m").get()
        #expect(open.open)
        expectEqual(open.stages, [LoadStage(duration: 30, target: 100), LoadStage(duration: 60, target: 500, from: 100),
                                  LoadStage(duration: 30, target: 0), LoadStage(duration: 10, target: 2)])
        let closed = try LoadStagesText.parse("30s:c8,1m:c8-64,5s:c0-c4").get()
        #expect(!closed.open)
        expectEqual(closed.stages.map(\.target), [8, 64, 4])
        expectEqual(closed.stages.map(\.from), [nil, 8, 0])
        expectEqual(LoadStagesText.text(open.stages, open: true), "30s:100/s,60s:100-500/s,30s:0/s,10s:2/s")
        expectEqual(LoadStagesText.text(closed.stages, open: false), "30s:c8,60s:c8-64,5s:c0-4")
    }

    @Test("what is not a stage is said, step by step", arguments: [
        ("30s", "step 1 (\"30s\"): write TIME:LEVEL"),
        ("30s:100/s,x:5", "step 2 (\"x:5\"): x is not a time"),
        ("30s:100/s,30s:c8", "every step is a rate (100/s) or every step a concurrency (c8)"),
        ("30s:c8.5", "a concurrency is c and a whole number"),
        ("30s:-5/s", "a rate is a number a second"),
        ("30s:1-2-3/s", "a rate is a number a second"),
    ])
    func refused(text: String, message: String) {
        guard case .failure(let error) = LoadStagesText.parse(text) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func stagesSayTheLevelsAndTheTime() throws {
        let plan = try LoadOptions(maxInFlight: "32", warmup: "2s", stages: "10s:100/s,20s:200/s").plan(descriptorLimit: 1024)
        expectEqual(plan.duration, 30)
        expectEqual(plan.warmup, 2)
        expectEqual(plan.model, .open(rate: 200, maxInFlight: 32))
        #expect(throws: LoadOptionsError("--stages say the levels and the time: leave out --rate and --duration")) {
            try LoadOptions(rate: "5", duration: "3s", stages: "10s:100/s").plan(descriptorLimit: 1024)
        }
        #expect(throws: LoadOptionsError("--max-in-flight goes with stages of rates (with c stages the concurrency is the most in flight)")) {
            try LoadOptions(maxInFlight: "8", stages: "10s:c4").plan(descriptorLimit: 1024)
        }
        expectEqual(LoadReportFormat.model(plan), "stages 10s:100/s,20s:200/s")
    }
}
