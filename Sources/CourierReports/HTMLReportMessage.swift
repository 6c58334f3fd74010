import Courier
import CourierFormat
import CourierHistory
import Foundation

/// An exchange's request and response in an ``HTMLReport``, as the history keeps them
/// (redacted): the phases of its transfer, then each side's headers and the start of its
/// body, closed by default.
struct HTMLReportMessage {
    let exchange: HistoryExchange

    var html: String {
        var html = ""
        if let timings = exchange.timings { html += HTMLReportWaterfall.phases(timings) }
        html += part("Response", headers: exchange.responseHeaders, body: exchange.responseBody, bytes: exchange.responseBodyBytes,
                     contentType: exchange.contentType, open: true)
        let requestType = exchange.requestHeaders.first { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
        html += part("Request", headers: exchange.requestHeaders, body: exchange.requestBody, bytes: exchange.requestBodyBytes,
                     contentType: requestType, open: false)
        return html
    }

    private func part(_ title: String, headers: [HistoryExchange.Header], body: Data?, bytes: Int, contentType: String?, open: Bool) -> String {
        guard !headers.isEmpty || bytes > 0 else { return "" }
        var html = "<details class=\"message\"\(open && bytes > 0 ? " open" : "")><summary>\(title)"
        html += " <span class=\"muted\">\(headers.count) header\(headers.count == 1 ? "" : "s")"
        if bytes > 0 { html += " · \(HumanReport.size(bytes))" + (contentType.map { " · " + HTMLReport.escape($0) } ?? "") }
        html += "</span></summary>\n"
        if !headers.isEmpty {
            html += "<table class=\"pairs headers\">\n"
            for header in headers {
                html += "<tr><th>\(HTMLReport.escape(header.name))</th><td><code>\(HTMLReport.escape(header.value))</code></td></tr>\n"
            }
            html += "</table>\n"
        }
        if bytes > 0 { html += bodyExcerpt(body, bytes: bytes) }
        return html + "</details>\n"
    }

    private func bodyExcerpt(_ body: Data?, bytes: Int) -> String {
        guard let body else {
            return "<p class=\"muted\">The body (\(HumanReport.size(bytes))) is over the history's body limit: not shown.</p>\n"
        }
        guard let text = String(data: body, encoding: .utf8) ?? Self.cutUTF8(body) else {
            return "<p class=\"muted\">Binary body, \(HumanReport.size(bytes)): not shown.</p>\n"
        }
        var html = "<pre class=\"body\"><code>\(HTMLReport.escape(text))</code></pre>\n"
        if body.count >= HTMLReportExchanges.excerptBytes {
            html += "<p class=\"muted\">The first \(HumanReport.size(body.count)) of \(HumanReport.size(bytes)).</p>\n"
        }
        return html
    }

    /// Text cut inside a character at the excerpt's end: the whole characters before it; nil
    /// when the bytes are not text.
    private static func cutUTF8(_ data: Data) -> String? {
        guard data.count >= HTMLReportExchanges.excerptBytes else { return nil }
        for cut in 1...3 where data.count > cut {
            if let text = String(data: data.dropLast(cut), encoding: .utf8) { return text + "…" }
        }
        return nil
    }
}
