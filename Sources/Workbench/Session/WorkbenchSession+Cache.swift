import CourierWorkspace
import Courier
import Foundation

/// The response cache as the session's requests see it: the directory they use, and how each
/// request that caches would judge its entry now.
extension WorkbenchSession {
    /// The workspace's response cache, read from the directory the current engine session uses.
    var workspaceCache: WorkspaceCache {
        WorkspaceCache(workspace: workspace, directory: engine.agent.config.cacheDirectory ?? settings.cacheDirectory, scope: engine.scope)
    }

    /// Each caching request's judgement of its entry as of `now`, by the entry's name.
    func cacheJudgements(now: Date) -> [String: CacheBrowser.Judgement] {
        var judged: [String: CacheBrowser.Judgement] = [:]
        for name in workspace.requestNames {
            guard let definition = effectiveDefinition(of: name), let cache = definition.cache else { continue }
            let explanation = ResponseCache.explain(engine.makeRequest(definition), now: now)
            judged[explanation.name] = CacheBrowser.Judgement(request: name, seconds: cache.seconds, explanation: explanation)
        }
        return judged
    }

    /// Whether request `name` would be answered from the cache now, and why (nil: no request).
    func cacheVerdict(of name: String?, now: Date) -> CacheVerdict? {
        guard let name, let definition = effectiveDefinition(of: name) else { return nil }
        guard let policy = definition.cache else { return .noPolicy(request: name) }
        // YTK writes an entry only when the cache time is above 0; an older one is expired.
        guard policy.seconds != 0 else { return .zeroTime(request: name) }
        return CacheVerdict(request: name, explanation: ResponseCache.explain(engine.makeRequest(definition), now: now))
    }
}
