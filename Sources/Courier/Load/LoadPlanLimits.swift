import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The ranges a ``LoadPlan`` must keep to, checked before a run starts (``LoadPlan/problem``):
/// outside them a run could not keep its schedule, its end or its figures. A rate of 1e9 a
/// second queued sends without end (1.7 GiB and growing), 1e300 trapped when the report
/// wrote it, and 100,000 in flight asked for more sockets than the process may open.
extension LoadPlan {
    /// The highest rate a plan may ask for, requests a second: far past what one client
    /// process sends (tens of thousands a second), short of what the schedule cannot count.
    public static let maximumRate: Double = 1_000_000
    /// The lowest rate: one every 1,000 seconds.
    public static let minimumRate: Double = 0.001
    /// The longest duration, warm-up or ramp: a week.
    public static let maximumSeconds: Double = 7 * 86_400
    /// The most measured requests a plan may ask for.
    public static let maximumRequests = 1_000_000_000
    /// Seconds that requests still running at the end time get to finish; then the run ends
    /// and they are counted as abandoned (``LoadEnding/abandoned``).
    public static let endGrace: Double = 2

    /// Descriptors kept for the rest of the process (history, cache, a server in the same
    /// process): a quarter of the limit, at most 64.
    static func reservedDescriptors(of limit: Int) -> Int { min(64, limit / 4) }

    /// The most requests a plan may keep in flight under a descriptor limit (each needs a
    /// socket): the limit less what the rest of the process keeps; nil: no limit known.
    public static func maximumInFlight(descriptorLimit: Int?) -> Int? {
        guard let limit = descriptorLimit else { return nil }
        return max(1, limit - reservedDescriptors(of: limit))
    }

    /// The process's descriptor limit (RLIMIT_NOFILE's soft limit, `ulimit -n`); nil when
    /// there is none or it cannot be read.
    public static var processDescriptorLimit: Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: UInt64(limit.rlim_cur))
    }

    /// Why the plan cannot run with `descriptorLimit` descriptors (nil: no limit), or nil.
    public func problem(descriptorLimit: Int?) -> String? {
        if let stages, let problem = stagesProblem(stages) { return problem }
        switch model {
        case .closed(let concurrency):
            if concurrency < 1 { return "concurrency must be at least 1 (got \(concurrency))" }
            if let most = Self.maximumInFlight(descriptorLimit: descriptorLimit), concurrency > most {
                return Self.descriptorProblem("concurrency", concurrency, most: most, limit: descriptorLimit ?? 0)
            }
        case .open(let rate, let maxInFlight):
            if !(rate > 0 && rate.isFinite) {
                return "rate must be a positive number of requests a second (got \(Self.number(rate)))"
            }
            if rate > Self.maximumRate {
                return "rate must be at most 1,000,000 requests a second (got \(Self.number(rate)))"
            }
            if rate < Self.minimumRate {
                return "rate must be at least 0.001 requests a second, one in 1,000 s (got \(Self.number(rate)))"
            }
            if maxInFlight < 1 { return "the most requests in flight must be at least 1 (got \(maxInFlight))" }
            if let most = Self.maximumInFlight(descriptorLimit: descriptorLimit), maxInFlight > most {
                return Self.descriptorProblem("the most requests in flight", maxInFlight, most: most, limit: descriptorLimit ?? 0)
            }
        }
        if duration == nil && requests == nil { return "a load run needs a duration or a number of requests" }
        if let duration {
            if !(duration > 0) { return "duration must be positive (got \(Self.number(duration)))" }
            if let problem = Self.tooLong("duration", duration) { return problem }
        }
        if let problem = Self.tooLong("warm-up", warmup) ?? Self.tooLong("ramp", ramp) { return problem }
        if let requests {
            if requests < 1 { return "requests must be at least 1 (got \(requests))" }
            if requests > Self.maximumRequests { return "requests must be at most 1,000,000,000 (got \(requests))" }
        }
        return nil
    }

    /// Why stages cannot run: none, a time not above 0 or past a week, a level below 0 or past
    /// the model's limits, or a ramp with it.
    private func stagesProblem(_ stages: [LoadStage]) -> String? {
        guard !stages.isEmpty else { return "stages: give at least one, like 30s:100/s" }
        if ramp > 0 { return "stages ramp themselves (30s:0-100/s): leave out the ramp" }
        for (index, stage) in stages.enumerated() {
            let name = "stage \(index + 1)"
            if !(stage.duration > 0) { return "\(name): its time must be positive (got \(Self.number(stage.duration)))" }
            if let problem = Self.tooLong(name, stage.duration) { return problem }
            for level in [stage.target] + (stage.from.map { [$0] } ?? []) {
                guard level >= 0, level.isFinite else { return "\(name): a level must be 0 or more (got \(Self.number(level)))" }
                switch model {
                case .open where level > Self.maximumRate:
                    return "\(name): rate must be at most 1,000,000 requests a second (got \(Self.number(level)))"
                case .closed where level != level.rounded():
                    return "\(name): a concurrency is a whole number (got \(Self.number(level)))"
                default: break
                }
            }
        }
        if stages.allSatisfy({ $0.target == 0 && ($0.from ?? 0) == 0 }) { return "stages: every stage sends nothing" }
        if let problem = Self.tooLong("the stages together", stages.reduce(0) { $0 + $1.duration }) { return problem }
        return nil
    }

    private static func tooLong(_ name: String, _ seconds: Double) -> String? {
        guard !(seconds <= maximumSeconds) else { return nil }
        return "\(name) must be at most a week, 168h (got \(number(seconds)) s)"
    }

    private static func descriptorProblem(_ name: String, _ value: Int, most: Int, limit: Int) -> String {
        "\(name) must be at most \(most) (got \(value)): each request in flight needs a file descriptor, and the "
            + "process may open \(limit) (`ulimit -n`; \(reservedDescriptors(of: limit)) are kept for its own files). "
            + "Raise the limit or ask for fewer"
    }

    /// A number as a sentence shows it: `20`, `0.5`, `1e+300`, `nan`.
    private static func number(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
    }
}

/// Seconds as the load driver's nanoseconds, never trapping: NaN and less than 0 are 0, and
/// anything past 2^62 ns (146 years) is 2^62, so that adding it to a clock reading cannot
/// overflow either.
package enum LoadNanoseconds {
    package static let ceiling: UInt64 = 1 << 62

    package static func from(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        let nanoseconds = seconds * 1e9
        return nanoseconds < Double(ceiling) ? UInt64(nanoseconds) : ceiling
    }
}
