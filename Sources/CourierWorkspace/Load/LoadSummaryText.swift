import Foundation

/// A short text of a finished load run, until the full report (``LoadReport``) prints it.
enum LoadSummaryText {
    static func lines(_ result: LoadResult) -> [String] {
        var lines = ["\(result.kind) \(result.target): \(result.requests) requests in \(String(format: "%.1f", result.seconds)) s, "
                     + String(format: "%.0f req/s", result.throughput) + (result.stopped ? " (stopped early)" : "")]
        let l = result.latency
        lines.append(String(format: "latency ms  p50 %.2f  p90 %.2f  p95 %.2f  p99 %.2f  p99.9 %.2f  max %.2f",
                            l.p50, l.p90, l.p95, l.p99, l.p999, l.max))
        lines.append("statuses    " + result.statuses.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }.joined(separator: "  "))
        for error in result.errors {
            lines.append("error       \(error.family) \(error.code) × \(error.count): \(error.message)")
        }
        return lines
    }
}
