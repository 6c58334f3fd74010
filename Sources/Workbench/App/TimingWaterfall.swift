import CourierWorkspace
import Courier

/// libcurl's phases of one transfer as a waterfall: each phase a bar placed where it fell
/// between the start and the end, with its duration, then the transfer's facts.
package enum TimingWaterfall {
    /// One phase: its name and when it started and ended, in seconds from the start.
    package struct Phase: Sendable, Equatable {
        package var name: String
        package var start: Double
        package var end: Double
        package var duration: Double { max(0, end - start) }
    }

    /// The phases in order; those that took no time (TLS over plain HTTP, DNS for an IP
    /// address) are kept with zero length so the rows stay in the same places.
    package static func phases(_ metrics: TransferMetrics) -> [Phase] {
        let dns = metrics.nameLookup
        let connect = max(dns, metrics.connect)
        let tls = metrics.tlsHandshake > 0 ? max(connect, metrics.tlsHandshake) : connect
        let sent = max(tls, metrics.preTransfer)
        let firstByte = max(sent, metrics.firstByte)
        let total = max(firstByte, metrics.total)
        var phases: [Phase] = []
        if metrics.redirect > 0 { phases.append(Phase(name: "Redirects", start: 0, end: metrics.redirect)) }
        let base = metrics.redirect
        phases += [
            Phase(name: "DNS lookup", start: base, end: base + dns),
            Phase(name: "Connect", start: base + dns, end: base + connect),
            Phase(name: "TLS handshake", start: base + connect, end: base + tls),
            Phase(name: "Pre-transfer", start: base + tls, end: base + sent),
            Phase(name: "First byte", start: base + sent, end: base + firstByte),
            Phase(name: "Transfer", start: base + firstByte, end: max(base + firstByte, total)),
        ]
        return phases
    }

    /// The waterfall as pane lines of `width` columns.
    package static func lines(_ metrics: TransferMetrics, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let phases = phases(metrics)
        let total = max(metrics.total, phases.last?.end ?? 0, 0.000_001)
        let labelWidth = 15
        let numberWidth = 10
        let barWidth = max(10, width - labelWidth - numberWidth - 4)
        var lines: [StyledLine] = []
        for phase in phases {
            let start = Int((phase.start / total * Double(barWidth)).rounded(.down))
            var length = Int((phase.duration / total * Double(barWidth)).rounded())
            if phase.duration > 0 { length = max(1, length) }
            length = min(length, barWidth - min(start, barWidth))
            var line = StyledLine(" " + DisplayWidth.padded(phase.name, to: labelWidth), .syntaxKey)
            line.append(String(repeating: " ", count: min(start, barWidth)))
            line.append(String(repeating: glyphs.barFull, count: length), style(for: phase.name))
            line.append(String(repeating: " ", count: max(0, barWidth - min(start, barWidth) - length)))
            line.append(" " + DisplayWidth.padded(milliseconds(phase.duration), to: numberWidth), phase.duration > 0 ? .plain : .dim)
            lines.append(line)
        }
        lines.append(StyledLine.build { line in
            line.append(" " + DisplayWidth.padded("Total", to: labelWidth), .strong)
            line.append(String(repeating: " ", count: barWidth))
            line.append(" " + milliseconds(metrics.total), .strong)
        })
        lines.append("")
        var facts = [metrics.httpVersion.isEmpty ? nil : metrics.httpVersion,
                     metrics.remoteAddress.map { address in "\(address)\(metrics.remotePort.map { ":\($0)" } ?? "")" },
                     metrics.connectionReused ? "connection reused" : "new connection",
                     "sent \(ByteCount.text(Int(metrics.bytesSent))) + \(ByteCount.text(Int(metrics.requestHeaderBytes))) of headers",
                     "received \(ByteCount.text(Int(metrics.bytesReceived))) + \(ByteCount.text(Int(metrics.headerBytes))) of headers"]
        if metrics.redirectCount > 0 { facts.append("\(metrics.redirectCount) redirect\(metrics.redirectCount == 1 ? "" : "s")") }
        lines += Wrapping.lines(facts.compactMap { $0 }.joined(separator: " · "), width: width - 2).map { StyledLine(" " + $0, .dim) }
        lines.append(StyledLine(" Times are libcurl's own, from the start of the transfer.", .dim))
        return lines
    }

    /// `0.42 ms`, `12.3 ms`, `1.52 s`.
    package static func milliseconds(_ seconds: Double) -> String {
        let ms = seconds * 1000
        if ms >= 1000 { return String(format: "%.2f s", seconds) }
        if ms >= 10 { return String(format: "%.1f ms", ms) }
        return String(format: "%.2f ms", ms)
    }

    private static func style(for phase: String) -> Style {
        switch phase {
        case "DNS lookup": return .info
        case "Connect": return .warning
        case "TLS handshake": return .syntaxAttribute
        case "First byte": return .accent
        case "Transfer": return .success
        default: return .dim
        }
    }
}
