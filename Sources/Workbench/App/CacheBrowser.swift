import CourierWorkspace
import Courier
import Foundation

/// The Cache pane's list: the entries of the workspace's cache directory, each matched to
/// the request that writes it and judged as that request would judge it now (its cache
/// time, version and sensitive data); a filter and the selection.
struct CacheBrowser {
    /// One entry as the pane shows it.
    struct Row {
        var listing: WorkspaceCache.Listing
        /// The workspace request whose key the entry has, when one has it exactly.
        var request: String?
        /// That request's cache time, for the age bar.
        var cacheSeconds: Int
        /// fresh, expired, versionMismatch, sensitiveDataMismatch, appVersionMismatch or corrupt.
        var state: String
        /// Why it is not fresh, in words.
        var reason: String?
    }

    private(set) var rows: [Row] = []
    private(set) var shown: [Row] = []
    private(set) var loadedAt = Date.distantPast
    private(set) var directory = ""
    var filter = ""
    private(set) var selection = 0
    var scroll = 0

    var totalBytes: Int { rows.reduce(0) { $0 + $1.listing.bytes } }
    var freshCount: Int { rows.filter { $0.state == "fresh" }.count }

    /// How a cached request of the workspace judges the entry it would read now.
    struct Judgement {
        var request: String
        var seconds: Int
        var explanation: CacheExplanation
    }

    /// Reads the directory again. `judged` gives, for the entries the workspace's cached
    /// requests would read now, the request and how it judges the entry.
    mutating func reload(_ cache: WorkspaceCache, judged: [String: Judgement], now: Date) {
        let selectedKey = selectedRow?.listing.key
        directory = cache.directory
        rows = cache.list(now: now).map { listing in
            // A damaged entry is damaged whoever reads it; the engine checks the data last.
            guard let exact = judged[listing.key], listing.freshness != "corrupt" else {
                return Row(listing: listing, request: listing.request, cacheSeconds: listing.cacheSeconds,
                           state: listing.freshness, reason: listing.problem)
            }
            let state = exact.explanation.error.map { Self.state(of: $0) } ?? "fresh"
            return Row(listing: listing, request: exact.request, cacheSeconds: exact.seconds, state: state,
                       reason: exact.explanation.error?.message)
        }
        loadedAt = now
        arrange(keeping: selectedKey)
    }

    private static func state(of error: CacheError) -> String {
        switch error.code {
        case .expired, .invalidCacheTime: return "expired"
        case .versionMismatch: return "versionMismatch"
        case .sensitiveDataMismatch: return "sensitiveDataMismatch"
        case .appVersionMismatch: return "appVersionMismatch"
        default: return "corrupt"
        }
    }

    mutating func setFilter(_ text: String) {
        filter = text
        arrange(keeping: selectedRow?.listing.key)
    }

    private mutating func arrange(keeping key: String?) {
        let needle = filter.lowercased()
        shown = needle.isEmpty ? rows : rows.filter { row in
            [row.request, row.listing.url, row.state, row.listing.key].compactMap { $0?.lowercased() }.contains { $0.contains(needle) }
        }
        if let key, let index = shown.firstIndex(where: { $0.listing.key == key }) {
            selection = index
        } else {
            selection = min(selection, max(0, shown.count - 1))
        }
    }

    var selectedRow: Row? { shown.indices.contains(selection) ? shown[selection] : nil }

    mutating func move(by offset: Int) {
        selection = min(max(0, shown.count - 1), max(0, selection + offset))
    }

    mutating func moveToEnd(_ top: Bool) {
        selection = top ? 0 : max(0, shown.count - 1)
    }

    /// When the next fresh entry expires, so that the pane changes then without a timer.
    func nextExpiry(now: Date) -> Date? {
        rows.compactMap { row -> Date? in
            guard row.state == "fresh", let created = row.listing.created else { return nil }
            let expiry = created.addingTimeInterval(Double(row.cacheSeconds) + 0.5)
            return expiry > now ? expiry : nil
        }.min()
    }
}
