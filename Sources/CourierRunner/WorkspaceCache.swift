import Courier
import CourierFormat
import CourierFormatCore
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
    /// The workspace's variables, and the secrets its requests know once resolved.
    public let scope: VariableScope
    public var cache: ResponseCache { ResponseCache(directory: directory) }

    /// The workspace's cache: `directory` if given, else its `config.cacheDirectory`, else
    /// the engine's default (`$XDG_CACHE_HOME/courier/responses`). `scope` is the run's
    /// (the workbench's session); without one, the workspace's own variables.
    public init(workspace: Workspace, directory: String? = nil, scope: VariableScope? = nil) {
        self.workspace = workspace
        let scope = scope ?? VariableScope(variables: (try? workspace.variables(environment: nil, overrides: [:])) ?? workspace.variables,
                                           environment: ProcessInfo.processInfo.environment)
        self.scope = scope
        let configured = workspace.config.cacheDirectory.flatMap { try? scope.render($0) }.map(workspace.resolvePath)
        self.directory = directory ?? configured ?? ResponseCache.defaultDirectory
    }

    /// Every entry, newest first, judged as the request that writes it would judge it.
    public func list(now: Date = Date()) -> [Listing] {
        let owners = cachedRequests()
        return cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: Int.max), now: now).map { listing(of: $0, owners: owners, now: now) }
    }

    /// One entry and its body, or nil when there is no entry `key`. The body has the
    /// workspace's known secrets hidden (as history has) unless `revealingSecrets`.
    public func show(_ key: String, revealingSecrets: Bool = false, now: Date = Date()) -> (listing: Listing, body: Data?)? {
        let owners = cachedRequests()
        guard let entry = cache.entry(named: key, judgedBy: CachePolicy(cacheTimeInSeconds: Int.max), now: now) else { return nil }
        let listing = listing(of: entry, owners: owners, now: now)
        let body = cache.body(of: key).map { data in
            revealingSecrets ? data : scope.redactedBody(data, contentType: listing.contentType)
        }
        return (listing, body)
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

    /// A cached request of the workspace as a send makes it: the entry it reads and writes,
    /// and the policy it judges that entry by.
    private struct EntryOwner {
        var definition: RequestDefinition
        var entryName: String
        var policy: CachePolicy
    }

    /// The workspace's cached requests, each made into the engine's request object with the
    /// workspace's config, exactly as a run sends it: the listing calls fresh what a send
    /// would serve. Resolving them also teaches ``scope`` their secrets.
    private func cachedRequests() -> [EntryOwner] {
        let config = (try? WorkspaceRunner.networkConfig(for: workspace, scope: scope, options: RunOptions())) ?? NetworkConfig()
        config.cacheDirectory = directory
        let agent = NetworkAgent(config: config)
        return workspace.requestNames.compactMap { name in
            guard let definition = workspace.requests[name], definition.cache != nil else { return nil }
            let request = WorkspaceRequest(definition, scope: scope, workspace: workspace)
            request.agent = agent
            return EntryOwner(definition: definition, entryName: request.cacheIdentity.name, policy: request.cachePolicy)
        }
    }

    private func listing(of entry: CacheEntry, owners: [EntryOwner], now: Date) -> Listing {
        let metadata = entry.metadata
        // The request that writes this very entry; else one whose URL template matches the
        // stored URL (its placeholders took other values since).
        let owner = owners.first { $0.entryName == entry.name } ?? metadata.flatMap { metadata in
            owners.first { $0.definition.method.rawValue == metadata.method && Self.matches(url: metadata.url, template: $0.definition.url) }
        }
        let policy = owner?.policy ?? CachePolicy(cacheTimeInSeconds: 0)
        let judged = cache.entry(named: entry.name, judgedBy: policy, now: now)
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
        return Listing(key: entry.name, request: owner?.definition.name, method: metadata?.method,
                       url: metadata.map { scope.redact($0.url) },
                       status: metadata?.statusCode, contentType: metadata?.contentType, bytes: entry.size,
                       created: metadata?.creationDate, ageSeconds: metadata.map { ($0.age(at: now) * 10).rounded() / 10 },
                       cacheSeconds: policy.cacheTimeInSeconds, version: policy.version, storedVersion: metadata?.version,
                       sensitive: metadata?.sensitiveDataDigest != nil, appVersion: metadata?.appVersion,
                       freshness: name, fresh: freshness.isFresh, problem: problem)
    }

    /// Whether a stored `url` matches a request's URL `template`, each `{{…}}` matching any
    /// text: the whole URL for an absolute template, the end of the path for a relative one.
    static func matches(url: String, template: String) -> Bool {
        let absolute = template.contains("://")
        let subject = absolute ? (url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url)
                               : (URL(string: url)?.path ?? url)
        let templatePath = template.split(separator: "?").first.map(String.init) ?? template
        var pattern = NSRegularExpression.escapedPattern(for: templatePath)
        for placeholder in Template.references(in: templatePath) {
            pattern = pattern.replacingOccurrences(of: NSRegularExpression.escapedPattern(for: "{{\(placeholder)}}"), with: ".*")
        }
        return subject.range(of: (absolute ? "^" : "") + pattern + "$", options: .regularExpression) != nil
    }
}
