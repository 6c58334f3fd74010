import Courier
import CourierWorkspace
import Foundation

/// A sample exchange of a load run, as the Load view shows it on Enter on a status or error
/// row: a title (the outcome, which sample of how many, the keys), a line of facts (the
/// request, its latency, when, which step), then the request and the response — heads and the
/// first bytes of the bodies, redacted as they were kept — scrolled under the two.
enum LoadSampleView {
    /// The title and facts lines, which do not scroll.
    static let fixedRows = 2

    /// `‹ 503 Service Unavailable  sample 2 of 3  [ ] samples · Esc back`, then
    /// `12.3 ms at 4.2 s · orders  GET /load/flaky`.
    static func header(_ sample: LoadSampleExchange, index: Int, count: Int, width: Int, glyphs: Glyphs) -> [StyledLine] {
        var title = StyledLine(" " + (glyphs.isUnicode ? "‹ " : "< "), .dim)
        let failed = sample.error != nil || sample.status >= 400 || sample.status == 0
        title.append(outcomeTitle(sample), failed ? .failure : Style.status(sample.status))
        title.append("  sample \(index + 1) of \(count)", .plain)
        title.append("  " + (count > 1 ? "[ ] samples · " : "") + "Esc back", .dim)
        var facts = StyledLine(" ")
        facts.append(LoadFigures.milliseconds(sample.milliseconds) + " ms", .strong)
        facts.append(" at " + String(format: "%.1f s", sample.second), .dim)
        if !sample.step.isEmpty { facts.append(" · " + sample.step, .dim) }
        facts.append("  " + sample.method + " " + LoadReport.path(of: sample.url), .plain)
        return [title.truncated(to: width), facts.truncated(to: width)]
    }

    /// `503 Service Unavailable`, `transport -1004`, `check status == 200`.
    static func outcomeTitle(_ sample: LoadSampleExchange) -> String {
        guard sample.error == nil, sample.status > 0 else { return sample.outcome }
        let reason = ReasonPhrase.of(sample.status)
        return reason.isEmpty ? sample.outcome : "\(sample.status) \(reason)"
    }

    /// The request and the response, wrapped to `width`: what scrolls.
    static func body(_ sample: LoadSampleExchange, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = [StyledLine(" request", .accent)]
        lines += cut(TerminalText.neutralized(sample.method + " " + sample.url), width: max(8, width - 3)).map { StyledLine("   " + $0, .strong) }
        for header in sample.requestHeaders { lines += headerLines(header.name, header.value, width: width) }
        if let body = sample.requestBody {
            lines.append("")
            lines += bodyLines(body, width: width)
        }
        lines.append("")
        lines.append(StyledLine(" response", .accent))
        if let error = sample.error { lines += wrapped("failed: " + error, width: width, style: .failure) }
        if let detail = sample.checkDetail { lines += wrapped("check: " + detail, width: width, style: .failure) }
        guard sample.status > 0 else {
            if sample.error == nil { lines.append(StyledLine("   no response", .dim)) }
            return lines
        }
        let reason = ReasonPhrase.of(sample.status)
        let statusLine = (sample.httpVersion.isEmpty ? "HTTP" : sample.httpVersion) + " \(sample.status)" + (reason.isEmpty ? "" : " " + reason)
        lines += wrapped(statusLine, width: width, style: sample.status >= 400 ? .failure : Style.status(sample.status))
        for header in sample.responseHeaders { lines += headerLines(header.name, header.value, width: width) }
        lines.append("")
        lines += bodyLines(sample.body, width: width)
        if sample.bodyBytes > Int64(sample.body.utf8.count) {
            lines.append(StyledLine("   … the first \(LoadFigures.bytes(Int64(sample.body.utf8.count))) of "
                                    + LoadFigures.bytes(sample.bodyBytes) + " kept", .dim))
        }
        return lines
    }

    /// `   Content-Type: application/json`, the name dim, wrapped.
    private static func headerLines(_ name: String, _ value: String, width: Int) -> [StyledLine] {
        let text = Wrapping.lines(name + ": " + TerminalText.neutralized(value), width: max(8, width - 3))
        return text.enumerated().map { index, line in
            guard index == 0, line.hasPrefix(name + ":") else { return StyledLine("   " + line) }
            var styled = StyledLine("   " + name + ":", .dim)
            styled.append(String(line.dropFirst(name.count + 1)))
            return styled
        }
    }

    /// A body: JSON pretty-printed when it is whole JSON, any text as it is, each line wrapped.
    private static func bodyLines(_ body: String, width: Int) -> [StyledLine] {
        guard !body.isEmpty else { return [StyledLine("   (empty body)", .dim)] }
        var text = body
        if let first = body.first, first == "{" || first == "[", let value = try? JSONValue(parsing: Data(body.utf8)) {
            text = String(decoding: value.serialized(prettyPrinted: true), as: UTF8.self)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            cut(TerminalText.neutralized(String(line)), width: max(8, width - 3)).map { StyledLine("   " + $0) }
        }
    }

    /// A line cut into pieces of at most `width` columns, its indentation kept (a body's
    /// layout matters more than its words).
    private static func cut(_ line: String, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(line)
        while DisplayWidth.of(String(rest)) > width {
            let head = DisplayWidth.prefix(of: rest, fitting: width).text
            guard !head.isEmpty else { break }
            pieces.append(String(head))
            rest = rest.dropFirst(head.count)
        }
        return pieces + [String(rest)]
    }

    private static func wrapped(_ text: String, width: Int, style: Style) -> [StyledLine] {
        let text = TerminalText.neutralized(text)
        guard !text.isEmpty else { return [""] }
        return Wrapping.lines(text, width: max(8, width - 3)).map { StyledLine("   " + $0, style) }
    }
}
