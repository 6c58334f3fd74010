/// Why a request would or would not be answered from the cache: the entry it maps to and
/// the outcome ``CachedRequest/loadCache()`` would give. Made by ``ResponseCache/explain(_:now:)``.
public struct CacheExplanation: Sendable, CustomStringConvertible {
    /// The entry's file name.
    public var name: String
    /// The directory the request reads, after cache-dir path filters.
    public var directory: String
    /// What the name is the hash of.
    public var identity: CacheIdentity
    /// The entry's metadata when it could be read, even when the entry is not usable.
    public var metadata: CacheMetadata?
    /// Why loading fails; nil when it would succeed.
    public var error: CacheError?
    /// Set when `start()` goes to the network whatever the cache holds.
    public var bypassReason: String?
    /// Whether the entry's metadata file exists (readable or not): false means nothing has
    /// been cached for the request yet.
    public var entryExists = false

    /// Whether `loadCache()` would succeed.
    public var isHit: Bool { error == nil }

    /// Whether `start()` would answer from the cache.
    public var startUsesCache: Bool { isHit && bypassReason == nil }

    /// One line for a user, e.g. "miss: Cache expired: it is 12 s old and is kept for 10 s."
    public var summary: String {
        let outcome = error.map { "miss (\($0.code.rawValue)): \($0.message)" } ?? "hit: the entry is fresh."
        guard let bypassReason else { return outcome }
        return "network (\(bypassReason)); the cache would give \(outcome)"
    }

    /// The request, the ``summary`` and the entry, e.g. "GET /anything/cities at
    /// http://127.0.0.1:8080: hit: the entry is fresh. Entry 1a2b3c4d5e6f in /tmp/cache."
    /// URLs have their secrets hidden (``Redaction/redact(_:secrets:)``).
    public var description: String {
        let url = identity.requestURL.contains("://") || identity.baseURL.isEmpty
            ? identity.requestURL : "\(identity.requestURL) at \(identity.baseURL)"
        let entry = "Entry \(name.prefix(12)) in \(directory)\(entryExists ? "" : ", not written yet")."
        return "\(identity.method) \(Redaction.redact(url)): \(summary) \(entry)"
    }

    init(name: String, directory: String, identity: CacheIdentity) {
        self.name = name
        self.directory = directory
        self.identity = identity
    }
}
