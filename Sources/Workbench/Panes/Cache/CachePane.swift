import CourierWorkspace
import Courier
import Foundation

/// The Cache pane: why the selected request would or would not be answered from the cache
/// now, then every entry with its request, state, version and age; a filter (`f`), Enter
/// shows an entry, `d` deletes one, `p` purges the expired, `P` everything. What it shows is
/// read on the events that change it (``reload(_:judged:now:)``, ``show(_:)``), never while
/// drawing.
final class CachePane: FilteringPane, CacheBrowsing {
    let scope = KeyMap.Scope.cache
    private(set) var browser = CacheBrowser()
    private(set) var verdict: CacheVerdict?
    /// No entries, and nothing to say of the selected request but that it has no cache policy.
    var isEmpty: Bool {
        guard browser.rows.isEmpty else { return false }
        if case .noPolicy? = verdict { return true }
        return verdict == nil
    }
    /// How many times the verdict was judged: on events, never per frame.
    private(set) var judgements = 0
    var filter = TypedFilter()
    /// The list the kit filters, moves and clicks (``FilteringPane``).
    var rows: CacheBrowser {
        get { browser }
        _modify { yield &browser }
    }
    /// The cache the entries are read from, which deletes go to.
    private var cache: WorkspaceCache?
    /// The latest read asked for; a read of an earlier one that arrives later is dropped.
    private var generation = 0
    /// Whether a read of the directory is under way.
    private(set) var isReading = false
    /// The read asked for while one was under way: started when that one arrives.
    private var queued: (cache: WorkspaceCache, judged: [String: CacheBrowser.Judgement], now: Date)?
    /// Tells of changes others make to the directory (another process, a purge).
    private var watcher: CacheDirectoryWatcher?
    private let mailbox: Mailbox
    private let watchesDirectory: Bool

    init(environment: PaneEnvironment) {
        mailbox = environment.source.mailbox
        watchesDirectory = environment.settings.watchesCacheDirectory
    }

    /// Reads the entries of `cache` again, off the input loop, judged as `judged` says; they
    /// show when the read arrives (``apply(_:context:)``).
    /// A burst of changes makes one read after the one under way.
    func reload(_ cache: WorkspaceCache, judged: [String: CacheBrowser.Judgement], now: Date) {
        self.cache = cache
        if watchesDirectory, watcher?.directory != cache.directory {
            watcher = CacheDirectoryWatcher(directory: cache.directory, mailbox: mailbox)
        }
        guard !isReading else {
            queued = (cache, judged, now)
            return
        }
        generation += 1
        isReading = true
        CacheListingRead.start(generation: generation, cache: cache, judged: judged, now: now, mailbox: mailbox)
    }

    /// The selected request's verdict, judged again.
    func show(_ verdict: CacheVerdict?) {
        self.verdict = verdict
        judgements += 1
    }

    /// When the pane must be read again: the next fresh entry's expiry, or a minute after
    /// the last read; not while a read is under way.
    var nextRefresh: Date {
        isReading ? .distantFuture : min(browser.nextExpiry ?? .distantFuture, browser.loadedAt.addingTimeInterval(60))
    }

    func tick(_ tick: PaneTick, context: PaneContext) -> [PaneWork] {
        nextRefresh <= context.now ? [.reloadCache(now: context.now)] : []
    }

    var nextWake: Date? { browser.nextExpiry }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .filter:
            beginFilter()
        case .open:
            return inspectSelected(context: context)
        case .deleteEntry:
            guard let row = browser.selectedRow, let cache else { return [] }
            cache.remove(row.listing.key)
            return [.say("deleted the cache entry of \(row.request ?? String(row.listing.key.prefix(12)))", .warning), .refreshCache]
        case .purgeExpired:
            return purge(all: false)
        case .purgeAll:
            return [.confirm(Confirmation(message: "Delete all \(browser.rows.count) cache entries in \(browser.directory)?",
                                          consequence: .pane(Self.id, question: Self.purgeAllQuestion)))]
        default:
            moveList(action, context: context)
        }
        return []
    }

    /// What the shell tells it: the listing to read again, the selected request's verdict.
    func hear(_ message: PaneMessage, context: PaneContext) -> [PaneWork] {
        switch message {
        case .cacheListing(let cache, let judged, let now): reload(cache, judged: judged, now: now)
        case .cacheVerdict(let verdict): show(verdict)
        default: break
        }
        return []
    }

    private static let purgeAllQuestion = "purge all"

    func confirmed(_ question: String, context: PaneContext) -> [PaneWork] {
        question == Self.purgeAllQuestion ? purge(all: true) : []
    }

    /// Deletes every entry, or those expired or corrupt as their requests judge them now
    /// (entries of another version or user stay: another request may still read them).
    func purge(all: Bool) -> [PaneWork] {
        guard let cache else { return [] }
        let doomed = browser.rows.filter { all || $0.state == "expired" || $0.state == "corrupt" }
        doomed.forEach { cache.remove($0.listing.key) }
        return [.say("purged \(doomed.count) entr\(doomed.count == 1 ? "y" : "ies")", .warning), .refreshCache]
    }

    /// Enter: the entry's metadata and body in the response viewer.
    private func inspectSelected(context: PaneContext) -> [PaneWork] {
        guard let row = browser.selectedRow, let cache else { return [] }
        let body = cache.show(row.listing.key, revealingSecrets: context.revealsSecrets)?.body
        let metadata = ResponseCache(directory: cache.directory)
            .entry(named: row.listing.key, judgedBy: CachePolicy(cacheTimeInSeconds: Int.max))?.metadata
        let formatted = body.map { FormattedBody.format($0, mimeType: row.listing.contentType, lineLimit: nil) }
        return [.inspect(CacheInspection(row: row, metadata: metadata, viewer: formatted.map(BodyViewer.init)))]
    }

    func disabledReason(for action: Action) -> String? {
        switch action {
        case .open, .deleteEntry: return browser.selectedRow == nil ? "no cache entry selected" : nil
        case .purgeExpired, .purgeAll: return browser.rows.isEmpty ? "the cache is empty" : nil
        default: return nil
        }
    }

    func apply(_ update: EngineUpdate, context: PaneContext) -> [PaneWork] {
        switch update {
        case .cacheWritten: return [.refreshCache]
        default: break
        }
        return []
    }

    /// A read of the directory this pane asked for (``CacheListingRead``).
    func receive(_ result: any Sendable, context: PaneContext) -> [PaneWork] {
        guard let read = result as? CacheListingRead, read.generation == generation else { return [] }
        isReading = false
        browser.show(read)
        if let next = queued {
            queued = nil
            reload(next.cache, judged: next.judged, now: next.now)
        }
        return []
    }

    /// Rows above the list: the verdict, the filter, the column titles.
    func headerRows(width: Int) -> Int {
        (verdict == nil ? 0 : 1) + filterRows
            + (!browser.shown.isEmpty && Self.showsHeader(width: width) ? 1 : 0)
    }

}
