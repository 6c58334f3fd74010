import Courier
import Foundation

/// The response cache of a workspace, as `courier cache` browses it: its entries with the
/// request that wrote each one (matched by method and URL) and their freshness under that
/// request's `cache` settings.
public struct WorkspaceCache: Sendable {
    /// One entry as `courier cache list --json` prints it.
    public struct Listing: Sendable, Codable, Hashable {
        public var key: String
        /// The workspace request whose settings judge it, when one matches.
        public var request: String?
        public var method: String?
        /// Secrets masked, as stored.
        public var url: String?
        public var status: Int?
        public var contentType: String?
        public var bytes: Int
        public var created: Date?
        public var ageSeconds: Double?
        public var cacheSeconds: Int
        /// The version the matching request expects (nil: any).
        public var version: Int?
        /// The version the entry was written with.
        public var storedVersion: Int?
        /// Whether the entry was written for particular sensitive data (a user); only its
        /// digest is stored, never the value.
        public var sensitive: Bool
        /// The app version that wrote the entry.
        public var appVersion: String?
        /// fresh, expired, versionMismatch, sensitiveDataMismatch, appVersionMismatch or corrupt.
        public var freshness: String
        public var fresh: Bool
        public var problem: String?
    }

    public let workspace: Workspace
    /// The directory the entries live in.
    public let directory: String
    public var cache: ResponseCache { ResponseCache(directory: directory) }

    /// The workspace's cache: `directory` if given, else its `config.cacheDirectory`, else
    /// the engine's default (`$XDG_CACHE_HOME/courier/responses`).
    public init(workspace: Workspace, directory: String? = nil) {
        self.workspace = workspace
        let scope = VariableScope(variables: workspace.variables, environment: ProcessInfo.processInfo.environment)
        let configured = workspace.config.cacheDirectory.flatMap { try? scope.render($0) }.map(workspace.resolvePath)
        self.directory = directory ?? configured ?? ResponseCache.defaultDirectory
    }

    /// Every entry, newest first.
    public func list(now: Date = Date()) -> [Listing] {
        cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: Int.max), now: now).map { listing(of: $0, now: now) }
    }

    /// One entry and its body, or nil when there is no entry `key`.
    public func show(_ key: String, now: Date = Date()) -> (listing: Listing, body: Data?)? {
        guard let entry = cache.entry(named: key, judgedBy: CachePolicy(cacheTimeInSeconds: Int.max), now: now) else { return nil }
        return (listing(of: entry, now: now), cache.body(of: key))
    }

    @discardableResult
    public func remove(_ key: String) -> Bool { cache.delete(key) }

    /// Removes every entry (or, with `expiredOnly`, those not fresh under their request's
    /// settings); returns the keys removed.
    @discardableResult
    public func purge(expiredOnly: Bool, now: Date = Date()) -> [String] {
        let doomed = list(now: now).filter { !expiredOnly || !$0.fresh }.map(\.key)
        doomed.forEach { cache.delete($0) }
        return doomed
    }

    private func listing(of entry: CacheEntry, now: Date) -> Listing {
        let metadata = entry.metadata
        let owner = metadata.flatMap(owningRequest)
        let seconds = owner?.cache?.seconds ?? 0
        let version = owner?.cache?.version
        let judged = cache.entry(named: entry.name, judgedBy: CachePolicy(cacheTimeInSeconds: seconds, version: version), now: now)
        let freshness = judged?.freshness ?? entry.freshness
        var problem: String?
        let name: String
        switch freshness {
        case .fresh: name = "fresh"
        case .expired: name = "expired"
        case .versionMismatch: name = "versionMismatch"
        case .sensitiveDataMismatch: name = "sensitiveDataMismatch"
        case .appVersionMismatch: name = "appVersionMismatch"
        case .corrupt(let reason):
            name = "corrupt"
            problem = reason
        }
        return Listing(key: entry.name, request: owner?.name, method: metadata?.method, url: metadata?.url,
                       status: metadata?.statusCode, contentType: metadata?.contentType, bytes: entry.size,
                       created: metadata?.creationDate, ageSeconds: metadata.map { ($0.age(at: now) * 10).rounded() / 10 },
                       cacheSeconds: seconds, version: version, storedVersion: metadata?.version,
                       sensitive: metadata?.sensitiveDataDigest != nil, appVersion: metadata?.appVersion,
                       freshness: name, fresh: freshness.isFresh, problem: problem)
    }

    /// The cached request whose method matches and whose URL (placeholders as wildcards)
    /// matches the stored URL's path.
    private func owningRequest(_ metadata: CacheMetadata) -> RequestDefinition? {
        let path = URL(string: metadata.url)?.path ?? metadata.url
        return workspace.requestNames.compactMap { workspace.requests[$0] }.first { request in
            guard request.cache != nil, request.method.rawValue == metadata.method else { return false }
            return Self.matches(path: path, template: request.url)
        }
    }

    /// Whether `path` ends with `template`'s path, each `{{…}}` matching any text.
    static func matches(path: String, template: String) -> Bool {
        let templatePath = template.split(separator: "?").first.map(String.init) ?? template
        var pattern = NSRegularExpression.escapedPattern(for: templatePath)
        for placeholder in Template.references(in: templatePath) {
            pattern = pattern.replacingOccurrences(of: NSRegularExpression.escapedPattern(for: "{{\(placeholder)}}"), with: ".*")
        }
        return path.range(of: pattern + "$", options: .regularExpression) != nil
    }
}
