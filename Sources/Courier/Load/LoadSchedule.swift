/// When a load run's iterations are due: the pure part of ``LoadDriver``, with time as seconds
/// from the run's start, so tests drive it with any clock. The target over time is a
/// ``LoadProfile``: the model's level, after a ramp from 0 when the plan has one, or the
/// plan's stages after the warm-up (held at the first stage's level), and changed while the
/// run goes on by ``hold(_:at:)``.
///
/// - Open model: iteration k is due where the integral of the rate reaches k — `k / rate` at a
///   held rate; `sqrt(2·k·r / rate)` during a ramp of r seconds from 0, `r/2 + k/rate` after it.
/// - Closed model: the target concurrency is the level rounded up (at least 1 unless the level
///   is held at 0), so a ramp of r seconds gives `ceil(concurrency · t / r)`.
///
/// The open model hands out at most the room its caller has (``take(at:inFlight:room:_:)``):
/// iterations due beyond it are skipped in one step, counted (``skipped``) and never started,
/// so a rate the client cannot keep up with costs neither memory nor a loop per iteration.
struct LoadSchedule {
    let plan: LoadPlan
    /// The level over time, as planned and then as changed.
    private(set) var profile: LoadProfile
    /// Iterations handed out so far.
    private(set) var issued = 0
    /// Of those, the ones due after the warm-up.
    private(set) var measuredIssued = 0
    /// Set when no more iterations will be due (the end passed, or the count was reached).
    private(set) var exhausted = false
    /// Of the issued, those skipped for want of room (open model), and of those the measured.
    private(set) var skipped = 0
    private(set) var measuredSkipped = 0

    init(plan: LoadPlan) {
        self.plan = plan
        profile = Self.profile(of: plan)
    }

    /// The plan's level over time.
    static func profile(of plan: LoadPlan) -> LoadProfile {
        let full: Double
        switch plan.model {
        case .open(let rate, _): full = rate
        case .closed(let concurrency): full = Double(concurrency)
        }
        if let stages = plan.stages, let first = stages.first {
            var parts: [(duration: Double?, from: Double, to: Double)] = []
            if plan.warmup > 0 { parts.append((plan.warmup, first.from ?? first.target, first.from ?? first.target)) }
            parts += stages.map { ($0.duration, $0.from ?? $0.target, $0.target) }
            return LoadProfile(parts)
        }
        return LoadProfile(plan.ramp > 0 ? [(plan.ramp, 0, full), (nil, full, full)] : [(nil, full, full)])
    }

    /// When each stage begins, seconds from the start (after the warm-up); empty without stages.
    var stageStarts: [Double] {
        var start = plan.warmup
        return (plan.stages ?? []).map { stage in
            defer { start += stage.duration }
            return start
        }
    }

    /// Holds `level` from `time` until the next stage begins (to the end without stages):
    /// nothing issued changes, what is due from `time` on follows the new level. A schedule
    /// that ran out because nothing more was due (a level of 0) is taken up again.
    mutating func hold(_ level: Double, at time: Double) {
        let next = stageStarts.first { $0 > time + 1e-9 }
        profile.hold(max(0, level), from: time, until: next)
        if exhausted, endTime.map({ time < $0 }) ?? true, !(plan.requests.map { measuredIssued >= $0 } ?? false) {
            exhausted = false
        }
    }

    /// The level at `time`: requests a second or in flight.
    func level(at time: Double) -> Double { profile.level(at: time) }

    /// The end of the measured time, from the start; nil when only a count ends the run.
    var endTime: Double? { plan.duration.map { plan.warmup + $0 } }

    /// Whether an iteration due at `time` belongs to the warm-up.
    func isWarmup(_ time: Double) -> Bool { time < plan.warmup }

    /// The open model's due time of iteration `k`; `.infinity` when the level never reaches it.
    func dueTime(of k: Int) -> Double {
        guard case .open = plan.model else { return 0 }
        return profile.time(ofCount: Double(k))
    }

    /// The closed model's target concurrency at `time`.
    func concurrency(at time: Double) -> Int {
        guard case .closed = plan.model else { return plan.maxInFlight }
        if profile.isIdle(at: time) { return 0 }
        let level = profile.level(at: time)
        return max(1, Int(min(level - 1e-9, Double(Int.max / 2)).rounded(.up)))
    }

    /// Hands out the iterations to start at `now` with `inFlight` running (closed model) as
    /// their due times, calling `start` for each; marks the schedule exhausted when the run's
    /// end or count is reached. The open model calls `start` at most `room` times and skips
    /// the rest of what is due by `now`.
    mutating func take(at now: Double, inFlight: Int, room: Int = .max, _ start: (Double) -> Void) {
        guard !exhausted else { return }
        switch plan.model {
        case .open:
            var taken = 0
            while !exhausted {
                let due = dueTime(of: issued)
                guard due <= now else { break }
                guard taken < room else {
                    skip(through: now)
                    break
                }
                issue(due, start)
                taken += 1
            }
            // Nothing more is due before the end: the run ends when what runs ends — unless
            // nothing is due at all now (a pause, a stage of nothing), which waits for the end
            // or for a level held from now.
            if let end = endTime {
                let next = dueTime(of: issued)
                if next >= end, next.isFinite || now >= end { exhausted = true }
            }
        case .closed:
            if let end = endTime, now >= end {
                exhausted = true
                return
            }
            var running = inFlight
            let target = concurrency(at: now)
            while !exhausted, running < target {
                issue(now, start)
                running += 1
            }
        }
    }

    /// Skips every iteration due by `now` (up to the end or the count) without starting it.
    private mutating func skip(through now: Double) {
        var next = firstIndex(dueAfter: now, strictly: true)
        if let end = endTime { next = min(next, firstIndex(dueAfter: end, strictly: false)) }
        let firstMeasured = max(issued, firstIndex(dueAfter: plan.warmup, strictly: false))
        var measured = max(0, next - firstMeasured)
        if let count = plan.requests, measuredIssued + measured >= count {
            measured = count - measuredIssued
            next = firstMeasured + measured
            exhausted = true
        }
        guard next > issued else { return }
        skipped += next - issued
        measuredSkipped += measured
        measuredIssued += measured
        issued = next
    }

    /// The open model's first iteration due after `time` (`strictly`) or at or after it. The
    /// inverse of ``dueTime(of:)``, then a step or two to make up for rounding; at most 2^52.
    func firstIndex(dueAfter time: Double, strictly: Bool) -> Int {
        guard case .open = plan.model else { return 0 }
        let estimate = profile.count(at: time)
        let ceiling = 1 << 52
        var k = estimate >= 0 ? (estimate < Double(ceiling) ? Int(estimate) : ceiling) : 0
        func before(_ k: Int) -> Bool { strictly ? dueTime(of: k) <= time : dueTime(of: k) < time }
        var steps = 0
        while k > 0, !before(k - 1), steps < 8 {
            k -= 1
            steps += 1
        }
        steps = 0
        while k < ceiling, before(k), steps < 8 {
            k += 1
            steps += 1
        }
        return k
    }

    private mutating func issue(_ due: Double, _ start: (Double) -> Void) {
        if let end = endTime, due >= end {
            exhausted = true
            return
        }
        issued += 1
        if !isWarmup(due) { measuredIssued += 1 }
        start(due)
        if let count = plan.requests, measuredIssued >= count { exhausted = true }
    }

    /// When the schedule next needs a look without a completion prompting it: the open model's
    /// next due time, a closed ramp's next step, the warm-up's or the run's end; nil: never.
    func nextWake(after now: Double) -> Double? {
        guard !exhausted else { return nil }
        var wake: Double? = endTime
        switch plan.model {
        case .open:
            wake = min(wake ?? .infinity, dueTime(of: issued))
        case .closed:
            // Just past the time the target next rises: a ramp's step, or the next stage.
            if let step = [profile.nextStep(after: now), profile.nextChange(after: now)].compactMap({ $0 }).min() {
                wake = min(wake ?? .infinity, max(step + 1e-6, now + 1e-6))
            }
        }
        return wake.flatMap { $0.isFinite ? $0 : nil }
    }
}

extension LoadPlan {
    /// Walks the plan's schedule at each of `times` (seconds from the start, in any order),
    /// handing out at most `room` iterations a step as the driver would, and asks for the next
    /// wake each time; returns the iterations handed out. For a fuzzer over load options: the
    /// due times, skips and wakes of any plan that passed ``problem`` must never trap, and the
    /// work is bounded by `times.count × room` whatever the rate.
    package func walkSchedule(at times: [Double], room: Int) -> Int {
        var schedule = LoadSchedule(plan: self)
        var handedOut = 0
        for time in times {
            schedule.take(at: time, inFlight: 0, room: room) { _ in handedOut += 1 }
            _ = schedule.nextWake(after: time)
            _ = schedule.firstIndex(dueAfter: time, strictly: true)
        }
        return handedOut
    }
}
