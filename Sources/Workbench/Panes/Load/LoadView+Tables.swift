import Courier
import CourierWorkspace
import Foundation

extension LoadView {
    /// The latency histogram (`≤ 1.6 ms ██████▍   1,234  12 %`) in `rows` rows of `width`.
    static func histogram(_ result: LoadResult, width: Int, rows: Int, glyphs: Glyphs) -> [StyledLine] {
        let buckets = LoadFigures.buckets(result.histogram, rows: rows - 1)
        var lines = [StyledLine(DisplayWidth.padded(" latency histogram", to: width), .dim)]
        guard !buckets.isEmpty else { return lines + [StyledLine("  nothing measured yet", .dim)] }
        let total = max(1, buckets.reduce(0) { $0 + $1.count })
        let peak = buckets.map(\.count).max() ?? 1
        let countWidth = max(5, (buckets.map(\.count).max() ?? 0).groupedDigits.count + 1)
        let labelWidth = 11
        let barWidth = max(1, width - labelWidth - countWidth - 7)
        for bucket in buckets {
            var line = StyledLine(LoadFigures.right("≤ " + LoadFigures.milliseconds(bucket.upTo) + " ms", labelWidth - 1) + " ", .dim)
            line.append(DisplayWidth.padded(LoadFigures.bar(bucket.count, peak: peak, width: barWidth, glyphs: glyphs), to: barWidth),
                        bucket.upTo >= result.latency.p99 && result.latency.p99 > 0 ? .warning : .accent)
            line.append(LoadFigures.right(bucket.count.groupedDigits, countWidth), .plain)
            line.append(LoadFigures.right("\(Int((Double(bucket.count) * 100 / Double(total)).rounded())) %", 6), .dim)
            lines.append(line.truncated(to: width))
        }
        return lines
    }

    /// A status or error row of ``outcomes(_:width:rows:selected:focused:)``: its own id (kept
    /// as the selection while the rows reorder) and the outcome its samples are kept under.
    struct OutcomeRow: Equatable {
        var id: String
        var outcome: String
    }

    /// The status rows by count, then the error rows, in the order they are drawn.
    static func outcomeRows(_ result: LoadResult) -> [OutcomeRow] {
        let statuses = result.statuses.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        return statuses.map { OutcomeRow(id: "status " + $0.key, outcome: $0.key) }
            + result.errors.map { error in
                let outcome = LoadSampleExchange.outcome(family: error.family, code: error.code, message: error.message)
                return OutcomeRow(id: "error " + outcome, outcome: outcome)
            }
    }

    /// Statuses (`200  12,316`) and errors by code (`http 503  24  Service Unavailable`), in
    /// `rows` rows of `width`; `selected` (an ``OutcomeRow`` id) stands out while the pane is
    /// `focused` (as an active tab does: the row shares the screen's row with the histogram,
    /// so a whole-row highlight would select that too), and `›` marks the rows with sample
    /// exchanges to open.
    static func outcomes(_ result: LoadResult, width: Int, rows: Int, selected: String? = nil, focused: Bool = false) -> [StyledLine] {
        let sampled = Set((result.samples ?? []).map(\.outcome))
        func mark(_ line: StyledLine, _ row: OutcomeRow) -> StyledLine {
            var line = line
            if line.width < width - 1 { line.append(DisplayWidth.padded("", to: width - line.width - 1)) }
            line.append(sampled.contains(row.outcome) ? "›" : " ", .dim)
            line = line.truncated(to: width)
            guard focused, row.id == selected else { return line }
            return StyledLine(line.spans.map { Span($0.text, .tabActive) })
        }
        let hint = selected == nil || !focused ? "" : " · Enter: samples"
        var lines = [StyledLine(DisplayWidth.padded(" status" + hint, to: width - 8) + LoadFigures.right("count", 8), .dim)]
        let statuses = result.statuses.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        for (status, count) in statuses {
            var line = StyledLine(" ")
            let code = Int(status) ?? 0
            line.append(DisplayWidth.padded(status, to: width - 11), code >= 400 ? .failure : Style.status(code))
            line.append(LoadFigures.right(count.groupedDigits, 8), .plain)
            lines.append(mark(line, OutcomeRow(id: "status " + status, outcome: status)))
        }
        if statuses.isEmpty { lines.append(StyledLine(" no response yet", .dim)) }
        guard !result.errors.isEmpty else { return Array(lines.prefix(rows)) }
        lines.append(StyledLine(DisplayWidth.padded(" errors", to: width - 8) + LoadFigures.right("count", 8), .dim))
        for error in result.errors {
            var line = StyledLine(" ")
            let isCheck = error.family == RequestError.Family.validation.rawValue
            line.append(DisplayWidth.padded(isCheck ? "check" : "\(error.family) \(error.code)", to: 14), .failure)
            line.append(LoadFigures.right(error.count.groupedDigits, 8), .plain)
            line.append("  " + error.message, isCheck ? .plain : .dim)
            let outcome = LoadSampleExchange.outcome(family: error.family, code: error.code, message: error.message)
            lines.append(mark(line.truncated(to: width - 3), OutcomeRow(id: "error " + outcome, outcome: outcome)))
        }
        return Array(lines.prefix(rows))
    }

    /// A batch's or chain's steps: `login   1,000   0   1.21   4.10   12.3`.
    static func steps(_ result: LoadResult, width: Int, rows: Int) -> [StyledLine] {
        guard result.steps.count > 1, rows > 1 else { return [] }
        let nameWidth = max(8, min(28, width - 6 - 9 * 5))
        var header = StyledLine(DisplayWidth.padded(" " + (result.kind == "chain" ? "step" : "item"), to: nameWidth + 1), .dim)
        for label in ["requests", "errors", "p50", "p99", "max"] { header.append(LoadFigures.right(label, 9), .dim) }
        var lines = [header.truncated(to: width)]
        for step in result.steps.prefix(rows - 1) {
            var line = StyledLine(" " + DisplayWidth.padded(DisplayWidth.truncated(step.name, to: nameWidth), to: nameWidth))
            line.append(LoadFigures.right(step.requests.groupedDigits, 9), .plain)
            line.append(LoadFigures.right(step.errors.groupedDigits, 9), step.errors > 0 ? .failure : .dim)
            for value in [step.latency.p50, step.latency.p99, step.latency.max] {
                line.append(LoadFigures.right(step.latency.count > 0 ? LoadFigures.milliseconds(value) : "–", 9), .plain)
            }
            lines.append(line.truncated(to: width))
        }
        return lines
    }

    /// A past run as a row of the list, marked when it is the one shown:
    /// `● #12  21:04:10  c=16 d=10s    1,180/s  p99   5.60 ms  err 0.00 %  12,340 req`.
    static func pastRow(_ run: LoadRunSummary, shown: Bool, width: Int, now: Date, glyphs: Glyphs) -> StyledLine {
        let today = Calendar.current.isDate(run.startedAt, inSameDayAs: now)
        let day = today ? "" : LoadReportFormat.minute(run.startedAt, timeZone: .current).prefix(10) + " "
        var parts = [StyledLine(LoadFigures.right("#\(run.id)", 4) + "  " + day + ClockText.time(run.startedAt), .dim),
                     StyledLine(DisplayWidth.padded(LoadSettings.line(of: run), to: 14), .plain),
                     StyledLine([Span(LoadFigures.right(LoadFigures.rate(run.throughput), 7), .strong), Span("/s", .dim)]),
                     StyledLine([Span("p99 ", .dim), Span(LoadFigures.right(LoadFigures.milliseconds(run.p99), 5) + " ms", .plain)]),
                     StyledLine([Span("err ", .dim), Span(LoadReportFormat.percent(run.errorRate), run.errorRate > 0 ? .failure : .dim)])]
        if run.stopped { parts.insert(StyledLine("stopped", .warning), at: 2) }
        parts.append(StyledLine(run.requests.groupedDigits + " req", .dim))
        var line = StyledLine(shown ? glyphs.bullet : " ", .accent)
        line.append(LoadFigures.fitted(parts, separator: "  ", width: width - 1))
        return line
    }

    /// The shown run against a past one: each figure before and after, the change, and
    /// regressions and improvements marked.
    static func comparison(_ comparison: LoadComparison, width: Int, rows: Int) -> [StyledLine] {
        let labelWidth = max(12, min(26, width - 3 * 14 - 12))
        func run(_ result: LoadResult) -> String {
            DisplayWidth.truncated((result.id.map { "#\($0) " } ?? "this run ") + LoadSettings.line(of: result.plan), to: 13)
        }
        var header = StyledLine(DisplayWidth.padded(" compared with", to: labelWidth + 1), .dim)
        header.append(LoadFigures.right(run(comparison.baseline), 14) + LoadFigures.right(run(comparison.result), 14)
            + LoadFigures.right("change", 10), .dim)
        var lines = [header.truncated(to: width)]
        for row in comparison.rows.prefix(max(0, rows - 1)) {
            var line = StyledLine(" " + DisplayWidth.padded(DisplayWidth.truncated(row.label, to: labelWidth), to: labelWidth))
            line.append(LoadFigures.right(row.figure.formatted(row.before), 14), .dim)
            line.append(LoadFigures.right(row.figure.formatted(row.after), 14), .plain)
            let style: Style = switch row.verdict {
            case .regression: .failure
            case .better: .success
            case .unchanged: .dim
            }
            line.append(LoadFigures.right(row.change.map(LoadReportFormat.change) ?? "–", 10), style)
            if row.verdict != .unchanged { line.append("  " + (row.verdict == .regression ? "worse" : "better"), style) }
            lines.append(line.truncated(to: width))
        }
        return lines
    }
}
