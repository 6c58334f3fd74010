import Foundation

/// `courier diff --report FILE`: the verdicts as a page in the HTML report's style — one
/// `<details>` per request, open when it differs, its differences in a table.
public enum DiffReport {
    public static func html(_ outcome: HeadlessDiff.Outcome) -> String {
        let failed = outcome.differing > 0
        let title = "\(failed ? "✗" : "✓") diff \(outcome.before) → \(outcome.after) — \(outcome.workspace)"
        var page = HTMLReportStyle.pageStart(title: title, css: HTMLReportStyle.css + css, policy: "default-src 'none'; style-src 'unsafe-inline'")
        page += "<header class=\"page-header\">\n<p class=\"eyebrow\">Courier diff report</p>\n"
        page += "<h1><span class=\"verdict verdict-\(failed ? "failed" : "passed")\">\(failed ? "✗" : "✓") "
            + (failed ? "\(outcome.differing) of \(outcome.verdicts.count) differ" : "all \(outcome.verdicts.count) the same") + "</span></h1>\n"
        page += "<dl class=\"meta\">\n"
        for (name, value) in [("Workspace", outcome.workspace), ("Before", outcome.before), ("After", outcome.after),
                              ("Made", HTMLReport.dateText(Date()))] {
            page += "<div><dt>\(name)</dt><dd><code>\(HTMLReport.escape(value))</code></dd></div>\n"
        }
        page += "</dl>\n</header>\n"
        for verdict in outcome.verdicts { page += section(verdict) }
        return page + "<footer>Made by courier diff. Bodies are compared as the history keeps them: secrets redacted.</footer>\n</main>\n</body>\n</html>\n"
    }

    private static func section(_ verdict: HeadlessDiff.Verdict) -> String {
        let comparison = verdict.comparison
        let same = comparison.isSame
        let outcome = same ? "passed" : "failed"
        var html = "<details class=\"request outcome-\(outcome)\"\(same ? "" : " open")>\n<summary>"
        html += "<span class=\"mark\" aria-label=\"\(outcome)\">\(same ? "✓" : "✗")</span> "
        html += "<span class=\"method method-\(HTMLReport.escape(verdict.after.method.lowercased()))\">\(HTMLReport.escape(verdict.after.method))</span> "
        html += "<span class=\"name\">\(HTMLReport.escape(verdict.request))</span> "
        html += "<span class=\"muted\">\(HTMLReport.escape(verdict.before.outcome)) → \(HTMLReport.escape(verdict.after.outcome))"
        let count = comparison.differences.count + comparison.unlisted
        html += same ? " · the same" : " · \(count) difference\(count == 1 ? "" : "s")"
        if comparison.ignored > 0 { html += " · \(comparison.ignored) ignored" }
        html += "</span></summary>\n<div class=\"request-body\">\n"
        if !comparison.differences.isEmpty {
            html += "<table class=\"diff\">\n<thead><tr><th>Where</th><th>Before</th><th>After</th></tr></thead>\n<tbody>\n"
            for difference in comparison.differences {
                html += "<tr class=\"diff-\(difference.kind.rawValue)\"><td><code>\(HTMLReport.escape(difference.path))</code></td>"
                    + "<td><code>\(HTMLReport.escape(difference.before ?? "—"))</code></td>"
                    + "<td><code>\(HTMLReport.escape(difference.after ?? "—"))</code></td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
            if comparison.unlisted > 0 { html += "<p class=\"muted\">… and \(comparison.unlisted) more.</p>\n" }
        }
        html += "<p class=\"url\"><code>\(HTMLReport.escape(verdict.before.url))</code> → <code>\(HTMLReport.escape(verdict.after.url))</code></p>\n"
        return html + "</div>\n</details>\n"
    }

    private static let css = """
        table.diff { border-collapse: collapse; width: 100%; margin: .5rem 0; }
        table.diff th, table.diff td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid rgba(127,127,127,.25); vertical-align: top; }
        table.diff td code { white-space: pre-wrap; word-break: break-all; }
        tr.diff-added td:nth-child(3), tr.diff-changed td:nth-child(3), tr.diff-status td:nth-child(3) { color: #1a7f37; }
        tr.diff-removed td:nth-child(2), tr.diff-changed td:nth-child(2), tr.diff-status td:nth-child(2) { color: #cf222e; }
        """
}
