import CourierWorkspace
import Courier
import Foundation

extension CachePane {
    func render(context: PaneContext) -> PaneRender {
        let content = context.content
        var lines: [StyledLine] = verdict.map { [$0.line(width: content.width)] } ?? []
        let cursor = appendFilterRow(to: &lines, in: content)
        let browser = self.browser
        if !browser.shown.isEmpty, Self.showsHeader(width: content.width) { lines.append(Self.header(width: content.width, version: browser.versionWidth)) }
        let height = listHeight(context)
        lines += ListView.lines(browser.list.cursor, height: height, width: content.width, focused: context.isFocused,
                                empty: isReading && browser.loadedAt == .distantPast ? "Reading the cache directory…"
                                    : browser.rows.isEmpty
                                    ? "No entries in \(browser.directory). Requests with cache: write them when they succeed."
                                    : "No entry matches the filter.") { index in
            Self.line(browser.shown[index], width: content.width, version: browser.versionWidth, context: context)
        }
        let summary = browser.rows.isEmpty ? ""
            : "· \(browser.rows.count) entr\(browser.rows.count == 1 ? "y" : "ies") · \(ByteCount.text(browser.totalBytes)) · \(browser.freshCount) fresh"
        let frame = PaneFrame(pane: .cache, rect: context.rect, title: context.title(.cache, summary), isFocused: context.isFocused,
                              lines: lines, footer: ListView.position(browser.list.cursor, height: height))
        return PaneRender(frame: frame, cursor: cursor)
    }

    /// The widths of the wide layout's columns after the URL: status, version, sensitive
    /// marker, app version (when there is room), created at, age bar, size.
    /// The version column is as wide as the widest version listed: it is what a user checks
    /// when a request misses, so it is never cut.
    private static func cacheColumns(width: Int, version: Int) -> (url: Int, showsApp: Bool) {
        let showsApp = width >= 130
        let fixed = 1 + 10 + 16 + MethodBadge.width + 5 + version + 3 + (showsApp ? 9 : 0) + 9 + 22 + 9
        return (max(10, width - fixed), showsApp)
    }

    static func showsHeader(width: Int) -> Bool { width >= 100 }

    /// Column titles above the wide layout's rows.
    static func header(width: Int, version: Int) -> StyledLine {
        let (room, showsApp) = Self.cacheColumns(width: width, version: version)
        var text = " " + DisplayWidth.padded("STATE", to: 10) + DisplayWidth.padded("REQUEST", to: 16) + DisplayWidth.padded("", to: MethodBadge.width)
        text += DisplayWidth.padded("URL", to: room) + DisplayWidth.padded("HTTP", to: 5) + DisplayWidth.padded("VER", to: version)
        text += "   " + (showsApp ? DisplayWidth.padded("APP", to: 9) : "") + DisplayWidth.padded("CREATED", to: 9)
        text += DisplayWidth.padded("AGE / CACHE TIME", to: 22) + " SIZE"
        return StyledLine(text, .dim).truncated(to: width)
    }

    /// One entry: state, request, method and URL, status, version, sensitive marker, app
    /// version, created at, age bar, size.
    private static func line(_ row: CacheBrowser.Row, width: Int, version: Int, context: PaneContext) -> StyledLine {
        let now = context.now
        let listing = row.listing
        let wide = width >= 100
        guard width >= 48 else { return compactLine(row, context: context).truncated(to: width) }
        var line = StyledLine(" ")
        let (mark, style) = state(row.state, glyphs: context.glyphs)
        line.append(DisplayWidth.padded(mark, to: 10), style)
        let nameWidth = wide ? 16 : 13
        line.append(DisplayWidth.padded(DisplayWidth.truncated(row.request ?? "(no request)", to: nameWidth - 1), to: nameWidth),
                    row.request == nil ? .dim : .plain)
        if wide {
            let (room, showsApp) = Self.cacheColumns(width: width, version: version)
            line.append(MethodBadge.spans(listing.method ?? "?"))
            line.append(DisplayWidth.padded(DisplayWidth.middleTruncated(context.shortURL(listing.url ?? "?"), to: room - 1), to: room), .dim)
            line.append(DisplayWidth.padded(listing.status.map(String.init) ?? "?", to: 5), .plain)
            line.append(DisplayWidth.padded(listing.storedVersion.map { "v\($0)" } ?? "", to: version), .dim)
            line.append(listing.sensitive ? "\(context.glyphs.bullet)  " : "   ", .secret)
            if showsApp { line.append(DisplayWidth.padded(DisplayWidth.truncated(listing.appVersion ?? "", to: 8), to: 9), .dim) }
            line.append(DisplayWidth.padded(listing.created.map(ClockText.time) ?? "", to: 9), .dim)
        } else if width >= 56 + version {
            line.append(DisplayWidth.padded(listing.storedVersion.map { "v\($0)" } ?? "", to: version), .dim)
        }
        line.append(ageBar(row, now: now, glyphs: context.glyphs))
        line.append(" " + DisplayWidth.padded(ByteCount.text(listing.bytes), to: 8), .dim)
        return line.truncated(to: width)
    }

    /// For a narrow pane: state, request, age bar.
    private static func compactLine(_ row: CacheBrowser.Row, context: PaneContext) -> StyledLine {
        var line = StyledLine(" ")
        let (mark, style) = state(row.state, glyphs: context.glyphs)
        line.append(DisplayWidth.padded(DisplayWidth.truncated(mark, to: 8), to: 9), style)
        line.append(DisplayWidth.padded(DisplayWidth.truncated(row.request ?? "(none)", to: 10), to: 11), row.request == nil ? .dim : .plain)
        line.append(ageBar(row, now: context.now, glyphs: context.glyphs, width: 5))
        return line
    }

    private static func state(_ state: String, glyphs: Glyphs) -> (String, Style) {
        switch state {
        case "fresh": return ("\(glyphs.success) fresh", .success)
        case "expired": return ("expired", .warning)
        case "versionMismatch": return ("version≠", .warning)
        case "sensitiveDataMismatch": return ("other user", .warning)
        case "appVersionMismatch": return ("other app", .warning)
        default: return ("\(glyphs.failure) corrupt", .failure)
        }
    }

    /// The entry's age against its request's cache time: `━━━━── 40s/600s`.
    private static func ageBar(_ row: CacheBrowser.Row, now: Date, glyphs: Glyphs, width: Int = 8) -> StyledLine {
        guard let created = row.listing.created, row.cacheSeconds > 0 else {
            return StyledLine(DisplayWidth.padded("", to: width + 14))
        }
        let age = max(0, now.timeIntervalSince(created))
        let share = min(1, age / Double(row.cacheSeconds))
        let filled = Int((share * Double(width)).rounded(.up))
        var line = StyledLine()
        line.append(String(repeating: glyphs.meterFull, count: filled), share >= 1 ? .warning : .info)
        line.append(String(repeating: glyphs.meterEmpty, count: width - filled), .dim)
        line.append(" " + DisplayWidth.padded("\(ClockText.shortDuration(age))/\(ClockText.shortDuration(Double(row.cacheSeconds)))", to: 13), .dim)
        return line
    }

}
