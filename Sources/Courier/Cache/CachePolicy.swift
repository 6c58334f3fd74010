import Foundation

/// What an entry is judged against: how long entries stay fresh and which version and app
/// version they must carry. A ``CachedRequest`` judges with its own policy; a cache browser
/// passes one to ``ResponseCache/entries(judgedBy:now:)``.
public struct CachePolicy: Sendable, Hashable {
    /// Seconds an entry stays fresh; negative means the cache is not read at all.
    public var cacheTimeInSeconds: Int
    /// The `cacheVersion` an entry must have; nil accepts any.
    public var version: Int?
    /// The app version an entry must have been written by; nil accepts any.
    public var appVersion: String?
    /// The digest of the sensitive data an entry must have been written for; only a request
    /// knows its sensitive data, so browsing policies leave it unchecked.
    var sensitiveData: SensitiveDataCheck = .unchecked

    enum SensitiveDataCheck: Sendable, Hashable {
        case unchecked
        case expected(digest: String?)
    }

    /// A policy that keeps entries fresh for `cacheTimeInSeconds` and, when given, checks their
    /// version and app version.
    public init(cacheTimeInSeconds: Int, version: Int? = nil, appVersion: String? = nil) {
        self.cacheTimeInSeconds = cacheTimeInSeconds
        self.version = version
        self.appVersion = appVersion
    }

    /// YTKNetwork's validity checks after the metadata is read, in its order: age, version,
    /// sensitive data, app version.
    func validate(_ metadata: CacheMetadata, now: Date) throws(CacheError) {
        guard cacheTimeInSeconds >= 0 else { throw .invalidCacheTime(cacheTimeInSeconds) }
        let age = metadata.age(at: now)
        if age < 0 || age > Double(cacheTimeInSeconds) {
            throw .expired(age: age, limit: cacheTimeInSeconds)
        }
        if let version, metadata.version != version {
            throw .versionMismatch(stored: metadata.version, expected: version)
        }
        if case .expected(let digest) = sensitiveData, digest != metadata.sensitiveDataDigest {
            throw .sensitiveDataMismatch
        }
        if let appVersion, metadata.appVersion != appVersion {
            throw .appVersionMismatch(stored: metadata.appVersion, expected: appVersion)
        }
    }
}

/// How an entry on disk stands against a ``CachePolicy``.
public enum CacheFreshness: Sendable, Hashable {
    /// A request with this policy would be answered from the entry.
    case fresh
    /// Older than the cache time (or the policy does not read the cache).
    case expired
    /// Written with another `cacheVersion` than the policy's.
    case versionMismatch
    /// Written for other `cacheSensitiveData` (another user, say).
    case sensitiveDataMismatch
    /// Written by another app version than the policy's.
    case appVersionMismatch
    /// Missing half, unreadable metadata, or a body that does not match its metadata.
    case corrupt(reason: String)

    init(_ error: CacheError?) {
        switch error?.code {
        case nil: self = .fresh
        case .expired?, .invalidCacheTime?: self = .expired
        case .versionMismatch?: self = .versionMismatch
        case .sensitiveDataMismatch?: self = .sensitiveDataMismatch
        case .appVersionMismatch?: self = .appVersionMismatch
        default: self = .corrupt(reason: error?.message ?? "")
        }
    }

    /// Whether a request with the policy would be answered from the entry.
    public var isFresh: Bool { self == .fresh }

    /// Whether the entry is damaged (``corrupt(reason:)``) rather than merely stale or of another
    /// version: ``ResponseCache`` purges such entries.
    public var isCorrupt: Bool {
        if case .corrupt = self { return true }
        return false
    }
}
