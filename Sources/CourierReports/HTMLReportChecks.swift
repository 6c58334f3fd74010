import Courier
import CourierChecks
import CourierRunner
/// A request's `expect:` checks (and contract verdicts) in an ``HTMLReport``: a table with
/// ✓/✗, the check as written, expected, actual, and where it is written; a failure also
/// names the JSON path it read and the schema keyword it broke. Failures come first.
struct HTMLReportChecks {
    let checks: [RequestResult.CheckOutcome]

    var html: String {
        let failed = checks.filter { !$0.passed }.count
        var html = "<h4>Checks <span class=\"muted\">\(checks.count - failed) passed"
            + (failed > 0 ? ", <span class=\"text-bad\">\(failed) failed</span>" : "") + "</span></h4>\n"
        html += "<div class=\"table-wrap\"><table class=\"checks\">\n"
        html += "<thead><tr><th class=\"mark-col\"><span class=\"sr-only\">Result</span></th><th>Check</th><th>Expected</th><th>Actual</th><th>Where</th></tr></thead>\n<tbody>\n"
        // A stable sort: failures first, each group in written order.
        let ordered = checks.filter { !$0.passed } + checks.filter(\.passed)
        for check in ordered { html += row(check) }
        return html + "</tbody>\n</table></div>\n"
    }

    private func row(_ check: RequestResult.CheckOutcome) -> String {
        let mark = check.passed ? "✓" : "✗"
        var html = "<tr class=\"check \(check.passed ? "check-passed" : "check-failed")\">"
        html += "<td class=\"mark-col\"><span class=\"mark\" aria-label=\"\(check.passed ? "passed" : "failed")\">\(mark)</span></td>"
        html += "<td><code>\(HTMLReport.escape(check.check))</code></td>"
        html += "<td class=\"expected\"><code>\(HTMLReport.escape(check.expected))</code></td>"
        html += "<td class=\"actual\"><code>\(HTMLReport.escape(check.actual))</code>"
        if !check.passed {
            var details: [String] = []
            if let path = check.path { details.append("at <code>\(HTMLReport.escape(path))</code>") }
            if let schema = check.schemaLocation { details.append("schema <code class=\"schema-location\">\(HTMLReport.escape(schema))</code>") }
            if !details.isEmpty { html += "<div class=\"check-detail\">\(details.joined(separator: " · "))</div>" }
        }
        html += "</td>"
        html += "<td class=\"where\"><code>\(HTMLReport.escape(check.location))</code></td>"
        return html + "</tr>\n"
    }
}
