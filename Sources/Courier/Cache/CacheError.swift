/// Why a cached response could not be served (YTKRequestCacheError, domain "caching").
/// ``CachedRequest/loadCache()`` checks in YTKNetwork's order and stops at the first failure:
/// cache time, metadata, age, version, sensitive data, app version, data.
public struct CacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error domain, as YTKNetwork names it.
    public static let domain = "caching"

    /// YTKNetwork's numeric cache error codes.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public var description: String { String(rawValue) }

        /// The entry is older than the cache time (or written in the future).
        public static let expired = Code(rawValue: -1)
        /// The entry was written with another `cacheVersion`.
        public static let versionMismatch = Code(rawValue: -2)
        /// The entry was written for other `cacheSensitiveData`.
        public static let sensitiveDataMismatch = Code(rawValue: -3)
        /// The entry was written by another app version.
        public static let appVersionMismatch = Code(rawValue: -4)
        /// The request's cache time is negative: it does not use the cache.
        public static let invalidCacheTime = Code(rawValue: -5)
        /// The metadata file is missing or unreadable: usually, nothing was cached yet.
        public static let invalidMetadata = Code(rawValue: -6)
        /// The data file is missing, does not match its metadata, or cannot be parsed.
        public static let invalidCacheData = Code(rawValue: -7)
    }

    /// Which check failed: YTKNetwork's code, -1 to -7.
    public var code: Code
    /// A sentence saying why the cache was not used, fit to show a user.
    public var message: String

    /// An error with `code` and a sentence for people. The engine makes its own; tests and cache
    /// browsers may make one.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "cache error \(code.rawValue): \(message)" }

    static func invalidCacheTime(_ seconds: Int) -> CacheError {
        CacheError(code: .invalidCacheTime,
                   message: "Invalid cache time: \(seconds) s; a cache time of 0 or more is needed to read the cache.")
    }

    static func invalidMetadata(_ detail: String) -> CacheError {
        CacheError(code: .invalidMetadata, message: "Invalid metadata, the cache may not exist: \(detail).")
    }

    static func expired(age: Double, limit: Int) -> CacheError {
        let detail = age < 0 ? "it was written \(seconds(-age)) in the future"
                             : "it is \(seconds(age)) old and is kept for \(limit) s"
        return CacheError(code: .expired, message: "Cache expired: \(detail).")
    }

    static func versionMismatch(stored: Int, expected: Int) -> CacheError {
        CacheError(code: .versionMismatch,
                   message: "Cache version mismatch: the entry has version \(stored), the request wants \(expected).")
    }

    static let sensitiveDataMismatch = CacheError(
        code: .sensitiveDataMismatch,
        message: "Cache sensitive data mismatch: the entry was stored for other sensitive data.")

    static func appVersionMismatch(stored: String, expected: String) -> CacheError {
        CacheError(code: .appVersionMismatch,
                   message: "App version mismatch: the entry was written by \(stored), this is \(expected).")
    }

    static func invalidCacheData(_ detail: String) -> CacheError {
        CacheError(code: .invalidCacheData, message: "Invalid cache data: \(detail).")
    }

    private static func seconds(_ value: Double) -> String {
        value < 10 ? "\((value * 10).rounded() / 10) s" : "\(Int(value.rounded())) s"
    }
}
