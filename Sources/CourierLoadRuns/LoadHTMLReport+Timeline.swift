import Foundation

/// The report's timeline: p50 and p99 second by second with the run's marks, the knee
/// finder's rate→p99 curve and steps, and whether the load generator kept up.
extension LoadHTMLReport {
    /// p50 and p99 of each second as lines, the marks as dashed verticals (their text beneath).
    var timelineSection: String {
        let seconds = result.perSecond
        guard seconds.contains(where: { $0.p99 > 0 }) else { return "" }
        let width = 1000.0, height = 160.0
        let peak = max(0.001, seconds.map(\.p99).max() ?? 0)
        let step = width / Double(max(1, seconds.count))
        func line(_ values: [Double], _ name: String) -> String {
            let points = values.enumerated().filter { $0.element > 0 }.map { index, value in
                String(format: "%.1f,%.1f", (Double(index) + 0.5) * step, height - value / peak * (height - 8))
            }
            return points.isEmpty ? "" : "<polyline class=\"\(name)\" points=\"\(points.joined(separator: " "))\"/>"
        }
        let drain = Self.drainStart(result)
        var svg = Self.drainShade(from: drain, step: step, width: width, height: height) + line(seconds.map(\.p50), "p50") + line(seconds.map(\.p99), "p99")
        let marks = result.marks ?? []
        for mark in marks where mark.second >= 0 {
            let x = mark.second * step
            svg += String(format: "<line class=\"mark\" x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%.0f\"><title>%@</title></line>",
                          x, x, height, Self.escape("\(LoadReportFormat.plain((mark.second * 10).rounded() / 10)) s: \(mark.text)"))
        }
        var html = "<section class=\"panel\"><h2>Latency per second<span class=\"subtitle\">p99 (amber) and p50, "
            + "highest p99 \(LoadReportFormat.milliseconds(peak))\(drain == nil ? "" : Self.drainCaption)</span></h2>\n"
            + "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" preserveAspectRatio=\"none\" role=\"img\" "
            + "aria-label=\"p50 and p99 latency over \(seconds.count) seconds\">\(svg)</svg>\n"
            + "<div class=\"axis muted\"><span>0 s</span><span>\(seconds.count) s</span></div>\n"
        if !marks.isEmpty {
            html += "<ol class=\"marks\">" + marks.map { "<li>\(LoadReportFormat.plain(($0.second * 10).rounded() / 10)) s — \(Self.escape($0.text))</li>" }.joined() + "</ol>\n"
        }
        return html + "</section>\n"
    }

    /// The first of the seconds after the run's end, when it has any: what was in flight
    /// completing — a few requests, not a fall in throughput. The end is the last send, or
    /// the planned length for a run that ran it (sends the end was noticed a moment after
    /// fall in the second past it).
    static func drainStart(_ result: LoadResult) -> Int? {
        let seconds = result.perSecond
        var start = seconds.lastIndex(where: { $0.sent > 0 }).map { $0 + 1 }
        if !result.stopped, result.knee == nil, let planned = result.plan.duration, planned >= 1 {
            start = min(start ?? .max, Int((planned - 0.001).rounded(.up)))
        }
        guard let start, start < seconds.count else { return nil }
        return start
    }

    /// A shade behind the seconds from `start` on, in a chart `width` by `height`, `step` a second.
    static func drainShade(from start: Int?, step: Double, width: Double, height: Double) -> String {
        guard let start else { return "" }
        return String(format: "<rect class=\"drain\" x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"%.0f\"><title>after the run ended</title></rect>",
                      Double(start) * step, width - Double(start) * step, height)
    }

    /// How a chart's subtitle says what its shaded end is.
    static let drainCaption = "; shaded: after the run ended, what was in flight completing"

    /// `--find-max`'s answer, its rate→p99 curve (each step a point, met or not) and the steps.
    var kneeSection: String {
        guard let knee = result.knee, !knee.steps.isEmpty else { return "" }
        let width = 1000.0, height = 160.0
        let byRate = knee.steps.sorted { $0.rate < $1.rate }
        let top = max(1, byRate.last?.rate ?? 1), peak = max(0.001, byRate.map(\.p99).max() ?? 0)
        func point(_ step: LoadKneeStep) -> (Double, Double) { (step.rate / top * (width - 20) + 10, height - 8 - step.p99 / peak * (height - 16)) }
        var svg = "<polyline class=\"p99\" points=\"" + byRate.map { String(format: "%.1f,%.1f", point($0).0, point($0).1) }.joined(separator: " ") + "\"/>"
        for step in byRate {
            let (x, y) = point(step)
            svg += String(format: "<circle class=\"%@\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\"><title>%@</title></circle>", step.met ? "met" : "unmet", x, y,
                          Self.escape("\(LoadReportFormat.plain(step.rate))/s: p99 \(LoadReportFormat.milliseconds(step.p99))"))
        }
        let answer = knee.rate.map { "<strong>\(LoadReportFormat.count($0)) req/s</strong> is the highest rate that met " }
            ?? "Even the first step broke "
        var html = "<section class=\"panel\"><h2>Highest rate within the SLO<span class=\"subtitle\">"
            + "\(Self.escape(knee.slo))</span></h2>\n<p>\(answer)<code>\(Self.escape(knee.slo))</code>.</p>\n"
            + "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" preserveAspectRatio=\"none\" role=\"img\" "
            + "aria-label=\"p99 by rate\">\(svg)</svg>\n<div class=\"axis muted\"><span>0/s</span><span>p99 by rate</span>"
            + "<span>\(LoadReportFormat.count(top))/s</span></div>\n"
        html += "<div class=\"table-wrap\"><table>\n<thead><tr><th>step</th><th class=\"num\">rate/s</th><th class=\"num\">done/s</th>"
            + "<th class=\"num\">p50</th><th class=\"num\">p99</th><th class=\"num\">errors</th><th></th></tr></thead>\n<tbody>\n"
        for (index, step) in knee.steps.enumerated() {
            html += "<tr class=\"\(step.met ? "" : "check-failed")\"><td>\(index + 1)</td><td class=\"num\">\(LoadReportFormat.count(step.rate))</td>"
                + "<td class=\"num\">\(LoadReportFormat.count(step.throughput))</td><td class=\"num\">\(LoadReportFormat.milliseconds(step.p50))</td>"
                + "<td class=\"num\">\(LoadReportFormat.milliseconds(step.p99))</td><td class=\"num\">\(LoadReportFormat.percent(step.errorRate))</td>"
                + "<td>\(step.met ? "met" : Self.escape("not met: " + step.unmet.joined(separator: "; ")))</td></tr>\n"
        }
        return html + "</tbody></table></div>\n</section>\n"
    }

    /// The generator's warnings as a callout, and its CPU, late sends and loop lag as a line.
    var healthSection: String {
        guard let health = result.health else { return "" }
        var html = ""
        for warning in health.warnings { html += "<p class=\"callout tone-warn\">The client may have set the pace: \(Self.escape(warning)).</p>\n" }
        var facts: [String] = []
        if let cpu = health.cpu { facts.append(String(format: "generator thread %.0f %% busy (busiest second %.0f %%)", cpu, health.peakCPU ?? cpu)) }
        if health.sends > 0, result.plan.isOpen {
            facts.append("\(LoadReportFormat.count(health.lateSends)) of \(LoadReportFormat.count(health.sends)) sends over 1 ms late"
                         + (health.lateness.count > 0 ? " (p99 \(LoadReportFormat.milliseconds(health.lateness.p99)))" : ""))
        }
        if health.loopLag.count > 0 { facts.append("loop lag p99 \(LoadReportFormat.milliseconds(health.loopLag.p99))") }
        if health.waitedForSlot > 0 { facts.append("\(LoadReportFormat.count(health.waitedForSlot)) waited for a free slot") }
        if !facts.isEmpty { html += "<p class=\"muted\">Load generator: \(Self.escape(facts.joined(separator: " · "))).</p>\n" }
        return html
    }
}
