/// A load run's figures against a baseline's (`--compare`): each with before, after, the change
/// in per cent and a verdict.
///
/// A figure is a **regression** when it got worse by more than its threshold
/// (``Thresholds``; by default a latency up by more than 10 %, throughput down by more than
/// 10 %, the error rate up by more than 0.1 percentage point), and **better** when it moved as
/// far the other way — lower latency, higher throughput, fewer errors. Anything in between is
/// noise and left unmarked.
///
/// Rows, in order: throughput, the latency figures (p50, p90, p95, p99, p99.9, max, mean), the
/// error rate, each libcurl phase's p99 that both runs measured, and each step's p99 when both
/// runs have the same steps in the same order (a batch's items, a chain's steps).
public struct LoadComparison: Sendable, Hashable {
    /// How far a figure may move before it is marked.
    public struct Thresholds: Sendable, Hashable {
        /// A latency's rise, as a fraction (0.10: 10 %).
        public var latency: Double
        /// Throughput's fall, as a fraction.
        public var throughput: Double
        /// The error rate's rise, as a difference of ratios (0.001: 0.1 percentage point).
        public var errorRate: Double

        public init(latency: Double = 0.10, throughput: Double = 0.10, errorRate: Double = 0.001) {
            self.latency = latency
            self.throughput = throughput
            self.errorRate = errorRate
        }

        /// 10 %, 10 % and 0.1 percentage point.
        public static let standard = Thresholds()
    }

    /// What a row's change means.
    public enum Verdict: String, Sendable, Hashable {
        case regression, better, unchanged
    }

    /// One figure of both runs.
    public struct Row: Sendable, Hashable {
        /// `p99`, `throughput`, `error rate`, `phase connect p99`, `step login p99`.
        public var label: String
        /// The kind of figure (a phase's or step's p99 is ``LoadFigure/p99``).
        public var figure: LoadFigure
        public var before: Double
        public var after: Double
        /// After against before in per cent (+37.5 for a rise of three eighths); nil when
        /// before is 0.
        public var change: Double?
        public var verdict: Verdict
    }

    /// The compared run and the one it is compared with.
    public var result: LoadResult
    public var baseline: LoadResult
    public var thresholds: Thresholds
    public var rows: [Row]

    public init(_ result: LoadResult, baseline: LoadResult, thresholds: Thresholds = .standard) {
        self.result = result
        self.baseline = baseline
        self.thresholds = thresholds
        var rows: [Row] = []
        func add(_ label: String, _ figure: LoadFigure, _ before: Double, _ after: Double) {
            rows.append(Self.row(label, figure, before: before, after: after, thresholds: thresholds))
        }
        for figure in [LoadFigure.throughput, .p50, .p90, .p95, .p99, .p999, .max, .mean, .errorRate] {
            add(figure.rawValue, figure, figure.value(in: baseline), figure.value(in: result))
        }
        for phase in Self.phases {
            guard let before = baseline.phases[phase], let after = result.phases[phase], before.count > 0, after.count > 0 else { continue }
            add("phase \(Self.phaseName(phase)) p99", .p99, before.p99, after.p99)
        }
        if baseline.steps.count > 1, baseline.steps.map(\.name) == result.steps.map(\.name) {
            // A step that did not run in one of them (a chain's conditional step) has nothing to compare.
            for (before, after) in zip(baseline.steps, result.steps) where before.requests > 0 && after.requests > 0 {
                add("step \(before.name) p99", .p99, before.latency.p99, after.latency.p99)
            }
        }
        self.rows = rows
    }

    /// The rows that got worse beyond their threshold.
    public var regressions: [Row] { rows.filter { $0.verdict == .regression } }

    /// libcurl's phases in the order a transfer goes through them.
    static let phases = ["connect", "tls", "firstByte", "total"]

    /// `first byte` for `firstByte`.
    static func phaseName(_ key: String) -> String { key == "firstByte" ? "first byte" : key }

    static func row(_ label: String, _ figure: LoadFigure, before: Double, after: Double, thresholds: Thresholds) -> Row {
        let change = before != 0 ? (after - before) / before * 100 : nil
        // Worse is positive: a latency's or the error rate's rise, throughput's fall.
        let worse: Double?
        let limit: Double
        switch figure {
        case .errorRate, .errors:
            worse = after - before
            limit = thresholds.errorRate
        case .throughput:
            worse = change.map { -$0 / 100 }
            limit = thresholds.throughput
        default:
            worse = change.map { $0 / 100 }
            limit = thresholds.latency
        }
        // A hair of slack so that exactly the threshold (10 % of 2.2 ms) is not "more than" it.
        let slack = 1e-9
        let verdict: Verdict
        if let worse, worse > limit + slack { verdict = .regression }
        else if let worse, worse < -(limit + slack) { verdict = .better }
        else { verdict = .unchanged }
        return Row(label: label, figure: figure, before: before, after: after, change: change, verdict: verdict)
    }
}
