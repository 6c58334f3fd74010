import Testing
@testable import Courier

/// A load run's level over time: stages, ramps, and levels held while it runs.
@Suite("Load profile and stages")
struct LoadProfileTests {
    @Test("stages after a warm-up: each holds its rate, a ramp's due times follow the integral")
    func stagesAreHeldAndRamped() {
        // 1 s warm-up at 100/s, 2 s at 100/s, 2 s ramping 100 → 300/s, 1 s of nothing.
        let plan = LoadPlan(stages: [LoadStage(duration: 2, target: 100), LoadStage(duration: 2, target: 300, from: 100),
                                     LoadStage(duration: 1, target: 0)], open: true, warmup: 1)
        #expect(plan.problem == nil && plan.duration == 5 && plan.maxInFlight == 256)
        let schedule = LoadSchedule(plan: plan)
        #expect(abs(schedule.dueTime(of: 100) - 1) < 1e-9)
        #expect(abs(schedule.dueTime(of: 300) - 3) < 1e-9)
        // The ramp's 400 iterations (the trapezoid's area) end at 5 s; nothing is due after.
        #expect(abs(schedule.dueTime(of: 700) - 5) < 1e-9)
        // Half way up the ramp: 100·1 + 100·1²/2 = 150 more than at 3 s.
        #expect(abs(schedule.dueTime(of: 450) - 4) < 1e-9)
        #expect(schedule.dueTime(of: 701) == .infinity)
        #expect(schedule.stageStarts == [1, 3, 5])
        expectEqual(schedule.profile.level(at: 4), 200)
    }

    @Test("a pause sends nothing and does not end the run; the resume goes on from where it was")
    func pauseAndResume() {
        var schedule = LoadSchedule(plan: LoadPlan(model: .open(rate: 10, maxInFlight: 10), duration: 10))
        var due: [Double] = []
        schedule.take(at: 1.05, inFlight: 0) { due.append($0) }
        expectEqual(due.count, 11)
        schedule.hold(0, at: 1.05)
        due = []
        schedule.take(at: 3, inFlight: 0) { due.append($0) }
        #expect(due.isEmpty && !schedule.exhausted, "paused, not over")
        expectEqual(schedule.nextWake(after: 3), 10)
        schedule.hold(10, at: 3)
        schedule.take(at: 3.26, inFlight: 0) { due.append($0) }
        // Iteration 11 was half a period from due at the pause: it is due half a period after the resume.
        expectEqual(due.count, 3)
        #expect(abs(due[0] - 3.05) < 1e-9)
        schedule.hold(0, at: 3.3)
        schedule.take(at: 10, inFlight: 0) { _ in }
        #expect(schedule.exhausted, "the end time ends a paused run")
    }

    @Test("a level held until the next stage gives way to it")
    func heldUntilTheNextStage() {
        var schedule = LoadSchedule(plan: LoadPlan(stages: [LoadStage(duration: 2, target: 100), LoadStage(duration: 2, target: 500)], open: true))
        schedule.hold(125, at: 1)
        expectEqual(schedule.profile.level(at: 1.5), 125)
        expectEqual(schedule.profile.level(at: 2.5), 500)
        #expect(abs(schedule.dueTime(of: 225) - 2) < 1e-9, "100 in the first second, 125 in the next")
    }

    @Test("closed stages: the concurrency follows each, a ramp by steps, c0 is none")
    func closedStages() {
        var schedule = LoadSchedule(plan: LoadPlan(stages: [LoadStage(duration: 2, target: 4), LoadStage(duration: 2, target: 8, from: 4),
                                                            LoadStage(duration: 1, target: 0)], open: false))
        expectEqual(schedule.concurrency(at: 1), 4)
        expectEqual(schedule.concurrency(at: 3), 6)
        expectEqual(schedule.concurrency(at: 4.5), 0)
        // The ramp's next step (5 at 2.5 s) wakes the schedule.
        #expect(abs((schedule.nextWake(after: 2.1) ?? 0) - 2.5) < 1e-3)
        var started = 0
        schedule.take(at: 4.5, inFlight: 0) { _ in started += 1 }
        expectEqual(started, 0)
    }

    @Test("stages that cannot run say why", arguments: [
        ([LoadStage(duration: 0, target: 10)], "stage 1: its time must be positive"),
        ([LoadStage(duration: 1, target: -1)], "a level must be 0 or more"),
        ([LoadStage(duration: 1, target: 0)], "every stage sends nothing"),
        ([LoadStage(duration: 1, target: 2e6)], "at most 1,000,000"),
    ])
    func problems(stages: [LoadStage], problem: String) {
        let said = LoadPlan(stages: stages, open: true).problem ?? ""
        #expect(said.contains(problem), "\(said)")
    }
}
