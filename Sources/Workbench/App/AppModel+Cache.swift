import CourierWorkspace
import Courier
import Foundation

/// The shell reads the cache for the Cache pane on the events that change it — a write or
/// delete, an entry's expiry, the file, the selection — and hands the pane the result.
extension AppModel {
    /// The workspace's response cache, read from the directory the current session uses.
    var workspaceCache: WorkspaceCache {
        WorkspaceCache(workspace: workspace, directory: session.agent.config.cacheDirectory ?? settings.cacheDirectory, scope: session.scope)
    }

    /// Whether the Cache pane waits for a read of the directory (made off the input loop; it
    /// arrives through the mailbox).
    public var isReadingCache: Bool { panes.cache.isReading }

    /// Reads the cache directory again (off the input loop), judging each entry as the request
    /// that would read it now judges it.
    func reloadCache(now: Date = Date()) {
        var judged: [String: CacheBrowser.Judgement] = [:]
        for name in workspace.requestNames {
            guard let definition = effectiveDefinition(of: name), let cache = definition.cache else { continue }
            let request = session.makeRequest(definition)
            let explanation = ResponseCache.explain(request, now: now)
            judged[explanation.name] = CacheBrowser.Judgement(request: name, seconds: cache.seconds, explanation: explanation)
        }
        panes.cache.reload(workspaceCache, judged: judged, now: now)
        cacheVerdictIsStale = true
    }

    /// Judges again whether the request selected in Requests would be answered from the
    /// cache now.
    func judgeSelectedRequestsCache(now: Date) {
        cacheVerdictIsStale = false
        guard let name = selectedRequestName, let definition = effectiveDefinition(of: name) else {
            panes.cache.show(nil)
            return
        }
        guard let policy = definition.cache else {
            panes.cache.show(.noPolicy(request: name))
            return
        }
        // YTK writes an entry only when the cache time is above 0; an older one is expired.
        guard policy.seconds != 0 else {
            panes.cache.show(.zeroTime(request: name))
            return
        }
        panes.cache.show(CacheVerdict(request: name, explanation: ResponseCache.explain(session.makeRequest(definition), now: now)))
    }
}
