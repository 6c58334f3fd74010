import Courier
import CourierFormat
import CourierReports
import Foundation

/// `courier load --report FILE`: a load run as one self-contained HTML page to share — what
/// ran and how, the headline figures in cards, requests and errors second by second, the
/// latency percentiles of the run and of libcurl's phases, the latency histogram, statuses,
/// errors by family and code, each step of a batch or chain, and the comparison with a
/// baseline when `--compare` gave one. Drawn with inline SVG and CSS (``HTMLReportStyle``,
/// light and dark); no script, no fetch (its Content-Security-Policy forbids them). A load
/// run keeps no request or body, so there is nothing to redact beyond names.
public struct LoadHTMLReport {
    public var result: LoadResult
    /// The workspace file as given.
    public var workspacePath: String
    public var comparison: LoadComparison?
    /// `--fail-on` rules the run broke, in words.
    public var breaches: [String] = []

    public init(result: LoadResult, workspacePath: String, comparison: LoadComparison? = nil) {
        self.result = result
        self.workspacePath = workspacePath
        self.comparison = comparison
    }

    static func escape(_ text: String) -> String { HTMLReport.escape(text) }

    /// The page.
    public var html: String {
        var page = HTMLReportStyle.pageStart(title: "\(failed ? "✗" : "✓") load \(result.kind) \(result.target) — \(result.workspace)",
                                             css: HTMLReportStyle.css + Self.css, policy: "default-src 'none'; style-src 'unsafe-inline'")
        page += header + cards + healthSection + perSecondSection + timelineSection + kneeSection + latencySection
            + outcomesSection + samplesSection + stepsSection + comparisonSection
        page += "<footer>Made by Courier's load mode. Latency counts from when each request was due "
            + "(open model) or started (closed model).</footer>\n</main>\n</body>\n</html>\n"
        return page
    }

    /// Errors, a broken `--fail-on` rule or a regression make the run's verdict a failure.
    private var failed: Bool { result.errorRate > 0 || !breaches.isEmpty || !(comparison?.regressions.isEmpty ?? true) }

    private var header: String {
        var verdict = result.errorRate > 0 ? "errors" : "no errors"
        if !breaches.isEmpty { verdict = "fail-on broken" } else if comparison?.regressions.isEmpty == false { verdict = "regressed" }
        var html = "<header class=\"page-header\">\n<p class=\"eyebrow\">Courier load report</p>\n"
        html += "<h1><span class=\"verdict verdict-\(failed ? "failed" : "passed")\">\(failed ? "✗" : "✓") \(verdict)</span> "
            + "<span class=\"kind\">\(Self.escape(result.kind))</span> \(Self.escape(result.target))</h1>\n"
        for breach in breaches { html += "<p class=\"callout tone-bad\">\(Self.escape(breach))</p>\n" }
        if result.stopped { html += "<p class=\"callout tone-warn\">Stopped early: the figures cover what completed.</p>\n" }
        var facts = [("Workspace", workspacePath), ("Started", HTMLReport.dateText(result.startedAt)),
                     ("Model", result.knee == nil ? LoadReport.plan(result.plan, kind: result.kind) : LoadReport.searchPlan(result.plan))]
        if let protocols = result.protocols, !protocols.isEmpty { facts.append(("Protocol", LoadReportFormat.protocols(protocols))) }
        facts.append(("Connections", "\(LoadReportFormat.count(result.newConnections)) new"))
        facts.append(("Bytes", "\(HumanReport.size(Int(clamping: result.bytesReceived))) received · "
                      + "\(HumanReport.size(Int(clamping: result.bytesSent))) sent"))
        html += "<dl class=\"meta\">\n"
        for (name, value) in facts { html += "<div><dt>\(name)</dt><dd><code>\(Self.escape(value))</code></dd></div>\n" }
        return html + "</dl>\n</header>\n"
    }

    private var cards: String {
        let failures = result.errors.reduce(0) { $0 + $1.count }
        var measured = "in \(LoadReportFormat.seconds(result.seconds))"
        if result.kind == "chain" { measured += " · \(LoadReportFormat.count(result.iterations)) chains" }
        var html = "<section class=\"summary\" aria-label=\"Summary\">\n"
        html += card("Requests", LoadReportFormat.count(result.requests), measured, tone: "neutral")
        html += card("Throughput", LoadReportFormat.rate(result.throughput), "requests a second", tone: "neutral")
        html += card("Errors", LoadReportFormat.percent(result.errorRate), "\(LoadReportFormat.count(failures)) failed",
                     tone: failures > 0 ? "bad" : "good")
        html += card("p99", LoadReportFormat.milliseconds(result.latency.p99), "p50 " + LoadReportFormat.milliseconds(result.latency.p50),
                     tone: "neutral")
        return html + "</section>\n"
    }

    private func card(_ label: String, _ value: String, _ detail: String, tone: String) -> String {
        "<div class=\"card tone-\(tone)\"><div class=\"card-label\">\(label)</div><div class=\"card-value\">\(Self.escape(value))</div>"
            + "<div class=\"card-detail\">\(Self.escape(detail))</div></div>\n"
    }

    /// Requests (and, on top, errors) in each second, as SVG bars with a tooltip each; the
    /// seconds after the run's end (what was in flight completing) shaded as such.
    private var perSecondSection: String {
        let seconds = result.perSecond
        guard !seconds.isEmpty else { return "" }
        let peak = max(1, seconds.map(\.requests).max() ?? 1)
        let width = 1000.0, height = 160.0
        let step = width / Double(seconds.count)
        let drain = Self.drainStart(result)
        var bars = Self.drainShade(from: drain, step: step, width: width, height: height)
        for (index, second) in seconds.enumerated() {
            let x = Double(index) * step + step * 0.1
            let barWidth = max(1, step * 0.8)
            let total = Double(second.requests) / Double(peak) * height
            let errors = Double(second.errors) / Double(peak) * height
            let tip = "second \(index + 1)\(index >= drain ?? .max ? " (after the run ended)" : ""): "
                + "\(LoadReportFormat.count(second.requests)) requests, \(LoadReportFormat.count(second.errors)) errors"
            bars += String(format: "<g><title>%@</title><rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>",
                           Self.escape(tip), x, height - total, barWidth, total)
            if second.errors > 0 {
                bars += String(format: "<rect class=\"bar-error\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>",
                               x, height - errors, barWidth, errors)
            }
            bars += "</g>"
        }
        return "<section class=\"panel\"><h2>Requests per second<span class=\"subtitle\">peak \(LoadReportFormat.count(peak)); "
            + "errors in red\(drain == nil ? "" : Self.drainCaption)</span></h2>\n<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" preserveAspectRatio=\"none\" "
            + "role=\"img\" aria-label=\"Requests per second over \(seconds.count) seconds\">\(bars)</svg>\n"
            + "<div class=\"axis muted\"><span>0 s</span><span>\(seconds.count) s</span></div>\n</section>\n"
    }

    private var latencySection: String {
        let figures = LoadReport.latencyColumns
        var html = "<section class=\"panel\"><h2>Latency<span class=\"subtitle\">milliseconds</span></h2>\n<div class=\"table-wrap\"><table>\n"
        html += "<thead><tr><th></th>" + figures.map { "<th class=\"num\">\($0.rawValue)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for (name, values) in LoadReport.latencyRows(result) {
            html += "<tr><th>\(Self.escape(name))</th>"
                + figures.map { "<td class=\"num\">\(LoadReportFormat.milliseconds($0.latency(in: values)))</td>" }.joined() + "</tr>\n"
        }
        html += "</tbody></table></div>\n"
        // The buckets from the first to the last with a count.
        let first = result.histogram.firstIndex { $0.count > 0 } ?? 0
        let last = result.histogram.lastIndex { $0.count > 0 } ?? -1
        let buckets = first <= last ? Array(result.histogram[first...last]) : []
        let total = max(1, buckets.reduce(0) { $0 + $1.count })
        let peak = max(1, buckets.map(\.count).max() ?? 1)
        if !buckets.isEmpty {
            html += "<h4>Histogram</h4>\n<div class=\"histogram\">\n"
            for bucket in buckets {
                let share = Double(bucket.count) * 100 / Double(total)
                html += "<div class=\"hist-row\"><span class=\"num\">≤ \(LoadReportFormat.milliseconds(bucket.upTo))</span>"
                    + String(format: "<span class=\"hist-track\"><span class=\"hist-bar\" style=\"width: %.1f%%\"></span></span>",
                             Double(bucket.count) * 100 / Double(peak))
                    + "<span class=\"num\">\(LoadReportFormat.count(bucket.count))</span>"
                    + String(format: "<span class=\"num muted\">%.0f %%</span></div>\n", share)
            }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }

    private var outcomesSection: String {
        var html = "<section class=\"panel\"><h2>Statuses and errors</h2>\n<div class=\"table-wrap\"><table>\n"
        html += "<thead><tr><th>status</th><th class=\"num\">responses</th></tr></thead>\n<tbody>\n"
        for (status, count) in result.statuses.sorted(by: { $0.key < $1.key }) {
            let family = status.first.map { "status-\($0)xx" } ?? ""
            html += "<tr><td class=\"status \(family)\">\(Self.escape(status))</td><td class=\"num\">\(LoadReportFormat.count(count))</td></tr>\n"
        }
        if result.statuses.isEmpty { html += "<tr><td colspan=\"2\" class=\"muted\">no response</td></tr>\n" }
        html += "</tbody></table></div>\n"
        guard !result.errors.isEmpty else { return html + "<p class=\"muted\">No errors.</p>\n</section>\n" }
        html += "<h4>Errors</h4>\n<div class=\"table-wrap\"><table>\n<thead><tr><th>family</th><th>code</th>"
            + "<th class=\"num\">count</th><th>first message</th></tr></thead>\n<tbody>\n"
        for error in result.errors {
            let family = error.family == RequestError.Family.validation.rawValue ? "check" : error.family
            html += "<tr class=\"check-failed\"><td>\(Self.escape(family))</td><td><code>\(error.code)</code></td>"
                + "<td class=\"num\">\(LoadReportFormat.count(error.count))</td><td>\(Self.escape(error.message))</td></tr>\n"
        }
        return html + "</tbody></table></div>\n</section>\n"
    }

    private var stepsSection: String {
        guard result.steps.count > 1 else { return "" }
        var html = "<section class=\"panel\"><h2>\(result.kind == "chain" ? "Steps" : "Items")</h2>\n<div class=\"table-wrap\"><table>\n"
        html += "<thead><tr><th>\(result.kind == "chain" ? "step" : "item")</th><th class=\"num\">requests</th><th class=\"num\">errors</th>"
            + "<th class=\"num\">p50</th><th class=\"num\">p90</th><th class=\"num\">p99</th><th class=\"num\">max</th></tr></thead>\n<tbody>\n"
        for step in result.steps {
            html += "<tr><th>\(Self.escape(step.name))</th><td class=\"num\">\(LoadReportFormat.count(step.requests))</td>"
                + "<td class=\"num\">\(LoadReportFormat.count(step.errors))</td>"
            for figure in [LoadFigure.p50, .p90, .p99, .max] {
                html += "<td class=\"num\">\(step.requests > 0 ? LoadReportFormat.milliseconds(figure.latency(in: step.latency)) : "–")</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table></div>\n</section>\n"
    }

    private var comparisonSection: String {
        guard let comparison else { return "" }
        var html = "<section class=\"panel\"><h2>Compared<span class=\"subtitle\">"
            + "\(Self.escape(LoadReport.baselineLine(for: comparison)))</span></h2>\n"
        html += "<div class=\"table-wrap\"><table>\n<thead><tr><th>figure</th><th class=\"num\">before</th><th class=\"num\">after</th>"
            + "<th class=\"num\">change</th><th></th></tr></thead>\n<tbody>\n"
        for row in comparison.rows {
            let mark = LoadReport.marker(row.verdict) ?? ""
            html += "<tr class=\"verdict-\(row.verdict.rawValue)\"><th>\(Self.escape(row.label))</th>"
                + "<td class=\"num\">\(Self.escape(row.figure.formatted(row.before)))</td><td class=\"num\">\(Self.escape(row.figure.formatted(row.after)))</td>"
                + "<td class=\"num\">\(Self.escape(LoadReport.change(row)))</td><td>\(mark)</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        html += "<p class=\"muted\">\(Self.escape(LoadReport.verdictLine(for: comparison)))</p>\n"
        return html + "</section>\n"
    }

    /// What the run report's stylesheet lacks: panels, number columns, the chart and the histogram.
    private static let css = """

        section.panel { background: var(--panel); border: 1px solid var(--border); border-radius: 10px; padding: 16px 18px; margin-bottom: 20px; }
        .num { text-align: right; font-variant-numeric: tabular-nums; }
        svg.chart { width: 100%; height: 160px; display: block; background: var(--panel-2); border-radius: 6px; }
        svg.chart .bar { fill: var(--accent); } svg.chart .bar-error { fill: var(--bad); }
        svg.chart .p99 { fill: none; stroke: var(--warn); stroke-width: 2; vector-effect: non-scaling-stroke; }
        svg.chart .p50 { fill: none; stroke: var(--accent); stroke-width: 1.5; vector-effect: non-scaling-stroke; }
        svg.chart .drain { fill: var(--muted); opacity: 0.15; }
        svg.chart .mark { stroke: var(--muted); stroke-width: 1; stroke-dasharray: 4 4; vector-effect: non-scaling-stroke; }
        svg.chart circle.met { fill: var(--good); } svg.chart circle.unmet { fill: var(--bad); }
        ol.marks { margin: 6px 0 0 18px; padding: 0; font-size: 12.5px; }
        .axis { display: flex; justify-content: space-between; font-size: 11px; margin-top: 2px; }
        .histogram { display: grid; gap: 3px; }
        .hist-row { display: grid; grid-template-columns: 100px 1fr 90px 50px; gap: 10px; align-items: center; font-size: 12.5px; }
        .hist-track { height: 12px; background: var(--panel-2); border-radius: 3px; overflow: hidden; }
        .hist-bar { display: block; height: 100%; background: var(--accent); min-width: 1px; }
        tr.verdict-regression td, tr.verdict-regression th { color: var(--bad); }
        tr.verdict-better td:last-child { color: var(--good); }
        details.sample { border-top: 1px solid var(--border); padding: 6px 0; }
        details.sample summary { cursor: pointer; font-size: 13px; }
        details.sample .status { font-weight: 600; margin-right: 6px; } details.sample .sample-failed { color: var(--bad); }
        details.sample pre { background: var(--panel-2); border-radius: 6px; padding: 8px 10px; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
        """
}
