import Courier
import CourierFormatCore
import CourierHistory
import CourierRunner
import Foundation

/// One request of an ``HTMLReport``: a `<details>` whose summary line says the outcome,
/// method, name, status, time, size and checks, open when the request failed; inside, its
/// URL, error, checks, captures, timings, headers and the start of each body.
struct HTMLReportRequest {
    let entry: HTMLReport.Entry

    private var result: RequestResult { entry.result }
    private var outcome: String { result.skipped ? "skipped" : result.ok ? "passed" : "failed" }

    var html: String {
        var html = "<details class=\"request outcome-\(outcome)\" id=\"request-\(entry.number)\" data-outcome=\"\(outcome)\"\(result.failed ? " open" : "")>\n"
        html += "<summary>" + summaryLine + "</summary>\n<div class=\"request-body\">\n"
        html += "<p class=\"url\"><span class=\"method method-\(HTMLReport.escape(result.method.lowercased()))\">\(HTMLReport.escape(result.method))</span> "
            + "<code>\(HTMLReport.escape(result.url))</code></p>\n"
        html += notes
        if let checks = result.checks, !checks.isEmpty { html += HTMLReportChecks(checks: checks).html }
        if let captures = result.captures, !captures.isEmpty { html += capturesTable(captures) }
        if let exchange = entry.exchange { html += HTMLReportMessage(exchange: exchange).html }
        return html + "</div>\n</details>\n"
    }

    /// ✓/✗, method, name, status, time, size and the checks' tally, in one line (a chain's
    /// step is on the step's line above).
    private var summaryLine: String {
        let mark = result.skipped ? "–" : result.ok ? "✓" : "✗"
        var parts = ["<span class=\"mark\" aria-label=\"\(outcome)\">\(mark)</span>"]
        parts.append("<span class=\"method method-\(HTMLReport.escape(result.method.lowercased()))\">\(HTMLReport.escape(result.method))</span>")
        parts.append("<span class=\"name\">\(HTMLReport.escape(result.name))</span>")
        if result.skipped {
            parts.append("<span class=\"muted\">skipped</span>")
            return parts.joined(separator: " ")
        }
        if let status = result.status {
            let version = result.httpVersion.map { HTMLReport.escape($0) + " " } ?? ""
            parts.append("<span class=\"status status-\(status / 100)xx\">\(version)\(status) \(HTMLReport.escape(ReasonPhrase.of(status)))</span>")
        } else if let error = result.error {
            parts.append("<span class=\"status status-error\">\(HTMLReport.escape("\(error.family) \(error.code)"))</span>")
        }
        var figures = [HTMLReport.milliseconds(result.durationMs), HumanReport.size(result.bytes)]
        if result.fromCache { figures.append("from cache") }
        if let id = result.fromHistory { figures.append("from history #\(id)") }
        parts.append("<span class=\"figures\">\(HTMLReport.escape(figures.joined(separator: " · ")))</span>")
        if let checks = result.checks, !checks.isEmpty {
            let passed = checks.filter(\.passed).count
            let tone = passed == checks.count ? "good" : "bad"
            parts.append("<span class=\"pill tone-\(tone)\">\(passed)/\(checks.count) checks</span>")
        }
        return parts.joined(separator: " ")
    }

    /// The error, the warning, why it was skipped, where a download went, and what paging gathered.
    private var notes: String {
        var html = ""
        if let error = result.error {
            html += "<div class=\"callout tone-bad\"><strong>\(HTMLReport.escape("\(error.family) \(error.code)"))</strong> "
                + "\(HTMLReport.escape(error.message))</div>\n"
        }
        if let reason = result.skipReason { html += "<div class=\"callout tone-skip\">Skipped: \(HTMLReport.escape(reason))</div>\n" }
        if let warning = result.warning { html += "<div class=\"callout tone-warn\">Warning: \(HTMLReport.escape(warning))</div>\n" }
        if let file = result.file { html += "<p class=\"muted\">Saved to <code>\(HTMLReport.escape(file))</code></p>\n" }
        if let paging = result.paging {
            html += "<p class=\"muted\">Gathered \(paging.itemCount) item\(paging.itemCount == 1 ? "" : "s") from \(paging.pages) "
                + "page\(paging.pages == 1 ? "" : "s") (\(HTMLReport.escape(paging.endDescription)))</p>\n"
        }
        return html
    }

    private func capturesTable(_ captures: [String: String]) -> String {
        var html = "<h4>Captured</h4>\n<table class=\"pairs\">\n"
        for (name, value) in captures.sorted(by: { $0.key < $1.key }) {
            html += "<tr><th>\(HTMLReport.escape(name))</th><td><code>\(HTMLReport.escape(value))</code></td></tr>\n"
        }
        return html + "</table>\n"
    }
}
