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

    /// A plan; give `duration`, `requests` or both (the first reached ends the run). Negative
    /// `warmup` and `ramp` count as 0; check ``problem`` before running it.
    public init(model: Model, duration: Double? = nil, requests: Int? = nil, warmup: Double = 0, ramp: Double = 0) {
        self.model = model
        self.duration = duration
        self.requests = requests
        self.warmup = max(0, warmup)
        self.ramp = max(0, ramp)
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
