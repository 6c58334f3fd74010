import CourierWorkspace
import Courier
import Foundation

/// The Cache pane's list: the entries of the workspace's cache directory, each matched to
/// the request that writes it and judged as that request would judge it now (its cache
/// time, version and sensitive data); a filter and the selection. It is read on the events
/// that change it (a cache write or delete, an entry's expiry, the file), off the input loop
/// (``CacheListingRead``), never per frame.
struct CacheBrowser: FilteredRows {
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

    var list = FilteredList<Row>(id: { $0.listing.key }) { row, needle in
        [row.request, row.listing.url, row.state, row.listing.key].compactMap { $0?.lowercased() }.contains { $0.contains(needle) }
    }
    private(set) var loadedAt = Date.distantPast
    private(set) var directory = ""
    private(set) var totalBytes = 0
    private(set) var freshCount = 0
    /// When the next fresh entry expires, so that the pane changes then without a timer.
    private(set) var nextExpiry: Date?
    /// How many directory reads it showed: on events, never per frame.
    private(set) var reads = 0
    /// The VER column's width: the widest `v12` listed, and a space.
    private(set) var versionWidth = 5

    var rows: [Row] { list.all }
    var shown: [Row] { list.shown }
    var selection: Int { list.cursor.selection }
    var filter: String { list.filter }

    /// How a cached request of the workspace judges the entry it would read now.
    struct Judgement: Sendable {
        var request: String
        var seconds: Int
        var explanation: CacheExplanation
    }

    /// Shows what a read of the directory found. `judged` gives, for the entries the
    /// workspace's cached requests would read now, the request and how it judges the entry.
    mutating func show(_ read: CacheListingRead) {
        let (judged, now) = (read.judged, read.now)
        directory = read.directory
        reads += 1
        let rows = read.listings.map { listing in
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
        totalBytes = rows.reduce(0) { $0 + $1.listing.bytes }
        freshCount = rows.filter { $0.state == "fresh" }.count
        nextExpiry = rows.compactMap { row -> Date? in
            guard row.state == "fresh", let created = row.listing.created else { return nil }
            let expiry = created.addingTimeInterval(Double(row.cacheSeconds) + 0.5)
            return expiry > now ? expiry : nil
        }.min()
        versionWidth = max(5, (rows.compactMap { $0.listing.storedVersion.map { "v\($0)".count } }.max() ?? 0) + 1)
        list.replace(rows)
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


    var selectedRow: Row? { list.selected }


}
