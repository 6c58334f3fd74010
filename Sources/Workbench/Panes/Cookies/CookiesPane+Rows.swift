import CourierWorkspace
import Courier
import Foundation

extension CookiesPane {
    func render(context: PaneContext) -> PaneRender {
        let content = context.content
        var lines: [StyledLine] = []
        let cursor = appendFilterRow(to: &lines, in: content)
        let list = self.list
        if !list.shown.isEmpty, Self.showsHeader(width: content.width) { lines.append(Self.header(width: content.width)) }
        let height = listHeight(context)
        let marked = setBySelection
        lines += ListView.lines(list.cursor, height: height, width: content.width, focused: context.isFocused,
                                empty: isReadingFile
                                    ? "Reading the jar's file… Requests sent meanwhile wait for its cookies."
                                    : list.all.isEmpty
                                    ? "The jar is empty. Cookies that responses set show here, kept for the session; a adds one."
                                    : "No cookie matches the filter.") { index in
            Self.line(list.shown[index], marked: marked.contains(list.shown[index].name), width: content.width, context: context)
        }
        let count = list.all.count
        let summary = isReadingFile ? "· reading its file"
            : count == 0 ? "" : "· \(count) cookie\(count == 1 ? "" : "s")" + (context.revealsSecrets ? " · values shown" : "")
        let frame = PaneFrame(pane: .cookies, rect: context.rect, title: context.title(.cookies, summary), isFocused: context.isFocused,
                              lines: lines, footer: ListView.position(list.cursor, height: height))
        return PaneRender(frame: frame, cursor: cursor)
    }

    /// Rows above the list: the filter, the column titles.
    func headerRows(width: Int) -> Int {
        filterRows + (!list.shown.isEmpty && Self.showsHeader(width: width) ? 1 : 0)
    }

    static func showsHeader(width: Int) -> Bool { width >= 64 }

    /// The widths of the domain, path and name columns; the value takes what is left.
    private static func columns(width: Int) -> (domain: Int, path: Int, name: Int, value: Int) {
        let domain = min(28, max(12, width / 5))
        let path = min(14, max(6, width / 10))
        let name = min(22, max(8, width / 6))
        let value = max(6, width - 2 - domain - path - name - 12 - 6)
        return (domain, path, name, value)
    }

    private static func header(width: Int) -> StyledLine {
        let column = columns(width: width)
        let text = "  " + DisplayWidth.padded("DOMAIN", to: column.domain) + DisplayWidth.padded("PATH", to: column.path)
            + DisplayWidth.padded("NAME", to: column.name) + DisplayWidth.padded("VALUE", to: column.value)
            + DisplayWidth.padded("EXPIRES", to: 12) + "FLAGS"
        return StyledLine(text, .dim).truncated(to: width)
    }

    /// One cookie: a mark when the selected exchange set it, domain, path, name, value
    /// (hidden until revealed), expiry and flags (`S` secure, `H` HttpOnly, `.` subdomains).
    private static func line(_ cookie: Cookie, marked: Bool, width: Int, context: PaneContext) -> StyledLine {
        let expired = cookie.isExpired(at: context.now)
        let value = context.revealsSecrets ? cookie.value : Redaction.placeholder
        var line = StyledLine()
        line.append(marked ? "\(context.glyphs.bullet) " : "  ", .accent)
        guard showsHeader(width: width) else {
            line.append(cookie.name, expired ? .dim : .syntaxKey)
            line.append(" = ", .dim)
            line.append(value, context.revealsSecrets ? .plain : .secret)
            line.append("  \(cookie.domain)\(cookie.path)", .dim)
            return line.truncated(to: width)
        }
        let column = columns(width: width)
        line.append(DisplayWidth.padded(DisplayWidth.middleTruncated(cookie.domain, to: column.domain - 1), to: column.domain), .plain)
        line.append(DisplayWidth.padded(DisplayWidth.truncated(cookie.path, to: column.path - 1), to: column.path), .dim)
        line.append(DisplayWidth.padded(DisplayWidth.truncated(cookie.name, to: column.name - 1), to: column.name), expired ? .dim : .syntaxKey)
        line.append(DisplayWidth.padded(DisplayWidth.truncated(value, to: column.value - 1), to: column.value),
                    context.revealsSecrets ? .plain : .secret)
        line.append(DisplayWidth.padded(expiry(cookie.expires, now: context.now), to: 12), expired ? .warning : .dim)
        let flags = (cookie.isSecure ? "S" : "") + (cookie.isHTTPOnly ? "H" : "") + (cookie.includesSubdomains ? "." : "")
        line.append(flags, .dim)
        return line.truncated(to: width)
    }

    /// `session`, `in 29 min`, `in 3 d`, `expired`.
    private static func expiry(_ date: Date?, now: Date) -> String {
        guard let date else { return "session" }
        let seconds = date.timeIntervalSince(now)
        if seconds <= 0 { return "expired" }
        if seconds < 90 { return "in \(Int(seconds)) s" }
        if seconds < 5400 { return "in \(Int(seconds / 60)) min" }
        if seconds < 172_800 { return "in \(Int(seconds / 3600)) h" }
        return "in \(Int(seconds / 86400)) d"
    }
}
