import Dispatch
import Foundation
import Logging
import Synchronization

/// A request whose successful responses are kept on disk and served again while fresh
/// (YTKRequest). Override ``cacheTimeInSeconds`` to turn the cache on:
///
/// ```swift
/// final class CityList: CachedRequest {
///     override var requestURL: String { "/cities" }
///     override var cacheTimeInSeconds: Int { 600 }
/// }
/// let request = CityList()
/// try await request.run()
/// print(request.isDataFromCache, request.responseJSON ?? .null)
/// ```
///
/// `start()` answers from the cache exactly when YTKNetwork would: unless ``ignoreCache`` is
/// set or ``bypassesCache`` is true, and only when ``loadCache()`` succeeds; otherwise it goes
/// to the network. A hit runs the usual callbacks (preprocessor, filter, delegate, closures)
/// and, unlike YTKNetwork, the accessories too, with ``isDataFromCache`` true. The agent
/// writes a successful network response to the cache when the cache time is above zero,
/// before ``Request/requestCompletePreprocessor()`` runs (no `super` call needed).
open class CachedRequest: Request, @unchecked Sendable {
    private let cacheState = Mutex(CacheRequestState())

    /// A request with every overridable at its default; subclasses add their own stored properties
    /// and initialisers.
    public override init() {
        super.init()
    }

    // MARK: - Cache policy (override these)

    /// Seconds a stored response stays fresh. -1 (the default) = no cache; 0 = never written.
    open var cacheTimeInSeconds: Int { requestSettings.cacheTimeInSeconds }
    /// Change it to invalidate entries written by older code.
    open var cacheVersion: Int { requestSettings.cacheVersion }
    /// Data the entry belongs to, e.g. the user id: an entry written for other data is not
    /// served. Only its SHA-256 is stored. A string works too: `.string("user-42")`.
    open var cacheSensitiveData: JSONValue? { requestSettings.cacheSensitiveData }
    /// Write the cache on a background queue (true) or before the callbacks run (false).
    open var writeCacheAsynchronously: Bool { requestSettings.writeCacheAsynchronously }
    /// Whether `start()` always goes to the network and never reads the cache: true for a
    /// resumable download, as in YTKNetwork. Responses are still written (but a download's
    /// body, which is on disk, never is).
    open var bypassesCache: Bool { resumableDownloadPath != nil }
    /// The arguments that go into the entry's name (YTK `cacheFileNameFilterForRequestArgument:`):
    /// drop a timestamp or nonce here so that it does not split the cache.
    open func cacheFileNameFilter(for arguments: JSONValue?) -> JSONValue? { arguments }

    // MARK: - State

    /// Go to the network on `start()`; the response is still written to the cache.
    public var ignoreCache: Bool {
        get { cacheState.withLock { $0.ignoreCache } }
        set { cacheState.withLock { $0.ignoreCache = newValue } }
    }

    /// Whether the response getters hold a cached response rather than a network one.
    public var isDataFromCache: Bool { cacheState.withLock { $0.isDataFromCache } }

    /// The metadata of the entry the response came from, when ``isDataFromCache``.
    public var cacheMetadata: CacheMetadata? { cacheState.withLock { $0.metadata } }

    /// What the entry's name is the hash of.
    public var cacheIdentity: CacheIdentity { cacheKey(settings: agent.config.settings).identity }
    /// What a send judges this request's cache entry by: its cache time and version, the
    /// config's app version and the sensitive data it expects. Tools that list the cache
    /// use it, so that they call fresh exactly what a send would serve.
    public var cachePolicy: CachePolicy { cacheKey(settings: agent.config.settings).policy }

    /// The directory the entry lives in, after the config's cache-dir path filters.
    public var cacheDirectory: String { ResponseCache.directory(for: self, settings: agent.config.settings) }

    // MARK: - Starting

    /// Answers from the cache when it can, else sends the request (YTKRequest `start`).
    open override func start() {
        let (mode, ignoreCache) = cacheState.withLock { state in
            defer { state.nextStart = nil }
            return (state.nextStart, state.ignoreCache)
        }
        guard let context = claimRun(cacheKey: runCacheKey) else { return }
        switch mode {
        case .network?:
            sendWithoutCache(context)
        case .cached(let hit)?:
            deliverFromCache(hit, context: context)
        case nil:
            // A cache time of zero or less can never give a hit: no key, no lookup.
            guard let key = context.cacheKey, !ignoreCache, !bypassesCache,
                  let hit = try? ResponseCache(directory: key.directory).lookup(key, now: Date(), memory: context.agent.cacheMemory)
            else {
                sendWithoutCache(context)
                return
            }
            deliverFromCache(hit, context: context)
        }
    }

    /// Answers from the cache, or throws why it cannot (the entry's why-miss) without
    /// starting: the network is never touched. For offline replay.
    public func startFromCacheOnly() throws(CacheError) {
        guard !isExecuting else { return }
        guard cacheTimeInSeconds > 0 else {
            throw CacheError(code: .invalidCacheTime, message: "the request has no cache policy")
        }
        let hit = try lookupCache()
        guard let context = claimRun(cacheKey: runCacheKey) else { return }
        deliverFromCache(hit, context: context)
    }

    /// Sends the request without reading the cache; a successful response is still written.
    public func startWithoutCache() {
        guard let context = claimRun(cacheKey: runCacheKey) else { return }
        sendWithoutCache(context)
    }

    /// Loads the entry into the response getters, or throws why it cannot, checking in
    /// YTKNetwork's order: cache time, metadata, age, version, sensitive data, app version,
    /// data. Leaves the getters alone while the request is executing.
    @discardableResult
    public func loadCache() throws(CacheError) -> CacheMetadata {
        let hit = try lookupCache()
        if showIdle(hit.content) {
            cacheState.withLock { state in
                state.isDataFromCache = true
                state.metadata = hit.metadata
            }
        }
        return hit.metadata
    }

    // MARK: - Writing

    /// What the engine writes after a successful network response (the agent's
    /// ``CacheWriter`` does it, before the preprocessor): the response under the key the run
    /// looked up, when the cache time is above zero.
    override func cacheWrite(after content: ResponseContent, context: RunContext) -> (CacheWrite, asynchronously: Bool)? {
        guard let key = context.cacheKey, key.policy.cacheTimeInSeconds > 0,
              let write = cacheWrite(for: content, key: key, settings: context.settings) else { return nil }
        return (write, writeCacheAsynchronously)
    }

    // MARK: - Internals

    enum StartMode: Sendable {
        case network
        case cached(CacheHit)
    }

    /// Makes the next `start()` go to the network, or deliver `hit`, whatever the policy says.
    func setNextStart(_ mode: StartMode?) {
        cacheState.withLock { $0.nextStart = mode }
    }

    func lookupCache() throws(CacheError) -> CacheHit {
        let key = cacheKey(settings: agent.config.settings)
        return try ResponseCache(directory: key.directory).lookup(key, now: Date(), memory: agent.cacheMemory)
    }

    /// The key a run with `settings` reads and writes; nil when the cache time is zero or
    /// less (nothing can be read or written: no key, no hashing).
    private func runCacheKey(_ snapshot: SettingsSnapshot) -> CacheKey? {
        cacheTimeInSeconds > 0 ? cacheKey(settings: snapshot.settings) : nil
    }

    func cacheKey(settings: borrowing NetworkSettings) -> CacheKey {
        let identity = CacheIdentity(method: method.rawValue, baseURL: baseURL.isEmpty ? settings.baseURL : baseURL,
                                     requestURL: requestURL, arguments: cacheFileNameFilter(for: arguments))
        var policy = CachePolicy(cacheTimeInSeconds: cacheTimeInSeconds, version: cacheVersion,
                                 appVersion: settings.appVersion)
        policy.sensitiveData = .expected(digest: sensitiveDataDigest)
        return CacheKey(directory: ResponseCache.directory(for: self, settings: settings), identity: identity,
                        name: agent.cacheMemory.name(of: identity), policy: policy, serializer: responseSerializer)
    }

    /// What would be written for `content` under `key`; nil when it has no body to keep.
    func cacheWrite(for content: ResponseContent, key: CacheKey, settings: NetworkSettings,
                    now: Date = Date()) -> CacheWrite? {
        guard let data = content.data, content.downloadedFile == nil else { return nil }
        let head = content.head
        let metadata = CacheMetadata(
            version: cacheVersion, sensitiveDataDigest: sensitiveDataDigest, stringEncoding: head?.charset,
            creationDate: now, appVersion: settings.appVersion, method: method.rawValue,
            url: redactedForDisplay(head?.url ?? key.identity.requestURL),
            arguments: arguments.map { ArgumentRedaction.redact($0, strings: redactedForDisplay) },
            statusCode: head?.statusCode ?? 0, contentType: head?.header("Content-Type"),
            httpVersion: head?.httpVersion ?? "HTTP/1.1", bodySize: data.count,
            bodyDigest: CacheDigest.sha256Hex(data))
        return CacheWrite(cache: ResponseCache(directory: key.directory), name: key.name, data: data,
                          metadata: metadata)
    }

    private var sensitiveDataDigest: String? {
        cacheSensitiveData.map { CacheDigest.sha256Hex($0.serialized()) }
    }

    private func sendWithoutCache(_ context: RunContext) {
        cacheState.withLock { state in
            state.isDataFromCache = false
            state.metadata = nil
        }
        launch(context)
    }

    private func deliverFromCache(_ hit: CacheHit, context: RunContext) {
        cacheState.withLock { state in
            state.isDataFromCache = true
            state.metadata = hit.metadata
        }
        if context.logsDebug {
            context.settings.logger.debug("⚡ cache hit \(method.rawValue) \(hit.metadata.url)")
        }
        answerWithoutNetwork(context, content: hit.content)
    }
}

/// A cached request's own state, behind its own lock.
private struct CacheRequestState: Sendable {
    var ignoreCache = false
    var isDataFromCache = false
    var metadata: CacheMetadata?
    var nextStart: CachedRequest.StartMode?
}


