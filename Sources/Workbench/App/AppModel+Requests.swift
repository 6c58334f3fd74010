import CourierWorkspace
import Courier
import Foundation

/// What the Requests pane reads of the session to draw its rows.
extension AppModel: RequestsSource {
    func method(of name: String) -> String { effectiveDefinition(of: name)?.method.rawValue ?? "?" }

    func hasUnsavedEdit(_ name: String) -> Bool {
        guard let draft = drafts[name] else { return false }
        return workspace.requests[name].map { RequestDraft($0) != draft } ?? true
    }

    func hasConflict(_ name: String) -> Bool { draftOrigins[name]?.conflict != nil }

    func cacheMarker(_ name: String) -> Bool? { cacheMarkers[name] }

    func latestExchange(of name: String) -> Exchange? { exchanges[name] }

    /// Whether the request has an entry the cache would answer from now (looked up once per
    /// change, before drawing, and only for rows on screen).
    func hasFreshCacheEntry(_ name: String) -> Bool {
        if let known = cacheMarkers[name] { return known }
        guard let definition = effectiveDefinition(of: name), definition.cache != nil else {
            cacheMarkers[name] = false
            return false
        }
        let fresh = ResponseCache.explain(session.makeRequest(definition)).isHit
        cacheMarkers[name] = fresh
        return fresh
    }
}
