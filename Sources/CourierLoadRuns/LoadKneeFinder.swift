import Courier
import Foundation
import Histogram

/// `--find-max --slo 'p99<50ms,errors<1%'`: the highest rate a second the target serves within
/// its SLO, found in one open-model run. Each step holds a rate for `hold` seconds and is judged
/// on its seconds after the first (the settling one), from their own HDR histograms; the rate
/// doubles until a step breaks the SLO, then the search halves the gap between the last rate
/// that met it and the first that did not, until the gap is within `precision`. After a step
/// that broke it the run pauses until what it left in flight has drained (a queue left at the
/// server would count against the next step). Each step is a mark on the run's timeline.
public struct LoadKneeFinder: Sendable {
    public var slo: LoadSLO
    /// The first step's rate a second.
    public var start: Double
    /// Seconds each step holds (the first of them settles and is not judged).
    public var hold: Double
    /// The search ends when the gap between met and broken is this share of the rate met.
    public var precision = 0.1
    /// At most this many steps.
    public var maxSteps = 20
    /// Told the search so far after each step is judged (the Load view draws the curve as it grows).
    public var progress: (@Sendable (LoadKnee) -> Void)?

    public init(slo: LoadSLO, start: Double, hold: Double) {
        self.slo = slo
        self.start = start
        self.hold = max(2, hold)
    }

    /// Drives `run` (already started, or starting) step by step, then stops it; the steps and
    /// the rate found.
    public func drive(_ run: LoadRun) async -> LoadKnee {
        var knee = LoadKnee(slo: slo.text, rate: nil, steps: [], complete: false)
        guard await waitForStart(run) else { return knee }
        var met: Double?
        var broken: Double?
        var rate = start
        for _ in 0..<maxSteps {
            guard run.level != nil, !Task.isCancelled else { break }
            run.control(.level(rate))
            let begin = run.snapshot(headline: true).seconds
            guard let step = await judge(run, rate: rate, from: begin) else { break }
            knee.steps.append(step)
            if step.met {
                met = rate
                knee.rate = max(knee.rate ?? 0, rate)
            } else {
                broken = min(broken ?? .infinity, rate)
                await drain(run)
            }
            guard let next = Self.next(met: met, broken: broken, rate: rate, precision: precision) else {
                knee.complete = true
                break
            }
            progress?(knee)
            rate = next
        }
        // Out of steps: the answer so far is the search's.
        if knee.steps.count == maxSteps { knee.complete = true }
        run.stop()
        return knee
    }

    /// The next rate: double until broken; then halfway; nil when done (the first step broke
    /// the SLO, or the gap is within `precision`, or the rate would pass the maximum).
    static func next(met: Double?, broken: Double?, rate: Double, precision: Double) -> Double? {
        guard let broken else { return rate * 2 <= LoadPlan.maximumRate ? rate * 2 : nil }
        guard let met, met < broken else { return nil }
        guard (broken - met) / met > precision else { return nil }
        let middle = (met + broken) / 2
        let magnitude = pow(10, (log10(middle)).rounded(.down) - 2)
        return (middle / magnitude).rounded() * magnitude
    }

    private func waitForStart(_ run: LoadRun) async -> Bool {
        for _ in 0..<2_000 {
            if run.level != nil { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Holds the step, then judges its seconds after the first from their histograms (closed
    /// once the second after them began): nil when the run ended first.
    private func judge(_ run: LoadRun, rate: Double, from begin: Double) async -> LoadKneeStep? {
        let first = Int(begin.rounded(.down)) + 1
        let last = Int((begin + hold).rounded(.down)) - 1
        var snapshot = run.snapshot()
        // Bounded: the step's time, and as long again for its last second to close.
        for _ in 0..<Int(hold * 2 * 20 + 40) {
            if !snapshot.running { break }
            if snapshot.perSecond.count > last + 1, snapshot.perSecond[last].histogram != nil || snapshot.perSecond[last].requests == 0 { break }
            try? await Task.sleep(for: .milliseconds(50))
            snapshot = run.snapshot()
        }
        guard snapshot.perSecond.count > last, last >= first else { return nil }
        let seconds = snapshot.perSecond[first...last]
        var histogram = LoadRecorder.histogram()
        for second in seconds {
            if let text = second.histogram, let decoded = try? HDRInterchange.decode(text) { histogram.add(decoded) }
        }
        var figures = snapshot
        let requests = seconds.reduce(0) { $0 + $1.requests }
        let failed = seconds.reduce(0) { $0 + $1.errors }
        figures.requests = requests
        figures.latency = LoadRecorder.figures(histogram)
        figures.throughput = Double(requests) / Double(seconds.count)
        figures.errorRate = requests > 0 ? Double(failed) / Double(requests) : 0
        figures.errors = failed > 0 ? [LoadErrorCount(family: "all", code: 0, message: "", count: failed)] : []
        var unmet = slo.unmet(in: figures)
        // A step the server did not answer at all met nothing.
        if requests == 0 { unmet.append("no request completed") }
        return LoadKneeStep(rate: rate, second: begin, throughput: figures.throughput, p50: figures.latency.p50,
                            p99: figures.latency.p99, errorRate: figures.errorRate, met: unmet.isEmpty, unmet: unmet)
    }

    /// Pauses until nothing is in flight (at most a step's time), so that the next step starts
    /// with the server's queue empty.
    private func drain(_ run: LoadRun) async {
        run.control(.drain)
        for _ in 0..<Int(hold * 20) {
            if run.inFlight == 0 { break }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }
}

/// `--slo 'p99<50ms,errors<1%'`: what a rate must meet, in `--fail-on`'s words but each rule a
/// requirement (p99 under 50 ms, errors under 1 %) rather than a breach.
public struct LoadSLO: Sendable, Hashable {
    public let text: String
    let rules: [LoadThresholds.Rule]

    public init(parsing text: String) throws(LoadOptionsError) {
        let thresholds: LoadThresholds
        do {
            thresholds = try LoadThresholds(parsing: text)
        } catch {
            throw LoadOptionsError("--slo: \(error)")
        }
        if let relative = thresholds.rules.first(where: { if case .relative = $0.test { true } else { false } }) {
            throw LoadOptionsError("--slo: \(relative.text) compares with an earlier run; an SLO is absolute: p99<50ms, errors<1%")
        }
        self.text = text
        rules = thresholds.rules
    }

    /// Why `result` does not meet the SLO, a sentence a rule (`p99 62.1 ms is not under 50 ms`); empty: met.
    public func unmet(in result: LoadResult) -> [String] {
        rules.compactMap { rule in
            guard case .absolute(let comparison, let limit) = rule.test else { return nil }
            let value = rule.figure.value(in: result)
            guard !comparison.holds(value, limit) else { return nil }
            return "\(rule.figure.rawValue) \(rule.figure.formatted(value)) is not \(comparison.words) \(rule.figure.formatted(limit))"
        }
    }
}

/// What `--find-max` found: the steps and the highest rate that met the SLO (nil: not even the first).
public struct LoadKnee: Codable, Sendable, Hashable {
    public var slo: String
    public var rate: Double?
    public var steps: [LoadKneeStep]
    /// The search ended by its own rule (the gap closed, the first step broke the SLO, or out of
    /// steps), not because the run was stopped or reached its `--duration` first.
    public var complete: Bool

    /// A search against `slo` (its text), with what it found so far.
    public init(slo: String, rate: Double? = nil, steps: [LoadKneeStep] = [], complete: Bool = false) {
        self.slo = slo
        self.rate = rate
        self.steps = steps
        self.complete = complete
    }
}

/// One step of the knee finder: the rate asked, what it gave, and whether it met the SLO.
public struct LoadKneeStep: Codable, Sendable, Hashable {
    public var rate: Double
    /// When it began, seconds from the end of the warm-up.
    public var second: Double
    /// Requests completed a second over its judged seconds, and their latency (ms) and error rate.
    public var throughput: Double
    public var p50: Double
    public var p99: Double
    public var errorRate: Double
    public var met: Bool
    public var unmet: [String]
}
