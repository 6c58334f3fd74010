import CourierWorkspace
import Foundation

/// The Load view's sections, each drawn from a ``LoadResult`` alone at a given width: the
/// header, requests a second, the totals, the latency table, the histogram beside statuses
/// and errors, and a batch's or chain's steps. ``LoadPane`` decides which fit.
enum LoadView {
    /// `running`, `stopped` or `done`, and its style.
    static func state(of result: LoadResult) -> (word: String, style: Style) {
        if result.running { return ("running", .accent) }
        return result.stopped ? ("stopped", .warning) : ("done", .success)
    }

    /// How far the run is: `4 s of 10 s`, `612 of 1,000 requests`, and the share done.
    static func progress(of result: LoadResult) -> (text: String, share: Double) {
        let seconds = result.seconds < 10 ? String(format: "%.1f", result.seconds) : String(Int(result.seconds.rounded(.down)))
        if result.running, result.seconds == 0, result.plan.warmup > 0 {
            return ("warming up \(LoadSettings.duration(result.plan.warmup))", 0)
        }
        var parts: [String] = []
        var share = 0.0
        // A find-max run's duration is only the search's ceiling: its time, and its steps.
        if let knee = result.knee {
            let steps = knee.steps.count == 1 ? "1 step" : "\(knee.steps.count) steps"
            return ("\(seconds) s · \(steps)", result.running ? 0 : 1)
        }
        if let duration = result.plan.duration {
            parts.append("\(seconds) s of \(LoadReportFormat.plain(duration)) s")
            share = max(share, result.seconds / duration)
        }
        if let requests = result.plan.requests {
            parts.append("\(result.iterations.groupedDigits) of \(requests.groupedDigits)")
            share = max(share, Double(result.iterations) / Double(requests))
        }
        if result.plan.duration == nil { parts.append("\(seconds) s") }
        return (parts.joined(separator: " · "), result.running || result.stopped ? min(1, share) : 1)
    }

    /// `◐ running  orders · request · c=16 d=10s        4 s of 10 s ━━━━━━━──────`
    static func header(_ result: LoadResult, width: Int, glyphs: Glyphs, now: Date) -> StyledLine {
        let state = state(of: result)
        var line = StyledLine(" ")
        line.append((result.running ? glyphs.spinner(at: now) : result.stopped ? glyphs.cancelled : glyphs.success) + " ", state.style)
        line.append(state.word, state.style)
        line.append("  ")
        line.append(result.target, .strong)
        let settings = result.knee == nil ? LoadSettings.line(of: result.plan) : "find-max from " + LoadSettings.line(of: result.plan)
            .split(separator: " ").filter { !$0.hasPrefix("d=") }.joined(separator: " ")
        line.append(" · \(result.kind) · \(settings)", .dim)
        let progress = progress(of: result)
        let meterWidth = width >= 70 ? 16 : width >= 50 ? 8 : 0
        let right = progress.text + (meterWidth > 0 ? " " : "")
        let room = width - line.width - DisplayWidth.of(right) - meterWidth - 1
        guard room >= 1 else { return line.truncated(to: width) }
        line.append(String(repeating: " ", count: room))
        line.append(right, .plain)
        if meterWidth > 0 {
            let full = Int((progress.share * Double(meterWidth)).rounded())
            line.append(String(repeating: glyphs.meterFull, count: full), state.style)
            line.append(String(repeating: glyphs.meterEmpty, count: meterWidth - full), .dim)
        }
        return line
    }

    /// The complete seconds of a run: the one in progress (or cut short at the end) is left out.
    static func completeSeconds(_ result: LoadResult) -> [LoadSecond] {
        let complete = min(result.perSecond.count, Int(result.seconds.rounded(.down)))
        return complete > 0 ? Array(result.perSecond.prefix(complete)) : result.perSecond
    }

    /// ` 12,340 requests · 1,180/s · errors 0.2 % (24) · 16 in flight · 1 connection HTTP/2 · ↓ 1.2 MiB ↑ 310 KiB`:
    /// as many of these as fit, in this order.
    static func totals(_ result: LoadResult, width: Int) -> StyledLine {
        var requests = StyledLine([Span(result.requests.groupedDigits, .strong), Span(" requests", .dim)])
        if result.kind == "chain" { requests.append(" (\(result.iterations.groupedDigits) chains)", .dim) }
        if result.warmupRequests > 0 { requests.append(" +\(result.warmupRequests.groupedDigits) warm-up", .dim) }
        let failed = result.errors.reduce(0) { $0 + $1.count }
        let errors = LoadReportFormat.percent(result.errorRate) + (failed > 0 ? " (\(failed.groupedDigits))" : "")
        var parts = [requests, StyledLine([Span(LoadFigures.rate(result.throughput), .strong), Span("/s", .dim)]),
                     StyledLine([Span("errors ", .dim), Span(errors, failed > 0 ? .failure : .success)])]
        if result.running { parts.append(StyledLine([Span("\(result.inFlight)", .plain), Span(" in flight", .dim)])) }
        var connections = StyledLine([Span(result.newConnections.groupedDigits, .plain),
                                      Span(result.newConnections == 1 ? " connection" : " connections", .dim)])
        if let protocols = result.protocols, !protocols.isEmpty { connections.append(" " + LoadReportFormat.protocols(protocols), .dim) }
        parts.append(connections)
        var bytes = StyledLine([Span("↓ ", .dim), Span(LoadFigures.bytes(result.bytesReceived), .plain)])
        if result.bytesSent > 0 { bytes.append(StyledLine([Span(" ↑ ", .dim), Span(LoadFigures.bytes(result.bytesSent), .plain)])) }
        parts.append(bytes)
        return LoadFigures.fitted(parts, separator: " · ", width: width)
    }

    /// Why the client may have set the pace, when it may have: the first of the generator's warnings.
    static func healthWarning(_ result: LoadResult) -> String? {
        result.health?.warnings.first
    }

    /// The percentile columns, in order.
    private static var percentiles: [(label: String, value: (LatencyFigures) -> Double)] {
        [("p50", \.p50), ("p90", \.p90), ("p95", \.p95), ("p99", \.p99), ("p99.9", \.p999),
         ("max", \.max), ("mean", \.mean)]
    }

    /// The latency table: a header and the request's row, then libcurl's phases while
    /// `phaseRows` allow (first byte; connect and TLS over new connections).
    static func latency(_ result: LoadResult, width: Int, phaseRows: Int) -> [StyledLine] {
        let columns = percentiles.prefix(width >= 12 + 7 * 9 ? 7 : 6)
        var header = StyledLine(DisplayWidth.padded(" latency ms", to: 12), .dim)
        for column in columns { header.append(LoadFigures.right(column.label, 9), .dim) }
        var rows: [(String, LatencyFigures)] = [(result.kind == "chain" ? "chain" : "request", result.latency)]
        let phases: [(String, String)] = [("firstByte", "first byte"), ("connect", "connect"), ("tls", "tls"), ("dns", "dns"),
                                          ("transfer", "transfer")]
        for (key, label) in phases {
            if let figures = result.phases[key], figures.count > 0 { rows.append((label, figures)) }
        }
        return [header.truncated(to: width)] + rows.prefix(1 + max(0, phaseRows)).enumerated().map { index, row in
            var line = StyledLine(DisplayWidth.padded(" " + row.0, to: 12), index == 0 ? .plain : .dim)
            for column in columns {
                let text = row.1.count > 0 ? LoadFigures.milliseconds(column.value(row.1)) : "–"
                line.append(LoadFigures.right(text, 9), index == 0 ? (column.label == "p99" ? .strong : .plain) : .dim)
            }
            return line.truncated(to: width)
        }
    }

    /// Rows the phases could take below the request's.
    static func phaseCount(_ result: LoadResult) -> Int {
        ["firstByte", "connect", "tls", "dns", "transfer"].filter { (result.phases[$0]?.count ?? 0) > 0 }.count
    }
}
