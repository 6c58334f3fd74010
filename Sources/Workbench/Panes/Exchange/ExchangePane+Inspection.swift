import CourierWorkspace
import Courier
import Foundation

extension ExchangePane {
    /// A cache entry in the response viewer: what it is and how it stands, then its body or
    /// its metadata.
    func inspectionPane(_ inspection: CacheInspection, in rect: Rect, focused: Bool, frame: inout Frame) -> PaneFrame {
        let content = rect.inner
        let row = inspection.row
        let listing = row.listing
        var summary = StyledLine(" ")
        summary.append(row.state == "fresh" ? "\(glyphs.success) fresh" : row.state, row.state == "fresh" ? .success : .warning)
        if let status = listing.status { summary.append("  \(status) \(ReasonPhrase.of(status))", .plain) }
        summary.append("  \(ByteCount.text(listing.bytes))", .plain)
        if let age = listing.ageSeconds { summary.append("  \(ClockText.shortDuration(age)) old of \(ClockText.shortDuration(Double(row.cacheSeconds)))", .dim) }
        if let version = listing.storedVersion { summary.append("  version \(version)", .dim) }
        var lines = [summary.truncated(to: content.width), responseTabsLine(renamed: [.headers: "Metadata"])]
        let height = max(0, content.height - 2)
        switch responseTab {
        case .body:
            if self.inspection?.viewer != nil {
                self.inspection?.viewer?.resize(height: height, width: content.width)
                lines += self.inspection!.viewer!.visibleLines(height: height, width: content.width, focused: focused)
            } else {
                lines.append(StyledLine(" The entry has no body file.", .dim))
            }
        case .headers:
            lines += metadataLines(inspection, width: content.width)
        case .timing, .history, .checks:
            lines.append(StyledLine(" A cache entry has no transfer to time.", .dim))
        }
        let title = StyledLine.build { $0.append("Cache entry", focused ? .titleFocused : .title); $0.append(" \(row.request ?? String(listing.key.prefix(12)))", .dim) }
        return PaneFrame(pane: .exchange, rect: rect, title: title, isFocused: focused, lines: lines,
                         badge: StyledLine("Esc closes", .dim), footer: inspection.viewer.map { StyledLine($0.positionText, .dim) },
                         joinsAbove: true)
    }

    private func metadataLines(_ inspection: CacheInspection, width: Int) -> [StyledLine] {
        let listing = inspection.row.listing
        let metadata = inspection.metadata
        func row(_ name: String, _ value: String, _ style: Style = .plain) -> StyledLine {
            StyledLine.build { $0.append(" " + DisplayWidth.padded(name, to: 15), .syntaxKey); $0.append(value, style) }.truncated(to: width)
        }
        var lines = [row("key", listing.key, .dim), row("request", inspection.row.request ?? "(none matches)"),
                     row("state", inspection.row.state + (inspection.row.reason.map { " — \($0)" } ?? ""))]
        lines.append(row("method, url", "\(listing.method ?? "?") \(listing.url ?? "?")"))
        if let arguments = metadata?.arguments { lines.append(row("arguments", arguments.description, .dim)) }
        lines.append(row("status", listing.status.map(String.init) ?? "?"))
        lines.append(row("content type", listing.contentType ?? "none"))
        if let version = metadata?.httpVersion { lines.append(row("http version", version)) }
        lines.append(row("created", listing.created.map { "\($0)" } ?? "?"))
        lines.append(row("cache time", "\(inspection.row.cacheSeconds) s"))
        lines.append(row("version", listing.storedVersion.map(String.init) ?? "?"))
        lines.append(row("sensitive data", listing.sensitive ? "set (only its SHA-256 is stored)" : "none", .secret))
        lines.append(row("app version", listing.appVersion ?? "?"))
        lines.append(row("body", "\(metadata?.bodySize ?? listing.bytes) bytes, SHA-256 \(metadata?.bodyDigest.prefix(16) ?? "?")…", .dim))
        return lines
    }
}
