import CourierWorkspace
import Foundation

/// The Load view's timeline: requests a second and the latency's p50 and p99 second by second,
/// as charts over the run's planned length (so they fill as it goes), the marks of its stages
/// and changes under them, and errors a second when there were any.
extension LoadView {
    /// The seconds the charts span: the plan's length, or what has run (at least ten); a
    /// find-max run's plan is only its ceiling, so its charts span what ran, and a little more
    /// while it runs.
    static func span(_ result: LoadResult) -> Int {
        if result.knee != nil { return max(10, result.perSecond.count + (result.running ? 10 : 0)) }
        let planned = result.plan.duration.map { Int($0.rounded(.up)) } ?? 0
        return max(planned, result.perSecond.count, 10)
    }

    /// The rows the timeline takes for charts `chartRows` high: titles, charts, axis, and a
    /// line each for errors and marks when there are any.
    static func timelineRows(_ result: LoadResult, chartRows: Int) -> Int {
        2 + chartRows + (hasErrors(result) ? 1 : 0) + ((result.marks ?? []).isEmpty ? 0 : 1)
    }

    static func hasErrors(_ result: LoadResult) -> Bool { result.perSecond.contains { $0.errors > 0 } }

    /// Requests a second beside the latency (70 columns and more; the rate alone below), each
    /// `chartRows` high.
    static func timeline(_ result: LoadResult, width: Int, chartRows: Int, glyphs: Glyphs) -> [StyledLine] {
        let seconds = completeSeconds(result)
        let span = span(result)
        let split = width >= 70
        let leftWidth = split ? (width - 3) / 2 : width - 1
        let rightWidth = split ? width - 3 - leftWidth : 0
        let counts = seconds.map { Double($0.requests) }
        let peak = max(1, counts.max() ?? 1)
        let now = result.running ? counts.last ?? 0 : result.throughput
        // Now, the target (while a run with stages or changes goes on), the peak: what fits.
        var parts = [StyledLine([Span("\(result.running ? "now" : "mean") ", .dim), Span(LoadFigures.rate(now), .strong)])]
        if result.running, let level = result.level, result.plan.stages != nil || !(result.marks ?? []).isEmpty {
            // At 0 the pause's own mark says why: `paused` (p) or `draining` (a find-max between steps).
            let pause = result.marks?.last { $0.text == "paused" || $0.text == "draining" }?.text ?? "paused"
            let rate = level >= 10 ? Int(level.rounded()).groupedDigits : LoadFigures.rate(level)
            let text = level == 0 ? pause : result.plan.isOpen ? rate + "/s" : "c=\(Int(level))"
            parts.append(level == 0 ? StyledLine(text, .warning) : StyledLine([Span("target ", .dim), Span(text, .accent)]))
        }
        if seconds.count >= 2 { parts.append(StyledLine([Span("peak ", .dim), Span(Int(peak).groupedDigits, .plain)])) }
        var left = StyledLine(" req/s ", .dim)
        left.append(LoadFigures.fitted(parts, separator: "  ", width: leftWidth + 1 - left.width))
        let rateChart = LoadChart.lines([counts], span: span, width: leftWidth - 1, height: chartRows, peak: peak, shape: .area, unicode: glyphs.isUnicode)
        // A mark at the very start (the first stage) is in the legend, not over the axis's "0 s".
        let marks = (result.marks ?? []).map(\.second).filter { $0 >= 0.5 }
        let markGlyph = glyphs.isUnicode ? "▲" : "^"
        var lines: [StyledLine]
        if split {
            let p99 = seconds.map(\.p99), p50 = seconds.map(\.p50)
            let latencyPeak = max(0.001, p99.max() ?? 0)
            var right = StyledLine("latency p50 · p99  ", .dim)
            if let last = seconds.last {
                right.append(LoadFigures.milliseconds(last.p50) + " · ", .plain)
                right.append(LoadFigures.milliseconds(last.p99), .warning)
                right.append(" ms", .dim)
            }
            let latencyChart = LoadChart.lines([p99, p50], span: span, width: rightWidth, height: chartRows, peak: latencyPeak,
                                               shape: .line, unicode: glyphs.isUnicode)
            var title = left.truncated(to: leftWidth + 2).padded(to: leftWidth + 3)
            title.append(right)
            lines = [title.truncated(to: width)]
            for row in 0..<chartRows {
                var line = StyledLine(" " + rateChart[row], .accent).padded(to: leftWidth + 3)
                line.append(latencyChart[row], .warning)
                lines.append(line)
            }
            var axis = StyledLine(" " + LoadChart.axis(span: span, width: leftWidth - 1, marks: marks, glyph: markGlyph), .dim).padded(to: leftWidth + 3)
            axis.append(LoadChart.axis(span: span, width: rightWidth, marks: marks, glyph: markGlyph), .dim)
            lines.append(axis)
        } else {
            lines = [left.truncated(to: width)] + rateChart.map { StyledLine(" " + $0, .accent) }
            lines.append(StyledLine(" " + LoadChart.axis(span: span, width: leftWidth - 1, marks: marks, glyph: markGlyph), .dim))
        }
        if hasErrors(result) {
            let errors = seconds.map(\.errors)
            var line = StyledLine(" err/s  ", .dim)
            let spark = LoadFigures.sparkline(errors, width: max(0, leftWidth - 20), peak: max(1, Int(peak)), glyphs: glyphs)
            line.append(DisplayWidth.padded(spark, to: max(0, leftWidth - 20)), .failure)
            line.append("  most \((errors.max() ?? 0).groupedDigits)", .failure)
            lines.append(line.truncated(to: width))
        }
        if let marks = result.marks, !marks.isEmpty {
            lines.append(legend(marks, width: width, glyph: markGlyph))
        }
        return lines
    }

    /// The marks, newest last: as many of the latest as fit.
    private static func legend(_ marks: [LoadMark], width: Int, glyph: String) -> StyledLine {
        var shown: [StyledLine] = []
        var used = 1
        for mark in marks.reversed() {
            let part = StyledLine([Span("\(glyph) \(LoadReportFormat.plain((mark.second * 10).rounded() / 10)) s ", .dim), Span(mark.text, .plain)])
            guard used + part.width + (shown.isEmpty ? 0 : 2) < width else { break }
            used += part.width + (shown.isEmpty ? 0 : 2)
            shown.insert(part, at: 0)
        }
        return LoadFigures.fitted(shown, separator: "  ", width: width)
    }
}
