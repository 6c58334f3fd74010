import Courier
import CourierMock
import CourierWorkspace
import Foundation

extension MockPane {
    func render(context: PaneContext) -> PaneRender {
        let content = context.content
        var lines: [StyledLine] = []
        let cursor = appendFilterRow(to: &lines, in: content)
        let list = self.list
        let height = listHeight(context)
        if list.all.isEmpty {
            lines += idleLines(width: content.width, height: height)
        } else {
            if Self.showsHeader(width: content.width) { lines.append(Self.header(width: content.width)) }
            lines += ListView.lines(list.cursor, height: height, width: content.width, focused: context.isFocused,
                                    empty: "No call matches the filter.") { index in
                Self.line(list.shown[index].call, width: content.width, context: context)
            }
        }
        let frame = PaneFrame(pane: .mock, rect: context.rect, title: context.title(.mock, summary), isFocused: context.isFocused,
                              lines: lines, footer: list.all.isEmpty ? nil : ListView.position(list.cursor, height: height))
        return PaneRender(frame: frame, cursor: cursor)
    }

    /// `· http://127.0.0.1:4010 · 6 routes · 12 calls`, `· off`.
    private var summary: String {
        let calls = callCount == 0 ? "" : " · \(callCount) call\(callCount == 1 ? "" : "s")"
        switch state {
        case .off: return "· off" + calls
        case .starting: return "· starting…"
        case .failed: return "· could not start"
        case .running(let server):
            let routes = server.service.routes.count + server.service.documentedOnly.count
            return "· \(server.baseURL) · \(routes) route\(routes == 1 ? "" : "s")" + calls + (isStale ? " · workspace changed: M M restarts" : "")
        }
    }

    /// Before any call: what `M` does, or where the mock listens and its routes.
    private func idleLines(width: Int, height: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        switch state {
        case .off:
            lines.append(StyledLine("The mock is off. M serves this workspace as a mock API on port \(settings.mockPort > 0 ? String(settings.mockPort) : "(any)"):",
                                    .dim).truncated(to: width))
            lines.append(StyledLine("one route per request, answered by its mock: block, config.contract's examples or", .dim).truncated(to: width))
            lines.append(StyledLine("schemas, else its newest response in the history. Calls show here as they arrive.", .dim).truncated(to: width))
        case .starting:
            lines.append(StyledLine("Starting the mock…", .dim))
        case .failed(let reason):
            lines.append(StyledLine("The mock could not start: " + TerminalText.neutralized(reason), .failure).truncated(to: width))
            lines.append(StyledLine("M tries again.", .dim))
        case .running(let server):
            var heading = StyledLine("Listening on ", .dim)
            heading.append(server.baseURL, .accent)
            heading.append(" — no call yet. Routes:", .dim)
            lines.append(heading.truncated(to: width))
            for route in server.service.routes {
                var line = StyledLine("  ")
                line.append(MethodBadge.spans(route.method))
                line.append(route.path, .plain)
                if let name = route.requestName { line.append("  " + name, .dim) }
                lines.append(line.truncated(to: width))
            }
            for name in server.service.documentedOnly {
                let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
                var line = StyledLine("  ")
                line.append(MethodBadge.spans(parts[0]))
                line.append(parts.count > 1 ? parts[1] : "", .plain)
                line.append("  openapi", .dim)
                lines.append(line.truncated(to: width))
            }
        }
        return Array(lines.prefix(max(1, height)))
    }

    static func showsHeader(width: Int) -> Bool { width >= 60 }

    func headerRows(width: Int) -> Int {
        filterRows + (!list.all.isEmpty && Self.showsHeader(width: width) ? 1 : 0)
    }

    /// The widths of the path and route columns; time, method, status, source and delay are fixed.
    private static func columns(width: Int) -> (path: Int, route: Int) {
        let fixed = 2 + 9 + MethodBadge.width + 5 + 16 + 8
        let rest = max(10, width - fixed)
        return (max(8, rest * 55 / 100), max(2, rest - max(8, rest * 55 / 100)))
    }

    private static func header(width: Int) -> StyledLine {
        let column = columns(width: width)
        let text = "  " + DisplayWidth.padded("TIME", to: 9) + DisplayWidth.padded("METHOD", to: MethodBadge.width)
            + DisplayWidth.padded("PATH", to: column.path) + DisplayWidth.padded("CODE", to: 5) + DisplayWidth.padded("SOURCE", to: 16)
            + DisplayWidth.padded("ROUTE", to: column.route) + "DELAY"
        return StyledLine(text, .dim).truncated(to: width)
    }

    /// One call: a mark when it came with a warning, the time, method, path, status, source,
    /// route (and request) and delay.
    private static func line(_ call: MockCall, width: Int, context: PaneContext) -> StyledLine {
        var line = StyledLine()
        line.append(call.warning == nil ? "  " : "! ", .warning)
        let target = TerminalText.neutralized(call.path + (call.query.isEmpty ? "" : "?" + call.query))
        guard showsHeader(width: width) else {
            line.append(MethodBadge.spans(call.method))
            line.append(String(call.status) + " ", Style.status(call.status))
            line.append(target, .plain)
            line.append("  " + call.sourceText, .dim)
            return line.truncated(to: width)
        }
        let column = columns(width: width)
        line.append(DisplayWidth.padded(ClockText.time(call.date), to: 9), .dim)
        line.append(MethodBadge.spans(call.method))
        line.append(DisplayWidth.padded(DisplayWidth.middleTruncated(target, to: column.path - 1), to: column.path), .plain)
        line.append(DisplayWidth.padded(String(call.status), to: 5), Style.status(call.status))
        line.append(DisplayWidth.padded(call.sourceText, to: 16), call.source == .noRoute || call.source == .unanswered ? .warning : .accent)
        let route = (call.request ?? call.route ?? "—")
        line.append(DisplayWidth.padded(DisplayWidth.truncated(route, to: column.route - 1), to: column.route), .syntaxKey)
        line.append(call.delayMilliseconds > 0 ? String(format: "%.0f ms", call.delayMilliseconds) : "", .dim)
        return line.truncated(to: width)
    }
}
