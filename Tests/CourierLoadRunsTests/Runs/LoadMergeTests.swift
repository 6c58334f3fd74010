import Courier
@testable import CourierLoadRuns
import Foundation
import Histogram
import Testing

/// `courier load merge` on made-up runs: seconds aligned on the clock, percentiles of the union,
/// steps by name, and what cannot be merged said with its file.
@Suite struct LoadMergeTests {
    private static let second: UInt64 = 1_000_000_000

    /// A finished run started at `start` whose seconds complete `perSecond` requests of
    /// `milliseconds` each (a 503 every tenth when `flaky`).
    private static func run(start: Date, perSecond: [Int], milliseconds: UInt64, flaky: Bool = false) -> LoadResult {
        let plan = LoadPlan(model: .open(rate: 100, maxInFlight: 16), duration: Double(perSecond.count))
        let recorder = LoadRecorder(result: LoadResult(workspace: "w.yaml", target: "t", kind: "request", startedAt: start, plan: plan),
                                    steps: ["t"], start: 0)
        var index = 0
        for (second, count) in perSecond.enumerated() {
            for request in 0..<count {
                var sample = LoadSample(target: 0, latency: milliseconds * 1_000_000)
                sample.total = sample.latency
                sample.status = flaky && index % 10 == 0 ? 503 : 200
                sample.sentAt = UInt64(second) * Self.second + UInt64(request) * 1000 + 1
                recorder.record(sample, at: UInt64(second) * Self.second + UInt64(request) * 1000 + 2)
                index += 1
            }
        }
        return recorder.snapshot(seconds: Double(perSecond.count), running: false)
    }

    @Test func secondsAlignOnTheClockAndPercentilesAreTheUnions() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let a = Self.run(start: start, perSecond: [100, 100, 100], milliseconds: 2)
        // Started 1.2 s later: its seconds land one later.
        let b = Self.run(start: start.addingTimeInterval(1.2), perSecond: [50, 50], milliseconds: 40, flaky: true)
        let merged = try LoadMerge.merge([("a.json", a), ("b.json", b)])
        expectEqual(merged.requests, 400)
        expectEqual(merged.perSecond.map(\.requests), [100, 150, 150])
        expectEqual(merged.perSecond.map(\.errors), [0, 5, 5])
        expectEqual(merged.statuses, ["200": 390, "503": 10])
        expectEqual(merged.errors.map(\.count), [10])
        expectEqual(merged.mergedFrom, ["a.json", "b.json"])
        #expect(abs(merged.seconds - 3) < 1e-9 && abs(merged.throughput - 400.0 / 3) < 1e-9)
        // The union of 300 at 2 ms and 100 at 40 ms: p50 is 2 ms, p90 is 40 ms — no average.
        #expect(abs(merged.latency.p50 - 2) < 0.01 && abs(merged.latency.p90 - 40) < 0.05)
        // A second of both: its p99 is b's 40 ms, its p50 a's 2 ms.
        #expect(abs(merged.perSecond[1].p50 - 2) < 0.01 && abs(merged.perSecond[1].p99 - 40) < 0.05)
        expectEqual(merged.steps.map(\.requests), [400])
        let decoded = try HDRInterchange.decode(try #require(merged.histograms?["latency"]))
        expectEqual(decoded.totalCount, 400)
    }

    @Test func aRunWithoutHistogramsIsRefusedWithItsFile() {
        var old = Self.run(start: Date(), perSecond: [10], milliseconds: 1)
        old.histograms = nil
        #expect(throws: LoadMerge.Failure.self) { try LoadMerge.merge([("new.json", old)]) }
        do {
            _ = try LoadMerge.merge([("old.json", old)])
        } catch {
            #expect(error.description.hasPrefix("old.json has no histograms"))
        }
    }
}
