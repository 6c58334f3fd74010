import Courier
import CourierFormatCore
import CourierHistory
import Foundation

/// `courier load`'s text: a finished run's figures, a comparison with a baseline, and a saved
/// run on one line for lists. Lines are at most ``width`` columns.
public enum LoadReport {
    /// The widest line written.
    public static let width = 100
    /// The label column of the run's report.
    private static let labelWidth = 13
    /// The longest step name shown whole.
    private static let nameWidth = 32

    /// A finished (or stopped) run: what ran and how, the latency table with libcurl's
    /// phases, statuses, errors by family and code, bytes, connections and each step.
    public static func lines(for result: LoadResult) -> [String] {
        var lines = ["load \(result.kind) \(result.target) in \(result.workspace)"]
        if let sources = result.mergedFrom {
            lines += wrapped("merged", sources)
            lines.append(labelled("model", plan(result.plan, kind: result.kind) + " each (the first run's)"))
        } else {
            lines.append(labelled("model", result.knee == nil ? plan(result.plan, kind: result.kind) : searchPlan(result.plan)))
        }
        var measured = "\(LoadReportFormat.count(result.requests)) in \(LoadReportFormat.seconds(result.seconds))"
            + " · \(LoadReportFormat.rate(result.throughput))"
        if result.kind == "chain" { measured += " · \(LoadReportFormat.count(result.iterations)) iterations" }
        if result.warmupRequests > 0 { measured += " · \(LoadReportFormat.count(result.warmupRequests)) in the warm-up, not measured" }
        lines.append(labelled("requests", measured))
        if result.stopped { lines.append("stopped early: the figures cover what completed") }
        if let unsent = result.unsent, unsent > 0 {
            lines.append("not sent: \(LoadReportFormat.count(unsent)) due on the schedule: the client could not keep up, "
                         + "or the end came first")
        }
        if let abandoned = result.abandoned, abandoned > 0 {
            lines.append("abandoned: \(LoadReportFormat.count(abandoned)) still running \(LoadReportFormat.plain(LoadPlan.endGrace)) s "
                         + "after the end time")
        }
        if let knee = result.knee { lines += self.knee(knee) }
        lines.append("")
        lines += latencyTable(result)
        lines.append("")
        let statuses = result.statuses.sorted { $0.key < $1.key }.map { "\($0.key) × \(LoadReportFormat.count($0.value))" }
        lines += wrapped("statuses", statuses.isEmpty ? ["none"] : statuses)
        lines += errors(result)
        lines += samples(result)
        lines.append(labelled("bytes", "\(size(result.bytesReceived)) received · \(size(result.bytesSent)) sent"))
        if let protocols = result.protocols, !protocols.isEmpty {
            lines.append(labelled("protocol", LoadReportFormat.protocols(protocols)))
        }
        lines.append(labelled("connections", "\(LoadReportFormat.count(result.newConnections)) new"))
        if result.steps.count > 1 {
            lines.append("")
            lines += steps(result.steps)
        }
        return lines
    }

    /// A comparison: a line naming the baseline, a table of figure, before, after, change and
    /// a marker (`▲ regression`, `▼ better`), and a line counting the regressions.
    public static func lines(for comparison: LoadComparison, timeZone: TimeZone = .current) -> [String] {
        var rows = [["figure", "before", "after", "change"]]
        for row in comparison.rows {
            let cells = [clipped(row.label), row.figure.formatted(row.before), row.figure.formatted(row.after), change(row)]
            rows.append(cells + (marker(row.verdict).map { [$0] } ?? []))
        }
        return [baselineLine(for: comparison, timeZone: timeZone)] + LoadReportFormat.table(rows, columns: 4) + [verdictLine(for: comparison)]
    }

    /// `compared with #7 of 2026-11-26 21:04 (c=64, 30.0 s)`, and the baseline's target when
    /// it is another.
    static func baselineLine(for comparison: LoadComparison, timeZone: TimeZone = .current) -> String {
        let baseline = comparison.baseline
        var named = baseline.id.map { "#\($0) of " } ?? "the run of "
        named += LoadReportFormat.minute(baseline.startedAt, timeZone: timeZone)
        named += " (\(LoadReportFormat.shortModel(baseline.plan)), \(LoadReportFormat.seconds(baseline.seconds)))"
        if baseline.target != comparison.result.target || baseline.kind != comparison.result.kind {
            named += ": \(baseline.kind) \(baseline.target)"
        }
        return "compared with " + named
    }

    /// `▲ regression`, `▼ better`, or nil for a figure that held.
    static func marker(_ verdict: LoadComparison.Verdict) -> String? {
        switch verdict {
        case .regression: return "▲ regression"
        case .better: return "▼ better"
        case .unchanged: return nil
        }
    }

    /// `2 regressions (beyond latency +10 %, throughput -10 %, error rate +0.1 point)`.
    static func verdictLine(for comparison: LoadComparison) -> String {
        let thresholds = comparison.thresholds
        let count = comparison.regressions.count
        return (count == 0 ? "no regression" : "\(count) regression\(count == 1 ? "" : "s")")
            + " (beyond latency +\(LoadReportFormat.plain(thresholds.latency * 100)) %,"
            + " throughput -\(LoadReportFormat.plain(thresholds.throughput * 100)) %,"
            + " error rate +\(LoadReportFormat.plain(thresholds.errorRate * 100)) point)"
    }

    /// `#12  2026-11-26 21:04  request get-json  c=64  30.0 s  18,402 req/s  p50 2.1 ms
    /// p99 9.8 ms  0.00 % errors`, and `stopped` when it was.
    public static func headline(_ run: LoadRunSummary, timeZone: TimeZone = .current) -> String {
        // A find-max run is named by its SLO, not by the rate its search began at.
        let model = run.slo.map { "find-max " + $0 } ?? LoadReportFormat.shortModel(run.plan)
        var parts = ["#\(run.id)", LoadReportFormat.minute(run.startedAt, timeZone: timeZone), "\(run.kind) \(run.target)", model,
                     LoadReportFormat.seconds(run.seconds), LoadReportFormat.rate(run.throughput),
                     "p50 " + LoadReportFormat.milliseconds(run.p50), "p99 " + LoadReportFormat.milliseconds(run.p99),
                     LoadReportFormat.percent(run.errorRate) + " errors"]
        if run.stopped { parts.append("stopped") }
        return parts.joined(separator: "  ")
    }

    /// `concurrency 64 · 30 s · warm-up 5 s · ramp 10 s`; a chain's rate is of chains
    /// (`50 chains/s`), each of several requests.
    static func plan(_ plan: LoadPlan, kind: String = "request") -> String {
        var parts = [LoadReportFormat.model(plan, unit: kind == "chain" ? "chains/s" : "req/s")]
        if case .open(_, let maxInFlight) = plan.model { parts[0] += " (at most \(LoadReportFormat.count(maxInFlight)) in flight)" }
        if let duration = plan.duration { parts.append(LoadReportFormat.plain(duration) + " s") }
        if let requests = plan.requests { parts.append("\(LoadReportFormat.count(requests)) requests") }
        if plan.warmup > 0 { parts.append("warm-up \(LoadReportFormat.plain(plan.warmup)) s") }
        if plan.ramp > 0 { parts.append("ramp \(LoadReportFormat.plain(plan.ramp)) s") }
        if plan.checks == true { parts.append("expect: checked on every response") }
        return parts.joined(separator: " · ")
    }

    /// `--find-max`'s run: `find-max from 50 req/s (at most 256 in flight), for at most 600 s`.
    static func searchPlan(_ plan: LoadPlan) -> String {
        var text = "find-max from " + LoadReportFormat.model(plan)
        if case .open(_, let maxInFlight) = plan.model { text += " (at most \(LoadReportFormat.count(maxInFlight)) in flight)" }
        return text + (plan.duration.map { ", for at most \(LoadReportFormat.plain($0)) s" } ?? "")
    }

    /// `--find-max`'s answer and its steps: rate asked, completed a second, p50, p99, errors,
    /// and why a step did not meet the SLO.
    static func knee(_ knee: LoadKnee) -> [String] {
        let answer = knee.rate.map { "\(LoadReportFormat.count($0)) req/s is the highest rate that met \(knee.slo)" }
            ?? "\(knee.slo) is broken at the first step"
        var rows = [["step", "rate/s", "done/s", "p50", "p99", "errors", ""]]
        for (index, step) in knee.steps.enumerated() {
            rows.append(["\(index + 1)", LoadReportFormat.count(step.rate), LoadReportFormat.count(step.throughput),
                         LoadReportFormat.milliseconds(step.p50), LoadReportFormat.milliseconds(step.p99),
                         LoadReportFormat.percent(step.errorRate), step.met ? "met" : "not met: " + step.unmet.joined(separator: "; ")])
        }
        return [labelled("find-max", answer)] + LoadReportFormat.table(rows, columns: 6).map { "  " + $0 }
    }

    /// The percentiles a latency table has, in its order.
    static let latencyColumns: [LoadFigure] = [.p50, .p90, .p95, .p99, .p999, .max, .mean]

    /// The iteration latency, then each phase libcurl measured (a phase nothing reached is left out).
    static func latencyRows(_ result: LoadResult) -> [(name: String, figures: LatencyFigures)] {
        [("latency", result.latency)] + ["dns", "connect", "tls", "firstByte", "transfer", "total"].compactMap { phase in
            guard let figures = result.phases[phase], figures.count > 0 else { return nil }
            return (LoadComparison.phaseName(phase), figures)
        }
    }

    /// The iteration latency and each phase libcurl measured, by percentile.
    static func latencyTable(_ result: LoadResult) -> [String] {
        let figures = latencyColumns
        var rows = [[""] + figures.map(\.rawValue)]
        for (label, latency) in latencyRows(result) {
            rows.append([label] + figures.map { LoadReportFormat.milliseconds($0.latency(in: latency)) })
        }
        return LoadReportFormat.table(rows.map { [$0[0].padding(toLength: labelWidth - 2, withPad: " ", startingAt: 0)] + $0.dropFirst() },
                                      columns: figures.count + 1)
    }

    /// The error count and rate, then a row per family and code with its first message.
    static func errors(_ result: LoadResult) -> [String] {
        let failed = result.errors.reduce(0) { $0 + $1.count }
        guard failed > 0 else { return [labelled("errors", "none")] }
        var lines = [labelled("errors", "\(LoadReportFormat.count(failed)) (\(LoadReportFormat.percent(result.errorRate)))")]
        let rows = result.errors.map { ["  " + errorName($0), LoadReportFormat.count($0.count)] }
        for (row, error) in zip(LoadReportFormat.table(rows, columns: 2), result.errors) {
            let message = TerminalText.neutralized(error.message)
            let room = width - row.count - 2
            lines.append(row + "  " + (message.count > room ? message.prefix(room - 1) + "…" : message))
        }
        return lines
    }

    /// `transport -1004`, `http 503`, or `check` for a failed check (its message is the check).
    static func errorName(_ error: LoadErrorCount) -> String {
        error.family == RequestError.Family.validation.rawValue ? "check" : "\(error.family) \(error.code)"
    }

    /// Each batch item's or chain step's requests, errors and latency.
    static func steps(_ steps: [LoadStepFigures]) -> [String] {
        let figures: [LoadFigure] = [.p50, .p90, .p99, .max]
        var rows = [["step", "requests", "errors"] + figures.map(\.rawValue)]
        for step in steps {
            // A step that never ran (a chain's conditional one) has no latency, not 0 ms.
            rows.append([clipped(step.name), LoadReportFormat.count(step.requests), LoadReportFormat.count(step.errors)]
                        + figures.map { step.requests > 0 ? LoadReportFormat.milliseconds($0.latency(in: step.latency)) : "–" })
        }
        return LoadReportFormat.table(rows, columns: rows[0].count)
    }

    /// A row's change: per cent, or percentage points for the error rate; `n/a` from zero.
    static func change(_ row: LoadComparison.Row) -> String {
        if row.figure == .errorRate { return String(format: "%+.2f pt", (row.after - row.before) * 100) }
        return row.change.map(LoadReportFormat.change) ?? "n/a"
    }

    private static func labelled(_ label: String, _ text: String) -> String {
        label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + text
    }

    /// Items after a label, as many on a line as fit.
    private static func wrapped(_ label: String, _ items: [String]) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            if !line.isEmpty && labelWidth + line.count + 3 + item.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " · ") + item
        }
        lines.append(line)
        return lines.enumerated().map { labelled($0.offset == 0 ? label : "", $0.element) }
    }

    private static func clipped(_ name: String) -> String {
        let name = TerminalText.neutralized(name)
        return name.count > nameWidth ? name.prefix(nameWidth - 1) + "…" : name
    }

    private static func size(_ bytes: Int64) -> String { ByteCountText.size(Int(clamping: bytes)) }
}
