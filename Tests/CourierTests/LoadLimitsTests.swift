@testable import Courier
import Foundation
import Synchronization
import Testing

/// Absurd load plans: refused before the run with a reason, and, for a plan that runs anyway
/// (a library user's, unchecked), a schedule the client cannot keep up with and a server that
/// never answers still end at the end time, with the sends not made counted, not queued.
@Suite("Load limits")
struct LoadLimitsTests {
    private final class Count: LoadSampleSink {
        let samples = Atomic<Int>(0)
        func record(_ sample: LoadSample) { samples.add(1, ordering: .relaxed) }
    }

    @Test("values out of range are refused before the run, each with its range")
    func absurdValuesAreRefused() {
        func problem(_ plan: LoadPlan, descriptors: Int? = 20_000) -> String { plan.problem(descriptorLimit: descriptors) ?? "" }
        #expect(problem(LoadPlan(model: .open(rate: 1e9, maxInFlight: 256), duration: 2)).contains("at most 1,000,000 requests a second"))
        #expect(problem(LoadPlan(model: .open(rate: 1e300, maxInFlight: 256), duration: 2)).contains("got 1e+300"))
        #expect(problem(LoadPlan(model: .open(rate: .nan, maxInFlight: 256), duration: 2)).contains("rate must be a positive number"))
        #expect(problem(LoadPlan(model: .open(rate: 1e-9, maxInFlight: 256), duration: 2)).contains("at least 0.001"))
        #expect(problem(LoadPlan(model: .closed(concurrency: 4), duration: 1e300)).contains("duration must be at most a week"))
        #expect(problem(LoadPlan(model: .closed(concurrency: 4), duration: 1, warmup: 1e300)).contains("warm-up must be at most a week"))
        #expect(problem(LoadPlan(model: .closed(concurrency: 4), duration: 1, ramp: .infinity)).contains("ramp must be at most a week"))
        #expect(problem(LoadPlan(model: .closed(concurrency: 4), requests: Int.max)).contains("requests must be at most"))
        // Each request in flight needs a socket: no more than the descriptors allow, less a reserve.
        let tooMany = problem(LoadPlan(model: .closed(concurrency: 100_000), duration: 3))
        #expect(tooMany.contains("concurrency must be at most 19936 (got 100000)") && tooMany.contains("ulimit -n"), "\(tooMany)")
        #expect(problem(LoadPlan(model: .open(rate: 10, maxInFlight: 30_000), duration: 3)).contains("the most requests in flight must be at most"))
        expectEqual(LoadPlan(model: .closed(concurrency: 19_936), duration: 3).problem(descriptorLimit: 20_000), nil)
        // Under `ulimit -n 64`, a quarter is kept: 48 in flight.
        expectEqual(LoadPlan(model: .closed(concurrency: 48), duration: 3).problem(descriptorLimit: 64), nil)
        #expect(LoadPlan(model: .closed(concurrency: 49), duration: 3).problem(descriptorLimit: 64) != nil)
        expectEqual(LoadPlan(model: .closed(concurrency: 100_000), duration: 3).problem(descriptorLimit: nil), nil)
        // The edges themselves run.
        #expect(LoadPlan(model: .open(rate: 1_000_000, maxInFlight: 256), duration: 604_800, warmup: 604_800, ramp: 604_800)
            .problem(descriptorLimit: 20_000) == nil)
    }

    @Test("a schedule the client cannot keep up with hands out what there is room for and skips the rest at once")
    func skippedNotQueued() {
        // 10^9 a second for 2 s: taking what was due by 1 s used to hand out 10^9 iterations
        // in one call (the driver queued them: 1.7 GiB and growing).
        var schedule = LoadSchedule(plan: LoadPlan(model: .open(rate: 1e9, maxInFlight: 256), duration: 2, warmup: 0.5))
        var handedOut: [Double] = []
        schedule.take(at: 1, inFlight: 0, room: 100) { handedOut.append($0) }
        expectEqual(handedOut.count, 100)
        #expect(schedule.issued == 1_000_000_001, "every iteration due by 1 s is handed out or skipped: \(schedule.issued)")
        expectEqual(schedule.skipped, 1_000_000_001 - 100)
        // Those due in the warm-up are skipped too, but only the measured count as measured.
        #expect(schedule.measuredSkipped == 500_000_001, "\(schedule.measuredSkipped)")
        #expect(!schedule.exhausted)
        schedule.take(at: 9, inFlight: 0, room: 0) { _ in Issue.record("no room: nothing handed out") }
        #expect(schedule.exhausted && schedule.issued == 2_500_000_000, "\(schedule.issued)")

        // With a count, the skip stops at it.
        var counted = LoadSchedule(plan: LoadPlan(model: .open(rate: 1e6, maxInFlight: 8), requests: 5_000))
        counted.take(at: 60, inFlight: 0, room: 10) { _ in }
        #expect(counted.exhausted && counted.measuredIssued == 5_000 && counted.skipped == 4_990)
    }

    @Test("the inverse of the due times finds the first iteration after a time, with and without a ramp")
    func firstIndexInvertsDueTimes() {
        for ramp in [0.0, 2.0] {
            let schedule = LoadSchedule(plan: LoadPlan(model: .open(rate: 100, maxInFlight: 10), duration: 10, ramp: ramp))
            for time in stride(from: 0.0, through: 5.0, by: 0.0137) {
                let strict = schedule.firstIndex(dueAfter: time, strictly: true)
                #expect(schedule.dueTime(of: strict) > time && (strict == 0 || schedule.dueTime(of: strict - 1) <= time),
                        "ramp \(ramp), time \(time): \(strict)")
                let atOrAfter = schedule.firstIndex(dueAfter: time, strictly: false)
                #expect(schedule.dueTime(of: atOrAfter) >= time && (atOrAfter == 0 || schedule.dueTime(of: atOrAfter - 1) < time))
            }
        }
    }

    /// Runs `driver`, reading its in-flight count (running and waiting) until it ends; stops it
    /// after `watchdog` seconds if it has not ended by then.
    private func run(_ driver: LoadDriver, watchdog: Double) async -> (ending: LoadEnding, seconds: Double, peak: Int, stoppedByWatchdog: Bool) {
        let clock = ContinuousClock()
        let started = clock.now
        let fired = Atomic<Bool>(false)
        let watchdogTask = Task {
            try await Task.sleep(for: .seconds(watchdog))
            fired.store(true, ordering: .relaxed)
            driver.stop()
        }
        let ended = Atomic<Bool>(false)
        let sampler = Task.detached { () -> Int in
            var peak = 0
            while !ended.load(ordering: .relaxed) {
                peak = max(peak, driver.inFlight)
                try? await Task.sleep(for: .milliseconds(5))
            }
            return peak
        }
        let ending = await driver.run()
        let seconds = Double((clock.now - started).components.seconds) + Double((clock.now - started).components.attoseconds) / 1e18
        ended.store(true, ordering: .relaxed)
        watchdogTask.cancel()
        return (ending, seconds, await sampler.value, fired.load(ordering: .relaxed))
    }

    @Test("10^7 a second against a server that never answers: a bounded backlog, the rest counted unsent, the end kept")
    func aRateTheClientCannotKeepUpWithEndsAtItsEnd() async throws {
        let server = try FaultServer(.silent)
        defer { server.stop() }
        let request = PreparedRequest(url: server.url + "/", method: .get, headers: [], body: nil, timeoutInterval: 60,
                                      tlsPolicy: TLSPolicy(), proxy: .none, userAgent: "courier-test")
        let sink = Count()
        // Unchecked: the driver runs what it is given (`problem` refuses 10^7 before a CLI run).
        let driver = LoadDriver(plan: LoadPlan(model: .open(rate: 1e7, maxInFlight: 8), duration: 0.3), requests: [request], sink: sink)
        let (ending, seconds, peak, watchdog) = await run(driver, watchdog: 15)
        // Ended by itself (the watchdog would have stopped it at 15 s), at its end and grace: the
        // eight held requests are abandoned, not answered. No wall-clock bound tighter than the
        // watchdog: the full suite on two cores once took 6.35 s where 6.3 s was asked.
        #expect(!watchdog, "the run ended at its end and grace, not when stopped (\(seconds) s)")
        #expect(!ending.stopped)
        // Eight slots and a second of the schedule (at most 100,000) waiting: never the 3,000,000 due.
        #expect(peak <= 8 + 100_000, "peak in flight \(peak)")
        #expect(ending.unsent > 2_000_000, "\(ending.unsent)")
        #expect(ending.abandoned == 8, "the eight the server held, left at the end's grace: \(ending.abandoned)")
        expectEqual(sink.samples.load(ordering: .relaxed), 0)
    }

    @Test("a closed run whose requests never end stops at the end time and its grace, with them abandoned")
    func aClosedRunEndsAtItsEnd() async throws {
        let server = try FaultServer(.silent)
        defer { server.stop() }
        let request = PreparedRequest(url: server.url + "/", method: .get, headers: [], body: nil, timeoutInterval: 60,
                                      tlsPolicy: TLSPolicy(), proxy: .none, userAgent: "courier-test")
        let driver = LoadDriver(plan: LoadPlan(model: .closed(concurrency: 4), duration: 0.3), requests: [request], sink: Count())
        let (ending, seconds, _, watchdog) = await run(driver, watchdog: 15)
        #expect(!watchdog, "ended by itself, not stopped by the watchdog: \(seconds) s")
        #expect(seconds >= 0.3 + LoadPlan.endGrace - 0.05, "the grace was given: \(seconds) s")
        #expect(ending.abandoned == 4 && ending.unsent == 0 && !ending.stopped)
    }

    @Test("stop ends a run the client cannot keep up with at once")
    func stopEndsASaturatedRun() async throws {
        let server = try FaultServer(.silent)
        defer { server.stop() }
        let request = PreparedRequest(url: server.url + "/", method: .get, headers: [], body: nil, timeoutInterval: 60,
                                      tlsPolicy: TLSPolicy(), proxy: .none, userAgent: "courier-test")
        let driver = LoadDriver(plan: LoadPlan(model: .open(rate: 1e9, maxInFlight: 8), duration: 600), requests: [request], sink: Count())
        let stopper = Task { () -> ContinuousClock.Instant in
            // Let it saturate (bounded wait for the slots and the backlog to fill).
            var polls = 0
            while driver.inFlight < 1000, polls < 2000 {
                polls += 1
                try? await Task.sleep(for: .milliseconds(5))
            }
            driver.stop()
            return ContinuousClock.now
        }
        let (ending, seconds, peak, watchdog) = await run(driver, watchdog: 60)
        let stopped = await stopper.value
        // "At once": the run ends within seconds of stop(), however long saturating took (a
        // loaded host under ThreadSanitizer took 15 s to get there once).
        let afterStop = ContinuousClock.now - stopped
        #expect(ending.stopped && !watchdog, "\(seconds) s")
        #expect(afterStop < .seconds(10), "\(afterStop) after stop(), \(seconds) s in all")
        #expect(peak <= 8 + 100_000, "\(peak)")
    }
}
