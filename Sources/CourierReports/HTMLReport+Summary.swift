import Courier
import CourierFormat
import Foundation

extension HTMLReport {
    /// Checks over every request: passed, failed.
    var checkCounts: (passed: Int, failed: Int) {
        let checks = entries.flatMap { $0.result.checks ?? [] }
        let passed = checks.filter(\.passed).count
        return (passed, checks.count - passed)
    }

    /// The title and what was run, where, when.
    var header: String {
        let verdict = summary.failed == 0 ? "passed" : "failed"
        var html = "<header class=\"page-header\">\n"
        html += "<p class=\"eyebrow\">Courier report</p>\n"
        html += "<h1><span class=\"verdict verdict-\(verdict)\">\(summary.failed == 0 ? "✓" : "✗") \(verdict)</span> "
            + "\(Self.escape(context.workspace))</h1>\n"
        html += "<dl class=\"meta\">\n"
        let facts: [(String, String, Bool)] = [
            ("Workspace", context.workspacePath, false),
            ("Environment", context.environment ?? "none", false),
            ("Date", Self.dateText(context.date), false),
            ("Command", ([context.command, context.workspacePath] + context.names).joined(separator: " "), true),
        ]
        for (name, value, wide) in facts {
            html += "<div\(wide ? " class=\"wide\"" : "")><dt>\(name)</dt><dd><code>\(Self.escape(value))</code></dd></div>\n"
        }
        return html + "</dl>\n</header>\n"
    }

    /// Counts in cards, and a bar of the requests' outcomes.
    var summarySection: String {
        let checks = checkCounts
        var html = "<section class=\"summary\" aria-label=\"Summary\">\n"
        html += card("Passed", value: "\(summary.ok)", detail: "of \(summary.total) request\(summary.total == 1 ? "" : "s")",
                     tone: summary.ok == summary.total ? "good" : "neutral", id: "summary-passed")
        html += card("Failed", value: "\(summary.failed)", detail: "\(summary.skipped) skipped",
                     tone: summary.failed > 0 ? "bad" : "good", id: "summary-failed")
        let checkTotal = checks.passed + checks.failed
        html += card("Checks", value: checkTotal == 0 ? "–" : "\(checks.passed)/\(checkTotal)",
                     detail: checkTotal == 0 ? "no expect: checks" : "\(checks.passed) passed · \(checks.failed) failed",
                     tone: checks.failed > 0 ? "bad" : checkTotal == 0 ? "neutral" : "good", id: "summary-checks")
        var timeDetail = "\(summary.fromCache) from cache"
        if summary.fromHistory > 0 { timeDetail += " · \(summary.fromHistory) from history" }
        html += card("Total time", value: Self.milliseconds(summary.durationMs), detail: timeDetail, tone: "neutral", id: "summary-time")
        html += outcomeBar
        return html + "</section>\n"
    }

    private func card(_ label: String, value: String, detail: String, tone: String, id: String) -> String {
        "<div class=\"card tone-\(tone)\" id=\"\(id)\"><div class=\"card-label\">\(label)</div>"
            + "<div class=\"card-value\">\(Self.escape(value))</div><div class=\"card-detail\">\(Self.escape(detail))</div></div>\n"
    }

    /// Requests ok, failed and skipped as parts of one bar.
    private var outcomeBar: String {
        guard summary.total > 0 else { return "" }
        var html = "<div class=\"outcome-bar\" role=\"img\" aria-label=\"\(summary.ok) ok, \(summary.failed) failed, \(summary.skipped) skipped\">"
        for (count, tone) in [(summary.ok, "good"), (summary.failed, "bad"), (summary.skipped, "skip")] where count > 0 {
            let share = Double(count) * 100 / Double(summary.total)
            html += "<span class=\"tone-\(tone)\" style=\"width:\(String(format: "%.3f", share))%\"></span>"
        }
        return html + "</div>\n"
    }

    /// `2026-11-26 10:31:07 +0100`: local time, with its offset.
    package static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss xx"
        return formatter.string(from: date)
    }
}
