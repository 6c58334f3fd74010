import Foundation

/// A change to a load run while it goes on (the Load view's `+`, `-` and `p`; the knee
/// finder's steps): it holds from the moment it is made until the next stage begins, or to the
/// end without stages.
public enum LoadControl: Sendable, Hashable {
    /// A quarter more: the rate × 1.25, the concurrency + 25 % (at least one more).
    case faster
    /// A quarter less (at least one less, never below one in flight or 0.001 a second).
    case slower
    /// Nothing more is sent (what runs finishes); the level is kept for ``resume``.
    case pause
    /// A pause the knee finder makes between two steps, until what the last one left in
    /// flight has drained: marked `draining`, not `paused`, so that nobody looks for who pressed p.
    case drain
    /// Back to the level before the pause.
    case resume
    /// This rate a second (open model) or concurrency (closed).
    case level(Double)
}

/// What a ``LoadControl`` changed: the level before and after, in the model's unit.
public struct LoadControlChange: Sendable, Hashable {
    /// Requests a second (open model), or requests in flight (closed).
    public var before: Double
    /// The level the change set, in the same unit as ``before``.
    public var after: Double
    /// Whether the level is a rate (open model).
    public var isRate: Bool
    /// Seconds from the run's start (warm-up included) when it took effect.
    public var at: Double
    /// `rate 100/s → 125/s`, `concurrency 8 → 10`, `paused`, `draining`, `resumed at 125/s`.
    public var text: String
}

extension LoadDriver {
    /// Changes the level from now on; nil when the run is over (or not started) or nothing
    /// changes (a pause while paused, a resume while not).
    public func control(_ control: LoadControl) -> LoadControlChange? {
        let isRate: Bool = if case .open = plan.model { true } else { false }
        let change = state.withLock { state -> LoadControlChange? in
            // Not before it starts, nor once its end was seen (the queue is finishing it).
            guard !state.over, !state.endNoticed, state.startNanos > 0 else { return nil }
            let now = Self.now()
            let time = Double(now > state.startNanos ? now - state.startNanos : 0) / 1e9
            let before = state.schedule.level(at: time)
            let paused = state.schedule.profile.isIdle(at: time)
            let after: Double
            var text: String?
            switch control {
            case .faster:
                let from = paused ? state.pausedLevel ?? 0 : before
                after = isRate ? Self.rounded(max(from, LoadPlan.minimumRate) * 1.25) : from + max(1, (from * 0.25).rounded())
            case .slower:
                let from = paused ? state.pausedLevel ?? 0 : before
                after = isRate ? max(LoadPlan.minimumRate, Self.rounded(from / 1.25)) : max(1, from - max(1, (from * 0.2).rounded()))
            case .pause, .drain:
                guard !paused else { return nil }
                state.pausedLevel = before
                after = 0
                text = control == .drain ? "draining" : "paused"
            case .resume:
                guard paused, let level = state.pausedLevel else { return nil }
                after = level
                text = "resumed at " + Self.describe(level, isRate: isRate)
            case .level(let level):
                after = max(0, level)
            }
            let limited = isRate ? min(after, LoadPlan.maximumRate)
                : min(after, Double(LoadPlan.maximumInFlight(descriptorLimit: LoadPlan.processDescriptorLimit) ?? Int(after)))
            guard limited != before || paused else { return nil }
            if limited > 0 { state.pausedLevel = nil }
            state.schedule.hold(limited, at: time)
            if !isRate, Int(limited) > state.slots {
                (state.slots, state.capacity) = Self.limits(slots: Int(limited), rate: nil)
            } else if isRate {
                // A second of the new rate may wait for a slot.
                (state.slots, state.capacity) = Self.limits(slots: state.slots, rate: max(limited, before))
            }
            state.askedWake = nil
            let label = isRate ? "rate" : "concurrency"
            // From a pause the change is a new level, not a rise from nothing.
            let from = paused ? "" : Self.describe(before, isRate: isRate) + " "
            return LoadControlChange(before: paused ? 0 : before, after: limited, isRate: isRate, at: time,
                                     text: text ?? "\(label) \(from)→ \(Self.describe(limited, isRate: isRate))")
        }
        guard let change else { return nil }
        if let transport {
            if !change.isRate { transport.setConcurrencyLimit(state.withLock { $0.slots }) }
            transport.wake()
        } else {
            queue.async { [self] in timerFired() }
        }
        return change
    }

    /// The level now: requests a second (open model) or in flight (closed); 0 while paused.
    public var level: Double {
        state.withLock { state in
            let now = Self.now()
            return state.schedule.level(at: Double(now > state.startNanos && state.startNanos > 0 ? now - state.startNanos : 0) / 1e9)
        }
    }

    /// A rate to three significant digits (at least 0.001): 125, 156, 1.95.
    private static func rounded(_ rate: Double) -> Double {
        guard rate > 0 else { return 0 }
        let magnitude = pow(10, (log10(rate)).rounded(.down) - 2)
        return max(LoadPlan.minimumRate, (rate / magnitude).rounded() * magnitude)
    }

    /// `125/s`, `1.95/s`, `16`.
    static func describe(_ level: Double, isRate: Bool) -> String {
        let number = level == level.rounded() && level < 1e15 ? String(Int(level)) : String(format: "%.3g", level)
        return isRate ? number + "/s" : number
    }
}
