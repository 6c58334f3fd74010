import Courier
import CourierFormatCore
import Foundation

extension LoadHTMLReport {
    /// The sample exchanges, a few of each outcome: each a folded row (outcome, request,
    /// latency, when) that opens on the request and the response, heads and first bytes of
    /// the bodies, redacted as they were kept.
    var samplesSection: String {
        guard let samples = result.samples, !samples.isEmpty else { return "" }
        var html = "<section class=\"panel\"><h2>Sample exchanges<span class=\"subtitle\">a few of each outcome, "
            + "the first \(LoadExchange.bodyPrefixLimit / 1024) KiB of each body, redacted</span></h2>\n"
        for sample in samples {
            let failed = sample.error != nil || sample.status >= 400 || sample.status == 0
            html += "<details class=\"sample\"><summary><span class=\"status\(failed ? " sample-failed" : "")\">"
                + Self.escape(sample.outcome) + "</span> <code>" + Self.escape(LoadReport.summary(of: sample)) + "</code> "
                + "<span class=\"muted\">" + Self.escape(Self.when(sample)) + "</span></summary>\n"
            html += "<div class=\"sample-body\"><h4>Request</h4><pre>" + Self.escape(Self.requestText(sample)) + "</pre>\n"
            html += "<h4>Response</h4><pre>" + Self.escape(Self.responseText(sample)) + "</pre></div></details>\n"
        }
        return html + "</section>\n"
    }

    /// `12.3 ms at 4.2 s · login` (a batch item's or chain step's name when there are several).
    static func when(_ sample: LoadSampleExchange) -> String {
        var text = LoadReportFormat.milliseconds(sample.milliseconds) + " at " + String(format: "%.1f s", sample.second)
        if !sample.step.isEmpty { text += " · " + sample.step }
        return text
    }

    /// The request line, its headers and its body.
    static func requestText(_ sample: LoadSampleExchange) -> String {
        var text = sample.method + " " + sample.url + "\n"
        for header in sample.requestHeaders { text += header.name + ": " + header.value + "\n" }
        if let body = sample.requestBody { text += "\n" + body }
        return text
    }

    /// The status line, the headers and the body's first bytes; or the error with no response.
    static func responseText(_ sample: LoadSampleExchange) -> String {
        var text = ""
        if let error = sample.error { text += "failed: " + error + "\n" }
        if let detail = sample.checkDetail { text += "check: " + detail + "\n" }
        guard sample.status > 0 else { return text.isEmpty ? "no response" : text }
        if !text.isEmpty { text += "\n" }
        let reason = ReasonPhrase.of(sample.status)
        text += (sample.httpVersion.isEmpty ? "HTTP" : sample.httpVersion) + " \(sample.status)" + (reason.isEmpty ? "" : " " + reason) + "\n"
        for header in sample.responseHeaders { text += header.name + ": " + header.value + "\n" }
        text += "\n" + sample.body
        if sample.bodyBytes > Int64(sample.body.utf8.count) { text += "\n… (\(sample.bodyBytes) bytes in all)" }
        return text
    }
}
