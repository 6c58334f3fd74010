import CourierWorkspace
import Courier
import Foundation

/// The shell reads the cache on the events that change it — a write or delete, an entry's
/// expiry, the file, the selection — and tells the panes the result (the Cache pane lists it).
extension AppModel {
    /// Whether the cache's pane waits for a read of the directory (made off the input loop; it
    /// arrives through the mailbox).
    package var isReadingCache: Bool { panes.role(CacheBrowsing.self).isReading }

    /// Reads the cache directory again (off the input loop), judging each entry as the request
    /// that would read it now judges it.
    func reloadCache(now: Date = Date()) {
        tell(.cacheListing(session.workspaceCache, judged: session.cacheJudgements(now: now), now: now), now: now)
        session.judgementsAreStale = true
    }

    /// Judges again whether the request selected in Requests would be answered from the
    /// cache now.
    func judgeSelectedRequestsCache(now: Date) {
        session.judgementsAreStale = false
        tell(.cacheVerdict(session.cacheVerdict(of: selectedRequestName, now: now)), now: now)
    }
}
