import Courier
@testable import CourierLoadRuns
import Foundation
import Histogram
import Testing

/// The recorder's timeline: samples placed in the second they ended (sends in the second they
/// were sent), each second's percentiles from its own histogram, and those histograms adding
/// up to the run's.
@Suite struct LoadTimelineTests {
    private static let second: UInt64 = 1_000_000_000
    private let second = LoadTimelineTests.second

    private static func recorder(warmup: Double = 0) -> LoadRecorder {
        let plan = LoadPlan(model: .open(rate: 100, maxInFlight: 16), duration: 3, warmup: warmup)
        return LoadRecorder(result: LoadResult(workspace: "w.yaml", target: "t", kind: "request", startedAt: Date(), plan: plan),
                            steps: ["t"], start: 10 * second)
    }

    /// A sample sent at `sent` (ns after the recorder's start) that took `milliseconds`.
    private static func sample(sent: UInt64, milliseconds: UInt64, late: UInt64 = 0, status: Int = 200, inFlight: Int = 1) -> LoadSample {
        var sample = LoadSample(target: 0, latency: milliseconds * 1_000_000)
        sample.total = sample.latency
        sample.firstByte = sample.latency / 2
        sample.status = status
        sample.sentAt = 10 * second + sent
        sample.sendDelay = late
        sample.inFlight = inFlight
        return sample
    }

    @Test func secondsCountSendsCompletionsFailuresAndTheirOwnPercentiles() throws {
        let recorder = Self.recorder()
        // Second 0: 100 requests of 1…100 ms, every tenth a 503; second 1: 50 of 200 ms, sent in
        // second 0's last half (so sent there, completed here), one of them 3 ms late.
        for index in UInt64(1)...100 {
            recorder.record(Self.sample(sent: index * 5_000_000, milliseconds: index, status: index % 10 == 0 ? 503 : 200, inFlight: Int(index % 7)),
                            at: 10 * second + index * 5_000_000 + index * 1_000_000)
        }
        for index in UInt64(0)..<50 {
            let sent = Self.second / 2 + index * 10_000_000
            recorder.record(Self.sample(sent: sent, milliseconds: 200, late: index < 1 ? 3_000_000 : 0),
                            at: 10 * second + max(sent + 200_000_000, Self.second + 1))
        }
        let result = recorder.snapshot(seconds: 2, running: false)
        try #require(result.perSecond.count == 2)
        let (first, next) = (result.perSecond[0], result.perSecond[1])
        #expect(first.requests == 100 && first.errors == 10 && first.errorsByFamily == ["http 5xx": 10])
        #expect(next.requests == 50 && next.errors == 0)
        #expect(first.sent == 150 && next.sent == 0, "sends count where they were sent")
        #expect(first.late == 1 && abs(first.lateMax - 3) < 0.001)
        #expect(first.inFlight == 6)
        // Each second's own percentiles (HDR: within 0.1 %).
        #expect(abs(first.p50 - 50) <= 0.05 && abs(first.p99 - 99) <= 0.1 && abs(first.max - 100) <= 0.1)
        #expect(abs(next.p50 - 200) <= 0.2 && abs(next.p99 - 200) <= 0.2)
        // The seconds' histograms add up to the run's, count for count.
        var union = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
        for second in result.perSecond { union.add(try HDRInterchange.decode(try #require(second.histogram))) }
        let whole = try HDRInterchange.decode(try #require(result.histograms?["latency"]))
        #expect(union.totalCount == 150 && whole.totalCount == 150)
        for percentile in [50.0, 90, 99, 100] { #expect(union.valueAtPercentile(percentile) == whole.valueAtPercentile(percentile)) }
        #expect(result.histograms?["transfer"] != nil && result.phases["transfer"]?.count == 150)
        // The generator's health: the late send counted, no warning for one of 150.
        let health = try #require(result.health)
        #expect(health.sends == 150 && health.lateSends == 1 && health.warnings.isEmpty)
    }

    @Test func sendsLateWithSlotsFreeAreTheClientsFault() throws {
        let recorder = Self.recorder()
        for index in UInt64(0)..<20 {
            recorder.record(Self.sample(sent: index * 1000, milliseconds: 1, late: index % 2 == 0 ? 4_000_000 : 0), at: 10 * second + index * 1000 + 1_000_000)
        }
        let warnings = try #require(recorder.snapshot(seconds: 1, running: false).health).warnings
        #expect(warnings.count == 1 && warnings[0].contains("50.00 % of sends were over 1 ms behind schedule"), "\(warnings)")
        // The same lateness while every slot was busy is the server's slowness: no warning.
        let busy = try #require(recorder.snapshot(seconds: 1, running: false, waitedForSlot: 10).health)
        #expect(busy.warnings.isEmpty && busy.waitedForSlot == 10)
    }

    @Test func aLiveSnapshotHasTheCurrentSecondsPercentilesWithoutItsInterchangeForm() throws {
        let recorder = Self.recorder()
        for index in UInt64(1)...10 { recorder.record(Self.sample(sent: index, milliseconds: index * 10), at: 10 * second + index) }
        let live = recorder.snapshot(seconds: 0.5, running: true)
        let current = try #require(live.perSecond.first)
        #expect(current.requests == 10 && abs(current.p50 - 50) <= 0.05 && current.histogram == nil)
        #expect(live.histograms == nil, "the run's histograms are encoded once, at the end")
    }

    @Test func theWarmUpStaysOutOfTheTimeline() {
        let recorder = Self.recorder(warmup: 1)
        var warm = Self.sample(sent: 0, milliseconds: 5)
        warm.warmup = true
        recorder.record(warm, at: 10 * second + 1000)
        recorder.record(Self.sample(sent: Self.second + 10, milliseconds: 5), at: 10 * second + Self.second + 6_000_000)
        let result = recorder.snapshot(seconds: 1, running: false)
        #expect(result.perSecond.count == 1 && result.perSecond[0].requests == 1 && result.perSecond[0].sent == 1)
        #expect(result.warmupRequests == 1)
    }

    @Test func marksAreSecondsFromTheEndOfTheWarmUp() {
        let recorder = Self.recorder(warmup: 2)
        recorder.mark("rate 100/s → 125/s", at: 10 * second + 5 * Self.second / 2)
        let result = recorder.snapshot(seconds: 1, running: false)
        #expect(result.marks == [LoadMark(second: 0.5, text: "rate 100/s → 125/s")])
    }

    @Test func closedSecondsAreWorkedOutEvenWhenNobodyAsksForFigures() {
        // Ten seconds of samples and no snapshot: the recorder keeps at most a few raw histograms.
        let recorder = Self.recorder()
        for second in UInt64(0)..<10 { recorder.record(Self.sample(sent: second * Self.second, milliseconds: 2), at: 10 * Self.second + second * Self.second + 5) }
        let result = recorder.snapshot(seconds: 10, running: false)
        #expect(result.perSecond.count == 10)
        #expect(result.perSecond.allSatisfy { abs($0.p50 - 2) < 0.01 && $0.histogram != nil })
    }
}
