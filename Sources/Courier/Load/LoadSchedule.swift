/// When a load run's iterations are due: the pure part of ``LoadDriver``, with time as seconds
/// from the run's start, so tests drive it with any clock.
///
/// - Open model: iteration k is due at `k / rate`; with a ramp of r seconds the rate rises
///   linearly from 0, so iterations are due where the integral of the rate reaches k:
///   `sqrt(2·k·r / rate)` during the ramp, `r/2 + k/rate` after it.
/// - Closed model: the target concurrency is `concurrency`, or during a ramp
///   `ceil(concurrency · t / r)` (at least 1).
struct LoadSchedule {
    let plan: LoadPlan
    /// Iterations handed out so far.
    private(set) var issued = 0
    /// Of those, the ones due after the warm-up.
    private(set) var measuredIssued = 0
    /// Set when no more iterations will be due (the end passed, or the count was reached).
    private(set) var exhausted = false

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
    /// end or count is reached.
    mutating func take(at now: Double, inFlight: Int, _ start: (Double) -> Void) {
        guard !exhausted else { return }
        switch plan.model {
        case .open:
            while !exhausted {
                let due = dueTime(of: issued)
                guard due <= now else { break }
                issue(due, start)
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
