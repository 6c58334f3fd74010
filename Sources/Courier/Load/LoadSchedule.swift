/// When a load run's iterations are due: the pure part of ``LoadDriver``, with time as seconds
/// from the run's start, so tests drive it with any clock.
///
/// - Open model: iteration k is due at `k / rate`; with a ramp of r seconds the rate rises
///   linearly from 0, so iterations are due where the integral of the rate reaches k:
///   `sqrt(2·k·r / rate)` during the ramp, `r/2 + k/rate` after it.
/// - Closed model: the target concurrency is `concurrency`, or during a ramp
///   `ceil(concurrency · t / r)` (at least 1).
///
/// The open model hands out at most the room its caller has (``take(at:inFlight:room:_:)``):
/// iterations due beyond it are skipped in one step, counted (``skipped``) and never started,
/// so a rate the client cannot keep up with costs neither memory nor a loop per iteration.
struct LoadSchedule {
    let plan: LoadPlan
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
    }

    /// The end of the measured time, from the start; nil when only a count ends the run.
    var endTime: Double? { plan.duration.map { plan.warmup + $0 } }

    /// Whether an iteration due at `time` belongs to the warm-up.
    func isWarmup(_ time: Double) -> Bool { time < plan.warmup }

    /// The open model's due time of iteration `k`.
    func dueTime(of k: Int) -> Double {
        guard case .open(let rate, _) = plan.model else { return 0 }
        let ramp = plan.ramp
        let rampIterations = rate * ramp / 2
        if ramp > 0, Double(k) < rampIterations { return (2 * Double(k) * ramp / rate).squareRoot() }
        return ramp / 2 + Double(k) / rate
    }

    /// The closed model's target concurrency at `time`.
    func concurrency(at time: Double) -> Int {
        guard case .closed(let full) = plan.model else { return plan.maxInFlight }
        guard plan.ramp > 0, time < plan.ramp else { return full }
        return max(1, min(full, Int((Double(full) * time / plan.ramp).rounded(.up))))
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
            if let end = endTime, dueTime(of: issued) >= end { exhausted = true }
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
        guard case .open(let rate, _) = plan.model else { return 0 }
        let ramp = plan.ramp
        let estimate = time <= 0 ? 0 : ramp > 0 && time < ramp ? rate * time * time / (2 * ramp) : (time - ramp / 2) * rate
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
        case .closed(let full):
            if plan.ramp > 0, now < plan.ramp {
                // Just past the time the target rises by one.
                let step = Double(concurrency(at: now)) * plan.ramp / Double(full) + 1e-6
                wake = min(wake ?? .infinity, max(step, now + 1e-6))
            }
        }
        return wake
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
