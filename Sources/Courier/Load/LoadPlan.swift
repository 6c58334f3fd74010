/// How a load run paces its sends, how long it lasts and how it starts.
///
/// - The **closed** model keeps `concurrency` iterations in flight: a new one starts when one
///   ends, so a slow server gets fewer requests (what `wrk` and `hey -c` do).
/// - The **open** model starts iterations on a schedule, `rate` a second, whatever the server
///   does; an iteration's latency counts from when it was due, so a stalled server shows as
///   latency, not as fewer requests (no coordinated omission). At most `maxInFlight` run at
///   once; iterations due beyond that wait, and their wait counts — up to a second of the
///   schedule: what is due beyond it is not sent, and is counted as unsent (the client could
///   not keep up).
///
/// A run lasts `warmup + duration` seconds, or until `requests` measured iterations have
/// started, whichever comes first; iterations of the warm-up are sent but not measured. A ramp
/// raises the concurrency or the rate linearly from the start over `ramp` seconds.
/// The end time is kept whatever the schedule: iterations still running ``endGrace`` seconds
/// after it are abandoned. ``problem`` says when a value is out of its range.
public struct LoadPlan: Sendable, Hashable, Codable {
    /// The pacing of a run.
    public enum Model: Sendable, Hashable, Codable {
        /// Keep `concurrency` iterations in flight; the next starts when one ends.
        case closed(concurrency: Int)
        /// Start `rate` iterations a second on a fixed schedule, at most `maxInFlight` at once.
        case open(rate: Double, maxInFlight: Int)
    }

    /// How sends are paced: closed (a concurrency) or open (a rate).
    public var model: Model
    /// Seconds measured after the warm-up; nil: until `requests` iterations.
    public var duration: Double?
    /// Measured iterations to start; nil: until `duration` ends.
    public var requests: Int?
    /// Seconds sent but not measured, from the start.
    public var warmup: Double
    /// Seconds over which the concurrency or rate rises to its full value, from the start.
    public var ramp: Double
    /// The run in steps after the warm-up (`--stages 30s:100/s,1m:500/s`): each holds its rate or
    /// concurrency for its time, or ramps to it from `from`. Nil: the model's level throughout.
    /// With stages the model carries the highest level (the most in flight), and the duration
    /// is the stages' sum.
    public var stages: [LoadStage]?
    /// Every response is read whole and judged by the request's `expect:` (`--checks`): a
    /// failed check fails the request. Nil or false: responses are only measured.
    public var checks: Bool?

    /// A plan; give `duration`, `requests` or both (the first reached ends the run). Negative
    /// `warmup` and `ramp` count as 0; check ``problem`` before running it.
    public init(model: Model, duration: Double? = nil, requests: Int? = nil, warmup: Double = 0, ramp: Double = 0) {
        self.model = model
        self.duration = duration
        self.requests = requests
        self.warmup = max(0, warmup)
        self.ramp = max(0, ramp)
    }

    /// A plan of `stages` after `warmup` seconds at the first stage's level: the open model
    /// (rates a second, at most `maxInFlight` at once) or the closed (concurrencies).
    public init(stages: [LoadStage], open: Bool, maxInFlight: Int = 256, warmup: Double = 0) {
        let highest = stages.map { max($0.target, $0.from ?? 0) }.max() ?? 0
        self.model = open ? .open(rate: highest, maxInFlight: maxInFlight) : .closed(concurrency: Int(highest.rounded(.up)))
        self.duration = stages.reduce(0) { $0 + $1.duration }
        self.requests = nil
        self.warmup = max(0, warmup)
        self.ramp = 0
        self.stages = stages
    }

    /// Whether sends follow a schedule (the open model).
    public var isOpen: Bool {
        if case .open = model { return true }
        return false
    }

    /// Transfers that may run at once: the concurrency, or the open model's ceiling.
    public var maxInFlight: Int {
        switch model {
        case .closed(let concurrency): return max(1, concurrency)
        case .open(_, let maxInFlight): return max(1, maxInFlight)
        }
    }

    /// Why the plan cannot run, or nil: a value out of its range (``LoadPlan/maximumRate``,
    /// ``LoadPlan/maximumSeconds``, ``LoadPlan/maximumRequests``), or more in flight than the
    /// process's descriptors allow (``LoadPlan/maximumInFlight(descriptorLimit:)``).
    public var problem: String? { problem(descriptorLimit: Self.processDescriptorLimit) }
}

/// One step of a staged load run: `duration` seconds at `target` (requests a second, or
/// requests in flight), or ramping to it from `from`.
public struct LoadStage: Sendable, Hashable, Codable {
    /// How long the stage lasts, in seconds.
    public var duration: Double
    /// The level the stage reaches and holds: requests a second (open model) or in flight (closed).
    public var target: Double
    /// Where a ramp starts; nil: the target is held from the stage's start.
    public var from: Double?

    /// A stage of `duration` seconds at `target`, ramping from `from` when it is given.
    public init(duration: Double, target: Double, from: Double? = nil) {
        self.duration = duration
        self.target = target
        self.from = from
    }
}
