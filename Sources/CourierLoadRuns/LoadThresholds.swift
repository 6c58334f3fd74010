/// `--fail-on p99+10%,errors>0.1%`: rules a load run must not break, comma-separated.
///
/// - **Relative** rules, `<figure>+N%` and `<figure>-N%`, test the change against the run
///   compared with (`--compare`): `p99+10%` breaks when p99 rose by more than 10 %,
///   `throughput-5%` when throughput fell by more than 5 %. For `errors` the change is in
///   percentage points of the error rate: `errors+0.5%` breaks when the rate rose by more than
///   half a point. A baseline figure of 0 has no relative change and breaks nothing.
/// - **Absolute** rules, `<figure><op><value>` with `>`, `<`, `>=` or `<=`, break when the
///   comparison holds: `p99>250ms`, `p99>1s`, `mean>=800us`, `throughput<1000` (also `rps`,
///   and `/s` after the value), `errors>0.1%` (the error rate), `errors>5` (failed requests).
///
/// Figures: p50, p90, p95, p99, p99.9, max, mean (latencies take ms, s or µs/us), throughput
/// or rps, errors.
public struct LoadThresholds: Sendable, Hashable {
    /// One rule, as written and where.
    public struct Rule: Sendable, Hashable {
        /// How the figure is tested.
        public enum Test: Sendable, Hashable {
            /// Breaks when the figure moved by more than `percent` against the baseline in
            /// the sign's direction (+ rose, − fell); for the error rate, percentage points.
            case relative(percent: Double)
            /// Breaks when `figure <comparison> value` holds (milliseconds, requests a second,
            /// a ratio or a count, as ``LoadFigure/value(in:)``).
            case absolute(Comparison, Double)
        }

        public enum Comparison: String, Sendable, Hashable, CaseIterable {
            case atLeast = ">=", atMost = "<=", over = ">", under = "<"

            func holds(_ value: Double, _ limit: Double) -> Bool {
                switch self {
                case .atLeast: return value >= limit
                case .atMost: return value <= limit
                case .over: return value > limit
                case .under: return value < limit
                }
            }

            var words: String {
                switch self {
                case .atLeast: return "at or over"
                case .atMost: return "at or under"
                case .over: return "over"
                case .under: return "under"
                }
            }
        }

        /// The rule as written (`p99+10%`) and its first character's column in the argument.
        public var text: String
        public var column: Int
        public var figure: LoadFigure
        public var test: Test
    }

    public var rules: [Rule]

    /// Parses the argument of `--fail-on`; an error names the rule and the column.
    public init(parsing argument: String) throws(LoadThresholdError) {
        var rules: [Rule] = []
        var column = 1
        for piece in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = piece.prefix { $0 == " " }.count
            var text = piece.dropFirst(leading)
            while text.last == " " { text = text.dropLast() }
            guard !text.isEmpty else { throw LoadThresholdError(message: "an empty rule", rule: nil, column: column) }
            rules.append(try LoadThresholdParser(text: text, column: column + leading).rule())
            column += piece.count + 1
        }
        self.rules = rules
    }

    /// Whether a rule is relative, so that the run needs `--compare`.
    public var needsBaseline: Bool {
        rules.contains { if case .relative = $0.test { return true } else { return false } }
    }

    /// The rules `result` breaks, each with a sentence; an error when a relative rule has no
    /// baseline (check ``needsBaseline`` before the run).
    public func breaches(of result: LoadResult, baseline: LoadResult?) throws(LoadThresholdError) -> [LoadThresholdBreach] {
        var breaches: [LoadThresholdBreach] = []
        for rule in rules {
            let value = rule.figure.value(in: result)
            let shown = "\(rule.figure.rawValue) \(rule.figure.formatted(value))"
            switch rule.test {
            case .absolute(let comparison, let limit):
                guard comparison.holds(value, limit) else { continue }
                breaches.append(LoadThresholdBreach(rule: rule, message:
                    "\(shown) is \(comparison.words) \(rule.figure.formatted(limit)) (rule \(rule.text))"))
            case .relative(let percent):
                guard let baseline else {
                    throw LoadThresholdError(message: "compares with an earlier run: give --compare last, an id or a file",
                                             rule: rule.text, column: rule.column)
                }
                let before = rule.figure.value(in: baseline)
                let points = rule.figure == .errorRate
                guard points || before != 0 else { continue }
                let change = points ? (value - before) * 100 : (value - before) / before * 100
                let slack = 1e-9
                // The sign says the direction, even of a zero (`throughput-0%`: any fall).
                let rise = percent.sign == .plus
                guard rise ? change > percent + slack : change < percent - slack else { continue }
                let unit = points ? " points" : " %"
                let amount = points ? String(format: "%.2f", abs(change)) : String(format: "%.1f", abs(change))
                let limit = (rise ? "+" : "-") + LoadReportFormat.plain(abs(percent)) + unit
                breaches.append(LoadThresholdBreach(rule: rule, message:
                    "\(shown) is \(amount)\(unit) \(change > 0 ? "over" : "under") the baseline's "
                    + "\(rule.figure.formatted(before)) (limit \(limit))"))
            }
        }
        return breaches
    }
}

/// A rule a run broke, and the sentence that says how.
public struct LoadThresholdBreach: Sendable, Hashable, CustomStringConvertible {
    public var rule: LoadThresholds.Rule
    /// `p99 412.0 ms is 37.5 % over the baseline's 299.6 ms (limit +10 %)`.
    public var message: String

    public var description: String { message }
}

/// A `--fail-on` argument that does not parse, or a relative rule without a baseline.
public struct LoadThresholdError: Error, CustomStringConvertible, Sendable, Hashable {
    public var message: String
    /// The rule as written, and its column (1 for the argument's first character).
    public var rule: String?
    public var column: Int

    public var description: String {
        "column \(column)" + (rule.map { ", rule \"\($0)\"" } ?? "") + ": " + message
    }
}
