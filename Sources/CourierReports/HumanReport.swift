import Courier
import CourierFormatCore
import CourierRunner
import Foundation

/// `courier run`'s terminal output: a line per request (status, time, size, from cache),
/// each chain step with its state and captures, and a summary.
public struct HumanReport {
    /// Only failures and the summary.
    public var quiet = false

    public init(quiet: Bool = false) { self.quiet = quiet }

    /// The lines for one event (possibly none).
    public func lines(for event: RunEvent) -> [String] {
        switch event {
        case .targetStarted(let name, let kind):
            return quiet ? [] : ["▶ \(kind) \(name)"]
        case .step(let step):
            guard !quiet else { return [] }
            var line = "  step \(step.index) \(step.title)  \(step.state)"
            if step.state == "skipped", let condition = step.condition { line += " (when \(condition))" }
            if !step.captures.isEmpty {
                line += "  captured " + step.captures.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
            }
            return [line]
        case .request(let result):
            if quiet && !result.failed { return [] }
            // Each failed check on a line of its own, under its request.
            let indent = result.chain != nil ? "        " : "      "
            return [Self.line(for: result)] + (result.checks ?? []).filter { !$0.passed }.map { "\(indent)✗ \($0.summary)  (\($0.location))" }
                + (result.paging.map { ["\(indent)gathered \($0.itemCount) item\($0.itemCount == 1 ? "" : "s") from \($0.pages) page\($0.pages == 1 ? "" : "s") (\($0.endDescription))"] } ?? [])
        case .streamEvent(let event):
            return quiet ? [] : [Self.line(for: event)]
        case .finished(let summary):
            return [Self.summaryLine(summary)]
        }
    }

    /// The most characters of an event's data a line shows.
    static let eventDataWidth = 160

    /// `  ticker  #3  +0.312 s  tick  id=3  {"n":3,…}`: the data on one line (its line feeds
    /// shown as ↵), cut with an ellipsis.
    static func line(for event: StreamEventReport) -> String {
        var parts = ["  \(event.request)", "#\(event.sequence)", String(format: "+%.3f s", event.elapsed)]
        if let direction = event.direction { parts.append(direction == "sent" ? "→" : "←") }
        if let name = event.name { parts.append(name) }
        if let id = event.id { parts.append("id=\(id)") }
        let data = event.data.replacingOccurrences(of: "\r\n", with: "↵").replacingOccurrences(of: "\n", with: "↵")
        parts.append(data.count > eventDataWidth ? data.prefix(eventDataWidth - 1) + "…" : data)
        return parts.joined(separator: "  ")
    }

    static func line(for result: RequestResult) -> String {
        let indent = result.chain != nil ? "    " : "  "
        let mark = result.skipped ? "–" : result.ok ? "✓" : "✗"
        var parts = ["\(indent)\(mark) \(result.name)", result.method, result.url]
        if result.skipped {
            parts.append("skipped" + (result.skipReason.map { ": \($0)" } ?? ""))
            return parts.joined(separator: "  ")
        }
        if let status = result.status {
            // HTTP/1.1 goes without saying; another version is named: `HTTP/2 200`.
            let version = result.httpVersion.flatMap { $0 == "HTTP/1.1" ? nil : $0 + " " } ?? ""
            parts.append(version + String(status))
        }
        // A call's status says how it ended (its HTTP status is 200 whatever it says).
        if let status = result.grpcStatus { parts.append(status) }
        parts.append(String(format: "%.1f ms", result.durationMs))
        parts.append(Self.size(result.bytes))
        if result.fromCache { parts.append("(from cache)") }
        if let id = result.fromHistory { parts.append("(from history #\(id))") }
        if let file = result.file { parts.append("→ \(file)") }
        if let stream = result.stream { parts.append(stream.summary) }
        if let error = result.error { parts.append("\(error.family) \(error.code): \(error.message)") }
        if let warning = result.warning { parts.append("warning: \(warning)") }
        if let checks = result.checks, !checks.isEmpty {
            let passed = checks.filter(\.passed).count
            parts.append(passed == checks.count ? "\(checks.count) check\(checks.count == 1 ? "" : "s") passed" : "\(passed)/\(checks.count) checks passed")
        }
        return parts.joined(separator: "  ")
    }

    /// A byte count as ``ByteCountText/size(_:)`` writes it (the reports' and the workbench's name for it).
    package static func size(_ bytes: Int) -> String { ByteCountText.size(bytes) }

    static func summaryLine(_ summary: RunSummary) -> String {
        "\(summary.total) request\(summary.total == 1 ? "" : "s"): \(summary.ok) ok, \(summary.failed) failed, "
            + "\(summary.skipped) skipped, \(summary.fromCache) from cache"
            + (summary.fromHistory > 0 ? ", \(summary.fromHistory) from history" : "") + " in \(String(format: "%.1f", summary.durationMs)) ms"
    }
}
