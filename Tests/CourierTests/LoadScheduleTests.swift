import Testing
@testable import Courier

/// When a load run's iterations are due, driven by a clock the test sets.
@Suite("Load schedule")
struct LoadScheduleTests {
    private func take(_ schedule: inout LoadSchedule, at time: Double, inFlight: Int = 0) -> [Double] {
        var due: [Double] = []
        schedule.take(at: time, inFlight: inFlight) { due.append($0) }
        return due
    }

    @Test("open model: iterations are due every 1/rate seconds, whatever is in flight, and late ones keep their due time")
    func openModelIsASchedule() {
        var schedule = LoadSchedule(plan: LoadPlan(model: .open(rate: 10, maxInFlight: 4), duration: 1))
        expectEqual(take(&schedule, at: 0), [0])
        #expect(take(&schedule, at: 0.05).isEmpty)
        // 350 ms late: everything due meanwhile comes at once, each with its own due time,
        // even with more in flight than the ceiling (the driver queues them).
        let late = take(&schedule, at: 0.35, inFlight: 9)
        expectEqual(late.count, 3)
        for (got, expected) in zip(late, [0.1, 0.2, 0.3]) { #expect(abs(got - expected) < 1e-9) }
        #expect(abs((schedule.nextWake(after: 0.35) ?? 0) - 0.4) < 1e-9)
        // The end: iterations due at 0.4 … 0.9 and none at 1.0.
        expectEqual(take(&schedule, at: 5).count, 6)
        #expect(schedule.exhausted)
        expectEqual(schedule.issued, 10)
        expectEqual(schedule.nextWake(after: 5), nil)
    }

    @Test("open model with a ramp: the rate rises linearly, so the due times follow the integral")
    func openRamp() {
        // 100/s with a 2 s ramp: 100 iterations during the ramp (the triangle's area), the
        // k-th at sqrt(2·k·2/100), then one every 10 ms after t = 1 + k/100.
        let schedule = LoadSchedule(plan: LoadPlan(model: .open(rate: 100, maxInFlight: 10), duration: 10, ramp: 2))
        expectEqual(schedule.dueTime(of: 0), 0)
        #expect(abs(schedule.dueTime(of: 25) - 1.0) < 1e-9)
        #expect(abs(schedule.dueTime(of: 100) - 2.0) < 1e-9)
        #expect(abs(schedule.dueTime(of: 150) - 2.5) < 1e-9)
        // During the first second of the ramp only a quarter of the ramp's iterations are due.
        var counting = schedule
        expectEqual(take(&counting, at: 0.999).count, 25)
    }

    @Test("a count ends the run; warm-up iterations are not counted")
    func countAndWarmup() {
        var schedule = LoadSchedule(plan: LoadPlan(model: .open(rate: 10, maxInFlight: 10), requests: 3, warmup: 0.5))
        let due = take(&schedule, at: 10)
        // Five in the warm-up (0 … 0.4), then three measured.
        expectEqual(due.count, 8)
        #expect(due.prefix(5).allSatisfy { schedule.isWarmup($0) })
        #expect(!due.suffix(3).contains { schedule.isWarmup($0) })
        expectEqual(schedule.measuredIssued, 3)
        #expect(schedule.exhausted)
    }

    @Test("closed model: tops up to the concurrency and ends at the end time")
    func closedModel() {
        var schedule = LoadSchedule(plan: LoadPlan(model: .closed(concurrency: 4), duration: 2))
        expectEqual(take(&schedule, at: 0).count, 4)
        #expect(take(&schedule, at: 0.1, inFlight: 4).isEmpty)
        expectEqual(take(&schedule, at: 0.2, inFlight: 1), [0.2, 0.2, 0.2])
        expectEqual(schedule.nextWake(after: 0.2), 2)
        #expect(take(&schedule, at: 2.0, inFlight: 0).isEmpty)
        #expect(schedule.exhausted)
    }

    @Test("closed model with a ramp: the concurrency rises by steps, and the schedule wakes for each")
    func closedRamp() {
        var schedule = LoadSchedule(plan: LoadPlan(model: .closed(concurrency: 10), requests: 1000, ramp: 5))
        expectEqual(schedule.concurrency(at: 0), 1)
        expectEqual(schedule.concurrency(at: 2.5), 5)
        expectEqual(schedule.concurrency(at: 6), 10)
        expectEqual(take(&schedule, at: 0).count, 1)
        let wake = schedule.nextWake(after: 0) ?? 0
        #expect(wake > 0.5 && wake < 0.5001)
        expectEqual(take(&schedule, at: wake, inFlight: 1).count, 1)
    }

    @Test("a plan without an end, or with nothing to send, says why")
    func planProblems() {
        expectEqual(LoadPlan(model: .closed(concurrency: 4)).problem?.contains("duration or a number"), true)
        expectEqual(LoadPlan(model: .closed(concurrency: 0), duration: 1).problem?.contains("concurrency"), true)
        expectEqual(LoadPlan(model: .open(rate: 0, maxInFlight: 4), duration: 1).problem?.contains("rate"), true)
        expectEqual(LoadPlan(model: .open(rate: 5, maxInFlight: 4), duration: 1).problem, nil)
    }
}
