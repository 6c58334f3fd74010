import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// The workspace's response cache, read from the directory the current session uses.
    var workspaceCache: WorkspaceCache {
        WorkspaceCache(workspace: workspace, directory: session.agent.config.cacheDirectory ?? settings.cacheDirectory, scope: session.scope)
    }

    /// Reads the cache directory again, judging each entry as the request that would read
    /// it now judges it.
    func reloadCache(now: Date = Date()) {
        var judged: [String: CacheBrowser.Judgement] = [:]
        for name in workspace.requestNames {
            guard let definition = effectiveDefinition(of: name), let cache = definition.cache else { continue }
            let request = session.makeRequest(definition)
            let explanation = ResponseCache.explain(request, now: now)
            judged[explanation.name] = CacheBrowser.Judgement(request: name, seconds: cache.seconds, explanation: explanation)
        }
        cacheBrowser.reload(workspaceCache, judged: judged, now: now)
    }

    /// The Cache pane: why the selected request would or would not be answered from the
    /// cache now, then every entry with its request, state and age.
    func cachePane(in rect: Rect, now: Date, frame: inout Frame) -> PaneFrame {
        let focused = focus == .cache
        // Read again when an entry's time ran out since the last read, and once a minute.
        let expired = cacheBrowser.nextExpiry(now: cacheBrowser.loadedAt).map { $0 <= now } ?? false
        if expired || now.timeIntervalSince(cacheBrowser.loadedAt) > 60 { reloadCache(now: now) }
        let content = rect.inner
        var lines = whyMissLines(width: content.width, now: now)
        if let filterLine = paneFilterLine(.cache, text: cacheBrowser.filter, at: content, offset: lines.count, frame: &frame) {
            lines.append(filterLine)
        }
        let browser = cacheBrowser
        if !browser.shown.isEmpty, let header = cacheHeader(width: content.width) { lines.append(header) }
        let height = max(0, content.height - lines.count)
        cacheBrowser.scroll = appendList(to: &lines, pane: .cache, in: content, count: browser.shown.count, selection: browser.selection,
                                         scroll: browser.scroll,
                                         empty: browser.rows.isEmpty
                                             ? "No entries in \(browser.directory). Requests with cache: write them when they succeed."
                                             : "No entry matches the filter.") { index in
            cacheLine(browser.shown[index], width: content.width, now: now)
        }
        let summary = browser.rows.isEmpty ? "" : "· \(browser.rows.count) entr\(browser.rows.count == 1 ? "y" : "ies") · \(ByteCount.text(browser.totalBytes)) · \(browser.freshCount) fresh"
        return PaneFrame(pane: .cache, rect: rect, title: title(.cache, summary, focused: focused), isFocused: focused, lines: lines,
                         footer: browser.shown.count > height ? StyledLine("\(browser.selection + 1)/\(browser.shown.count)", .dim) : nil)
    }

    /// Whether the request selected in the Requests pane would be answered from the cache
    /// now, and if not, the cache error that sends it to the network.
    private func whyMissLines(width: Int, now: Date) -> [StyledLine] {
        guard let name = selectedRequestName, let definition = effectiveDefinition(of: name) else { return [] }
        guard let policy = definition.cache else {
            return [StyledLine.build { $0.append(" \(name)", .strong); $0.append(": no cache policy — always sent", .dim) }.truncated(to: width)]
        }
        guard policy.seconds != 0 else {
            // YTK writes an entry only when the cache time is above 0; an older one is expired.
            return [StyledLine.build { line in
                line.append(" \(name)", .strong)
                line.append(": to the network", .warning)
                line.append(" — cache time 0: responses are neither written nor read", .dim)
            }.truncated(to: width)]
        }
        let explanation = ResponseCache.explain(session.makeRequest(definition), now: now)
        var line = StyledLine(" \(name)", .strong)
        if explanation.startUsesCache {
            line.append(": from the cache now", .success)
            return [line.truncated(to: width)]
        }
        line.append(explanation.error == nil ? ": to the network" : ": miss", .warning)
        line.append(" — \(missReason(explanation))", .dim)
        return [line.truncated(to: width)]
    }

    /// Why a request goes to the network: no entry yet, the cache error, or why it bypasses the cache.
    private func missReason(_ explanation: CacheExplanation) -> String {
        guard let error = explanation.error else { return explanation.bypassReason ?? "" }
        if !explanation.entryExists { return "no entry yet" }
        return "\(error.code.rawValue) \(error.message)"
    }

    /// The widths of the wide layout's columns after the URL: status, version, sensitive
    /// marker, app version (when there is room), created at, age bar, size.
    private static func cacheColumns(width: Int) -> (url: Int, showsApp: Bool) {
        let showsApp = width >= 130
        let fixed = 1 + 10 + 16 + 7 + 5 + 5 + 3 + (showsApp ? 9 : 0) + 9 + 22 + 9
        return (max(10, width - fixed), showsApp)
    }

    /// Column titles above the wide layout's rows.
    func cacheHeader(width: Int) -> StyledLine? {
        guard width >= 100 else { return nil }
        let (room, showsApp) = Self.cacheColumns(width: width)
        var text = " " + DisplayWidth.padded("STATE", to: 10) + DisplayWidth.padded("REQUEST", to: 16) + DisplayWidth.padded("", to: 7)
        text += DisplayWidth.padded("URL", to: room) + DisplayWidth.padded("HTTP", to: 5) + DisplayWidth.padded("VER", to: 5)
        text += "   " + (showsApp ? DisplayWidth.padded("APP", to: 9) : "") + DisplayWidth.padded("CREATED", to: 9)
        text += DisplayWidth.padded("AGE / CACHE TIME", to: 22) + " SIZE"
        return StyledLine(text, .dim).truncated(to: width)
    }

    /// One entry: state, request, method and URL, status, version, sensitive marker, app
    /// version, created at, age bar, size.
    private func cacheLine(_ row: CacheBrowser.Row, width: Int, now: Date) -> StyledLine {
        let listing = row.listing
        let wide = width >= 100
        guard width >= 48 else { return compactCacheLine(row, now: now).truncated(to: width) }
        var line = StyledLine(" ")
        let (mark, style) = cacheState(row.state)
        line.append(DisplayWidth.padded(mark, to: 10), style)
        let nameWidth = wide ? 16 : 13
        line.append(DisplayWidth.padded(DisplayWidth.truncated(row.request ?? "(no request)", to: nameWidth - 1), to: nameWidth),
                    row.request == nil ? .dim : .plain)
        if wide {
            let (room, showsApp) = Self.cacheColumns(width: width)
            line.append(DisplayWidth.padded(listing.method ?? "?", to: 7), Style.method(listing.method ?? ""))
            line.append(DisplayWidth.padded(DisplayWidth.middleTruncated(shortURL(listing.url ?? "?"), to: room - 1), to: room), .dim)
            line.append(DisplayWidth.padded(listing.status.map(String.init) ?? "?", to: 5), .plain)
            line.append(DisplayWidth.padded(listing.storedVersion.map { "v\($0)" } ?? "", to: 5), .dim)
            line.append(listing.sensitive ? "\(glyphs.bullet)  " : "   ", .secret)
            if showsApp { line.append(DisplayWidth.padded(DisplayWidth.truncated(listing.appVersion ?? "", to: 8), to: 9), .dim) }
            line.append(DisplayWidth.padded(listing.created.map(Self.clockTime) ?? "", to: 9), .dim)
        }
        line.append(ageBar(row, now: now))
        line.append(" " + DisplayWidth.padded(ByteCount.text(listing.bytes), to: 8), .dim)
        return line.truncated(to: width)
    }

    /// For a narrow pane: state, request, age bar.
    private func compactCacheLine(_ row: CacheBrowser.Row, now: Date) -> StyledLine {
        var line = StyledLine(" ")
        let (mark, style) = cacheState(row.state)
        line.append(DisplayWidth.padded(DisplayWidth.truncated(mark, to: 8), to: 9), style)
        line.append(DisplayWidth.padded(DisplayWidth.truncated(row.request ?? "(none)", to: 10), to: 11), row.request == nil ? .dim : .plain)
        line.append(ageBar(row, now: now, width: 5))
        return line
    }

    private func cacheState(_ state: String) -> (String, Style) {
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
    private func ageBar(_ row: CacheBrowser.Row, now: Date, width: Int = 8) -> StyledLine {
        guard let created = row.listing.created, row.cacheSeconds > 0 else {
            return StyledLine(DisplayWidth.padded("", to: width + 14))
        }
        let age = max(0, now.timeIntervalSince(created))
        let share = min(1, age / Double(row.cacheSeconds))
        let filled = Int((share * Double(width)).rounded(.up))
        var line = StyledLine()
        line.append(String(repeating: glyphs.meterFull, count: filled), share >= 1 ? .warning : .info)
        line.append(String(repeating: glyphs.meterEmpty, count: width - filled), .dim)
        line.append(" " + DisplayWidth.padded("\(Self.shortDuration(age))/\(Self.shortDuration(Double(row.cacheSeconds)))", to: 13), .dim)
        return line
    }

    static func shortDuration(_ seconds: Double) -> String {
        if seconds < 120 { return "\(Int(seconds))s" }
        if seconds < 7200 { return "\(Int(seconds / 60))m" }
        return "\(Int(seconds / 3600))h"
    }

    static func clockTime(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    // MARK: - Actions

    /// Enter: the entry's metadata and body in the response viewer.
    func inspectCacheEntry() {
        guard let row = cacheBrowser.selectedRow else { return }
        let cache = workspaceCache
        let body = cache.show(row.listing.key, revealingSecrets: revealsSecrets)?.body
        let metadata = ResponseCache(directory: cache.directory).entry(named: row.listing.key, judgedBy: CachePolicy(cacheTimeInSeconds: Int.max))?.metadata
        let formatted = body.map { FormattedBody.format($0, mimeType: row.listing.contentType, lineLimit: nil) }
        inspection = CacheInspection(row: row, metadata: metadata, viewer: formatted.map(BodyViewer.init))
        focus = .exchange
        section = .response
        responseTab = .body
    }

    func deleteCacheEntry() {
        guard let row = cacheBrowser.selectedRow else { return }
        workspaceCache.remove(row.listing.key)
        say("deleted the cache entry of \(row.request ?? String(row.listing.key.prefix(12)))", .warning)
        cacheMarkers.removeAll()
        reloadCache()
    }

    /// Deletes every entry, or those expired or corrupt as their requests judge them now
    /// (entries of another version or user stay: another request may still read them).
    func purgeCache(all: Bool) {
        let cache = workspaceCache
        let doomed = cacheBrowser.rows.filter { all || $0.state == "expired" || $0.state == "corrupt" }
        doomed.forEach { cache.remove($0.listing.key) }
        say("purged \(doomed.count) entr\(doomed.count == 1 ? "y" : "ies")", .warning)
        cacheMarkers.removeAll()
        reloadCache()
    }
}
