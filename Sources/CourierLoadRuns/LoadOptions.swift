import Courier
import Foundation

/// `courier load`'s pacing options as typed — `--concurrency`, `--rate`, `--max-in-flight`,
/// `--duration`, `--requests`, `--warmup`, `--ramp`, `--stages` and `--fail-on` — read into a ``LoadPlan``
/// and ``LoadThresholds``, every value checked against its range (``LoadPlan/problem``) before
/// anything runs. No input traps: ``exercise(_:)`` runs it all over arbitrary text for a fuzzer.
public struct LoadOptions: Sendable, Hashable {
    public var concurrency: String?
    public var rate: String?
    public var maxInFlight: String?
    public var duration: String?
    public var requests: String?
    public var warmup: String?
    public var ramp: String?
    public var failOn: String?
    /// `--stages 30s:100/s,1m:500/s` (``LoadStagesText``).
    public var stages: String?
    /// `--find-max`, its `--slo` and each step's time (`--step`, default 5s).
    public var findMax = false
    public var slo: String?
    public var step: String?
    /// `--checks`: every response is read whole and judged by the request's `expect:`.
    public var checks = false

    /// The open model's most in flight unless `--max-in-flight` says.
    public static let standardMaxInFlight = 256
    /// The closed model's concurrency unless `--concurrency` says.
    public static let standardConcurrency = 16

    public init(concurrency: String? = nil, rate: String? = nil, maxInFlight: String? = nil, duration: String? = nil,
                requests: String? = nil, warmup: String? = nil, ramp: String? = nil, failOn: String? = nil, stages: String? = nil) {
        self.concurrency = concurrency
        self.rate = rate
        self.maxInFlight = maxInFlight
        self.duration = duration
        self.requests = requests
        self.warmup = warmup
        self.ramp = ramp
        self.failOn = failOn
        self.stages = stages
    }

    /// The plan the options ask for, or the first problem as a sentence naming the option.
    /// `descriptorLimit` bounds the requests in flight (``LoadPlan/maximumInFlight(descriptorLimit:)``).
    public func plan(descriptorLimit: Int? = LoadPlan.processDescriptorLimit) throws(LoadOptionsError) -> LoadPlan {
        var plan = try pacing(descriptorLimit: descriptorLimit)
        if checks { plan.checks = true }
        return plan
    }

    /// The plan's model, levels and times.
    private func pacing(descriptorLimit: Int?) throws(LoadOptionsError) -> LoadPlan {
        if let stages { return try stagedPlan(stages, descriptorLimit: descriptorLimit) }
        if findMax { return try searchPlan(descriptorLimit: descriptorLimit) }
        let model: LoadPlan.Model
        if let rate {
            guard concurrency == nil else { throw LoadOptionsError("give --concurrency or --rate, not both") }
            guard let value = LoadDurationText.rate(rate) else {
                throw LoadOptionsError("--rate expects requests a second like 2000 or 2000/s, got \"\(rate)\"")
            }
            model = .open(rate: value, maxInFlight: try Self.count(maxInFlight, "--max-in-flight") ?? Self.standardMaxInFlight)
        } else {
            guard maxInFlight == nil else {
                throw LoadOptionsError("--max-in-flight goes with --rate (--concurrency is the limit otherwise)")
            }
            model = .closed(concurrency: try Self.count(concurrency, "--concurrency") ?? Self.standardConcurrency)
        }
        let count = try Self.count(requests, "--requests")
        let measured = try Self.seconds(duration, "--duration")
        let plan = LoadPlan(model: model, duration: measured ?? (count == nil ? 10 : nil), requests: count,
                            warmup: try Self.seconds(warmup, "--warmup") ?? 0, ramp: try Self.seconds(ramp, "--ramp") ?? 0)
        if let problem = plan.problem(descriptorLimit: descriptorLimit) { throw LoadOptionsError(problem) }
        return plan
    }

    /// A plan of `--stages`, which say the model, the levels and the time themselves.
    private func stagedPlan(_ text: String, descriptorLimit: Int?) throws(LoadOptionsError) -> LoadPlan {
        let others = [("--concurrency", concurrency), ("--rate", rate), ("--duration", duration), ("--requests", requests),
                      ("--ramp", ramp)].filter { $0.1 != nil }.map(\.0)
        if !others.isEmpty {
            throw LoadOptionsError("--stages say the levels and the time: leave out \(others.joined(separator: " and "))")
        }
        let parsed: (stages: [LoadStage], open: Bool)
        switch LoadStagesText.parse(text) {
        case .success(let stages): parsed = stages
        case .failure(let error): throw error
        }
        if !parsed.open, maxInFlight != nil {
            throw LoadOptionsError("--max-in-flight goes with stages of rates (with c stages the concurrency is the most in flight)")
        }
        let plan = LoadPlan(stages: parsed.stages, open: parsed.open,
                            maxInFlight: try Self.count(maxInFlight, "--max-in-flight") ?? Self.standardMaxInFlight,
                            warmup: try Self.seconds(warmup, "--warmup") ?? 0)
        if let problem = plan.problem(descriptorLimit: descriptorLimit) { throw LoadOptionsError(problem) }
        return plan
    }

    /// `--find-max`'s run: the open model from `--rate` (10/s unless given) for at most
    /// `--duration` (ten minutes unless given) — the search stops it when it is done.
    private func searchPlan(descriptorLimit: Int?) throws(LoadOptionsError) -> LoadPlan {
        let others = [("--concurrency", concurrency), ("--requests", requests), ("--ramp", ramp)].filter { $0.1 != nil }.map(\.0)
        if !others.isEmpty { throw LoadOptionsError("--find-max ramps a rate itself: leave out \(others.joined(separator: " and "))") }
        guard slo != nil else { throw LoadOptionsError("--find-max needs --slo, like --slo 'p99<50ms,errors<1%'") }
        var options = self
        options.findMax = false
        options.rate = rate ?? "10"
        options.duration = duration ?? "10m"
        return try options.plan(descriptorLimit: descriptorLimit)
    }

    /// The knee finder `--find-max --slo … [--step 5s]` asks for; nil without `--find-max`.
    public func kneeFinder(plan: LoadPlan) throws(LoadOptionsError) -> LoadKneeFinder? {
        guard findMax else {
            if slo != nil || step != nil { throw LoadOptionsError("--slo and --step go with --find-max") }
            return nil
        }
        guard let slo else { throw LoadOptionsError("--find-max needs --slo, like --slo 'p99<50ms,errors<1%'") }
        guard case .open(let rate, _) = plan.model else { throw LoadOptionsError("--find-max ramps a rate: leave out --concurrency") }
        let hold = try Self.seconds(step, "--step") ?? 5
        guard hold >= 2 else { throw LoadOptionsError("--step must be at least 2s: a step's first second settles") }
        return LoadKneeFinder(slo: try LoadSLO(parsing: slo), start: rate, hold: hold)
    }

    /// `--fail-on`'s rules, nil without it; an error names the column.
    public func thresholds() throws(LoadOptionsError) -> LoadThresholds? {
        guard let failOn else { return nil }
        do {
            return try LoadThresholds(parsing: failOn)
        } catch {
            throw LoadOptionsError("--fail-on: \(error)")
        }
    }

    private static func count(_ text: String?, _ option: String) throws(LoadOptionsError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw LoadOptionsError("\(option) expects a whole number, got \"\(text)\"")
        }
        return value
    }

    private static func seconds(_ text: String?, _ option: String) throws(LoadOptionsError) -> Double? {
        guard let text else { return nil }
        guard let value = LoadDurationText.seconds(text) else {
            throw LoadOptionsError("\(option) expects a time like 30s, 2m or 500ms, got \"\(text)\"")
        }
        return value
    }
}

/// Options that cannot make a load run, in a sentence (`courier load: …`, exit status 2).
public struct LoadOptionsError: Error, CustomStringConvertible, Sendable, Hashable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
