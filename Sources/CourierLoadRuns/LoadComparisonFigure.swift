/// A headline figure of a ``LoadResult``: what `--compare` lists and a `--fail-on` rule tests.
public enum LoadFigure: String, Sendable, Hashable, CaseIterable {
    case throughput, p50, p90, p95, p99, p999 = "p99.9", max, mean
    /// Failed requests ÷ measured requests.
    case errorRate = "error rate"
    /// Failed requests.
    case errors

    /// The figure's value in `result`: milliseconds for latencies, requests a second,
    /// a ratio (0.002 for 0.2 %) or a count.
    public func value(in result: LoadResult) -> Double {
        switch self {
        case .throughput: return result.throughput
        case .errorRate: return result.errorRate
        case .errors: return Double(result.errors.reduce(0) { $0 + $1.count })
        default: return latency(in: result.latency)
        }
    }

    /// This latency percentile of `figures` (0 for a figure that is no latency).
    func latency(in figures: LatencyFigures) -> Double {
        switch self {
        case .p50: return figures.p50
        case .p90: return figures.p90
        case .p95: return figures.p95
        case .p99: return figures.p99
        case .p999: return figures.p999
        case .max: return figures.max
        case .mean: return figures.mean
        case .throughput, .errorRate, .errors: return 0
        }
    }

    /// A latency (milliseconds), where lower is better.
    public var isLatency: Bool {
        switch self {
        case .throughput, .errorRate, .errors: return false
        default: return true
        }
    }

    /// Throughput is the one figure where more is better.
    public var higherIsBetter: Bool { self == .throughput }

    /// The value as the report writes it: `9.8 ms`, `18,402 req/s`, `0.19 %`, `12`.
    public func formatted(_ value: Double) -> String {
        switch self {
        case .throughput: return LoadReportFormat.rate(value)
        case .errorRate: return LoadReportFormat.percent(value)
        case .errors: return LoadReportFormat.count(value)
        default: return LoadReportFormat.milliseconds(value)
        }
    }
}
