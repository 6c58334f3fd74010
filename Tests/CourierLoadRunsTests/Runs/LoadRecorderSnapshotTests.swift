import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
import Foundation
import Testing

/// A recorder's snapshots are worked out from a copy taken under its lock: the figures are the
/// recorded ones, samples recorded meanwhile are all kept, and a progress line's headline
/// snapshot agrees with the full one on what it shows.
@Suite struct LoadRecorderSnapshotTests {
    private static func recorder() -> LoadRecorder {
        let plan = LoadPlan(model: .closed(concurrency: 1), requests: 1000)
        return LoadRecorder(result: LoadResult(workspace: "w.yaml", target: "t", kind: "request", startedAt: Date(), plan: plan),
                            steps: ["t"], start: LoadDriver.now())
    }

    private static func sample(milliseconds: UInt64, status: Int = 200) -> LoadSample {
        var sample = LoadSample(target: 0, latency: milliseconds * 1_000_000)
        sample.iterationLatency = sample.latency
        sample.total = sample.latency
        sample.status = status
        return sample
    }

    @Test func theHeadlineAgreesWithTheFullSnapshot() {
        let recorder = Self.recorder()
        // 1 … 1000 ms, every tenth a 503.
        for value in UInt64(1)...1000 { recorder.record(Self.sample(milliseconds: value, status: value % 10 == 0 ? 503 : 200)) }
        let full = recorder.snapshot(seconds: 10, running: true)
        let headline = recorder.snapshot(seconds: 10, running: true, headline: true)
        #expect(full.requests == 1000 && headline.requests == 1000)
        #expect(headline.throughput == full.throughput && full.throughput == 100)
        #expect(headline.errorRate == full.errorRate && abs(full.errorRate - 0.1) < 1e-9)
        #expect(headline.latency.p50 == full.latency.p50 && headline.latency.p99 == full.latency.p99)
        // HDR's three significant digits: within 0.1 % of the exact values.
        #expect(abs(full.latency.p50 - 500) <= 0.5 && abs(full.latency.p99 - 990) <= 1)
        #expect(headline.phases.isEmpty && !full.phases.isEmpty, "the headline leaves the rest out")
    }

    @Test func samplesRecordedWhileSnapshotsAreTakenAreAllKept() async {
        let recorder = Self.recorder()
        let count = 20_000
        async let recording: Void = Task.detached {
            for index in 0..<count { recorder.record(Self.sample(milliseconds: UInt64(index % 100 + 1))) }
        }.value
        // Bounded: at most 2,000 snapshots, however long the recording takes.
        for _ in 0..<2000 {
            let seen = recorder.snapshot(seconds: 1, running: true)
            #expect(seen.latency.count == seen.requests, "a snapshot's histogram and counts are from one moment")
            if seen.requests == count { break }
        }
        await recording
        let final = recorder.snapshot(seconds: 1, running: false)
        #expect(final.requests == count && final.latency.count == count)
        expectEqual(final.phases["total"]?.count, count)
    }
}
