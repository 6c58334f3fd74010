import CourierWorkspace
import Foundation

/// One read of the cache directory for the Cache pane, done off the input loop (10,000
/// entries take about a second) and handed back through the mailbox
/// (``EngineUpdate/cacheListed(_:)``); a read started later makes an earlier one stale.
package struct CacheListingRead: Sendable {
    /// Which read this is: only the latest is shown.
    var generation: Int
    var directory: String
    var listings: [WorkspaceCache.Listing]
    /// How the workspace's cached requests judge the entries they would read, by entry name.
    var judged: [String: CacheBrowser.Judgement]
    /// When the entries were judged.
    var now: Date

    private static let reader = DispatchQueue(label: "courier.cache-pane.reader", qos: .userInitiated)

    /// Reads `cache` on the reader's queue and posts the result to `mailbox`.
    static func start(generation: Int, cache: WorkspaceCache, judged: [String: CacheBrowser.Judgement], now: Date, mailbox: Mailbox) {
        reader.async {
            let listings = cache.list(now: now)
            mailbox.post(.paneResult(.cache, CacheListingRead(generation: generation, directory: cache.directory, listings: listings,
                                                       judged: judged, now: now)))
        }
    }
}
