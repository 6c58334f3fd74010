import CourierWorkspace
import Courier
import Foundation

/// The shell reads the cache for the Cache pane on the events that change it — a write or
/// delete, an entry's expiry, the file, the selection — and hands the pane the result.
extension AppModel {
    /// Whether the Cache pane waits for a read of the directory (made off the input loop; it
    /// arrives through the mailbox).
    public var isReadingCache: Bool { panes.cache.isReading }

    /// Reads the cache directory again (off the input loop), judging each entry as the request
    /// that would read it now judges it.
    func reloadCache(now: Date = Date()) {
        panes.cache.reload(session.workspaceCache, judged: session.cacheJudgements(now: now), now: now)
        session.judgementsAreStale = true
    }

    /// Judges again whether the request selected in Requests would be answered from the
    /// cache now.
    func judgeSelectedRequestsCache(now: Date) {
        session.judgementsAreStale = false
        panes.cache.show(session.cacheVerdict(of: selectedRequestName, now: now))
    }
}
