import Foundation

/// One response a cache-then-refresh run delivered: the cached one first, the network one after.
public struct CacheDelivery: Sendable {
    /// Whether this is the cached response.
    public var isDataFromCache: Bool
    /// Head, body and its serialized forms, as the response getters held them.
    public var content: ResponseContent
    /// The entry's metadata, for the cached response.
    public var metadata: CacheMetadata?

    /// The response's status code.
    public var statusCode: Int { content.statusCode }
    /// The response body, nil when there was none.
    public var data: Data? { content.data }
    /// The body as text, decoded with the response's charset.
    public var string: String? { content.string }
    /// The body parsed by the JSON serializer; nil when another serializer read it.
    public var json: JSONValue? { content.json }
}

extension CachedRequest {
    /// Shows the cache, then refreshes (what YTKNetwork users kept asking for): when a fresh
    /// entry exists, `success` runs with it (``isDataFromCache`` true), then the request goes
    /// to the network anyway and `success` or `failure` runs again with the new response,
    /// which is written to the cache. Without a usable entry (or with ``ignoreCache``) only
    /// the network run happens. Each run has the full callback sequence, accessories included;
    /// the second starts after the first's `requestDidStop`. Does nothing while executing.
    public func startCacheThenRefresh(success: @escaping @Sendable (CachedRequest) -> Void,
                                      failure: @escaping @Sendable (CachedRequest) -> Void) {
        let cached = cachedHitForRefresh()
        Task {
            if let cached {
                successCompletionHandler = { _ in success(self) }
                failureCompletionHandler = nil
                guard (try? await run(.cached(cached))) != nil else { return }
            }
            successCompletionHandler = { _ in success(self) }
            failureCompletionHandler = { _ in failure(self) }
            _ = try? await run(.network)
        }
    }

    /// The async form of ``startCacheThenRefresh(success:failure:)``: yields the cached
    /// response when there is a fresh one, then the network response, then finishes; throws
    /// the network run's ``RequestError``. Ending the iteration early stops the request.
    ///
    /// ```swift
    /// for try await delivery in request.runCacheThenRefresh() {
    ///     show(delivery.json, stale: delivery.isDataFromCache)
    /// }
    /// ```
    public func runCacheThenRefresh() -> AsyncThrowingStream<CacheDelivery, any Error> {
        let cached = cachedHitForRefresh()
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    if let cached {
                        try await run(.cached(cached))
                        continuation.yield(delivery())
                    }
                    try await run(.network)
                    continuation.yield(delivery())
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The entry a refresh shows first, unless the cache is ignored or bypassed.
    private func cachedHitForRefresh() -> CacheHit? {
        guard !ignoreCache, !bypassesCache else { return nil }
        return try? lookupCache()
    }

    /// One `run()` whose `start()` goes the given way.
    private func run(_ mode: StartMode) async throws {
        setNextStart(mode)
        defer { setNextStart(nil) }
        try await run()
    }

    private func delivery() -> CacheDelivery {
        CacheDelivery(isDataFromCache: isDataFromCache, content: content,
                      metadata: isDataFromCache ? cacheMetadata : nil)
    }
}
