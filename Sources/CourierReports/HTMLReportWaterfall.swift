import Courier
import CourierFormatCore
import CourierHistory
import CourierRunner
import Foundation

/// The timings of an ``HTMLReport``: a waterfall of every request that went to the network —
/// one bar each, on one scale, split into libcurl's phases (DNS, connect, TLS, send, wait for
/// the first byte, receive) — and the same phases with their figures inside each request.
/// Bars start at 0: a run does not say when each transfer started, only how long its phases took.
struct HTMLReportWaterfall {
    let entries: [HTMLReport.Entry]

    /// A phase: its name, its class in the stylesheet, and its duration (-1: did not happen).
    private typealias Phase = (name: String, style: String, duration: Double)

    private static func phases(of timings: HistoryExchange.Timings) -> [Phase] {
        [("DNS", "dns", timings.dns), ("Connect", "connect", timings.connect), ("TLS", "tls", timings.ssl),
         ("Send", "send", timings.send), ("Wait", "wait", timings.wait), ("Receive", "receive", timings.receive)]
    }

    /// An entry's phases: the history's reading of libcurl's metrics when the request ran,
    /// else the result's own (which has no send phase).
    private static func timings(of entry: HTMLReport.Entry) -> HistoryExchange.Timings? {
        entry.exchange?.timings ?? entry.result.timings.map(HistoryExchange.Timings.init(milliseconds:))
    }

    var section: String {
        let timed = entries.compactMap { entry in Self.timings(of: entry).map { (entry, $0) } }
        guard !timed.isEmpty else { return "" }
        let scale = max(timed.map(\.1.total).max() ?? 0, 0.001)
        var html = "<section class=\"waterfall\" aria-label=\"Timings\">\n<h2>Timings <span class=\"subtitle\">libcurl's phases of each transfer, from its start, on one scale</span></h2>\n" + Self.legend
        html += "<div class=\"waterfall-rows\">\n"
        html += "<div class=\"wf-row wf-scale\"><span></span><span class=\"wf-ticks\">"
            + [0, 0.25, 0.5, 0.75, 1].map { "<span>\(HTMLReport.milliseconds(scale * $0))</span>" }.joined() + "</span><span></span></div>\n"
        for (entry, timings) in timed {
            let result = entry.result
            let label = (result.step.map { "\($0). " } ?? "") + result.name
            html += "<div class=\"wf-row outcome-\(result.ok ? "passed" : "failed")\">"
            html += "<a class=\"wf-name\" href=\"#request-\(entry.number)\" title=\"\(HTMLReport.escape(result.method + " " + result.url))\">"
                + "<span class=\"mark\">\(result.ok ? "✓" : "✗")</span> \(HTMLReport.escape(label))</a>"
            html += "<span class=\"wf-track\">" + Self.bar(timings, scale: scale) + "</span>"
            html += "<span class=\"wf-total\">\(HTMLReport.milliseconds(timings.total))</span></div>\n"
        }
        return html + "</div>\n</section>\n"
    }

    /// One request's phases: its bar on its own scale, and each phase's figure.
    static func phases(_ timings: HistoryExchange.Timings) -> String {
        var html = "<h4>Timings</h4>\n<div class=\"phases\"><div class=\"wf-track wf-track-single\">" + bar(timings, scale: max(timings.total, 0.001)) + "</div>"
        html += "<ul class=\"phase-figures\">"
        for phase in phases(of: timings) {
            let figure = phase.duration < 0 ? "–" : HTMLReport.milliseconds(phase.duration)
            html += "<li><span class=\"swatch phase-\(phase.style)\"></span>\(phase.name) <strong>\(figure)</strong></li>"
        }
        html += "<li>Total <strong>\(HTMLReport.milliseconds(timings.total))</strong></li></ul></div>\n"
        return html
    }

    /// The phases as parts of a bar as long as `total` is of `scale`.
    private static func bar(_ timings: HistoryExchange.Timings, scale: Double) -> String {
        var html = ""
        for phase in phases(of: timings) where phase.duration > 0 {
            let share = phase.duration * 100 / scale
            html += "<span class=\"phase phase-\(phase.style)\" style=\"width:\(String(format: "%.3f", share))%\" "
                + "title=\"\(phase.name) \(HTMLReport.milliseconds(phase.duration))\"></span>"
        }
        return html
    }

    private static var legend: String {
        "<ul class=\"legend\">"
            + phases(of: HistoryExchange.Timings(dns: 0, connect: 0, ssl: 0, send: 0, wait: 0, receive: 0, total: 0))
            .map { "<li><span class=\"swatch phase-\($0.style)\"></span>\($0.name)</li>" }.joined()
            + "</ul>\n"
    }
}
