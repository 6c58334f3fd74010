import Courier
import Foundation
#if canImport(Glibc)
import Glibc
import Synchronization
#endif
import Testing

/// YTKNetwork's cache tests, against the demo server: when `start()` answers from the cache,
/// when it writes, and what a hit restores.
@Suite struct CachedRequestTests {
    @Test func hitMakesNoNetworkCallAndTwoObjectsShareOneEntry() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            let first = bed.request(counter.path)
            try await first.run()
            #expect(!first.isDataFromCache)
            expectEqual(first.responseJSON?["count"], 1)

            let second = bed.request(counter.path)
            try await second.run()
            #expect(second.isDataFromCache)
            expectEqual(second.responseJSON, first.responseJSON)
            expectEqual(try await bed.bed.counterValue(counter.name), 1)
            expectEqual(bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 60)).count, 1)
        }
    }

    @Test func hitRestoresEveryGetter() async throws {
        try await withCacheBed { bed in
            let path = "/response-headers?Content-Type=application/json;%20charset=utf-8&greeting=h%C3%A9llo"
            let network = bed.request(path)
            try await network.run()
            let cached = bed.request(path)
            try await cached.run()
            #expect(cached.isDataFromCache)
            expectEqual(cached.responseStatusCode, 200)
            #expect(cached.response?.header("Content-Type") != nil)
            expectEqual(cached.response?.header("Content-Type"), network.response?.header("Content-Type"))
            expectEqual(cached.response?.mimeType, "application/json")
            expectEqual(cached.responseData, network.responseData)
            expectEqual(cached.responseString, network.responseString)
            expectEqual(cached.responseString?.contains("héllo"), true)
            expectEqual(cached.responseJSON, network.responseJSON)
            expectEqual(cached.responseJSON?["greeting"], "héllo")
            expectEqual(cached.error, nil)
            expectEqual(cached.cacheMetadata?.statusCode, 200)
        }
    }

    @Test func rawBodiesKeepTheirContentTypeAndCharset() async throws {
        try await withCacheBed { bed in
            let network = bed.request("/html") { $0.serializer = .raw }
            try await network.run()
            let cached = bed.request("/html") { $0.serializer = .raw }
            try await cached.run()
            #expect(cached.isDataFromCache)
            expectEqual(cached.response?.header("Content-Type"), "text/html; charset=utf-8")
            expectEqual(cached.cacheMetadata?.stringEncoding, "utf-8")
            expectEqual(cached.responseString, network.responseString)
            expectEqual(cached.responseJSON, nil)
        }
    }

    @Test func expiresAfterTheCacheTime() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            // A three-second TTL. Fresh is judged at the entry's own creation time (a loaded
            // machine may take seconds between the write and a read now); then wait until it
            // has passed.
            let request = bed.request(counter.path) { $0.cacheTime = 3 }
            try await request.run()
            await request.agent.waitForCacheWrites()
            let created = try #require(bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: Int.max)).first?.metadata?.creationDate)
            #expect(ResponseCache.explain(request, now: created.addingTimeInterval(1)).error == nil, "fresh within its time")
            expectEqual(ResponseCache.explain(request, now: created.addingTimeInterval(3.5)).error?.code, .expired)
            try await Task.sleep(until: .now + .seconds(max(0.2, created.addingTimeInterval(3.2).timeIntervalSinceNow)))
            #expect(throws: CacheError.self) { try request.loadCache() }
            do throws(CacheError) {
                try request.loadCache()
            } catch {
                expectEqual(error.code, .expired)
            }
            try await request.run()
            #expect(!request.isDataFromCache)
            expectEqual(request.responseJSON?["count"], 2)
        }
    }

    @Test func ignoreCacheGoesToTheNetworkAndStillWrites() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            try await bed.request(counter.path).run()
            let ignoring = bed.request(counter.path)
            ignoring.ignoreCache = true
            try await ignoring.run()
            #expect(!ignoring.isDataFromCache)
            expectEqual(ignoring.responseJSON?["count"], 2)
            let reader = bed.request(counter.path)
            try await reader.run()
            #expect(reader.isDataFromCache)
            expectEqual(reader.responseJSON?["count"], 2)
        }
    }

    @Test func startWithoutCacheStillStores() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            try await bed.request(counter.path).run()
            let request = bed.request(counter.path)
            let signal = DidStopSignal()
            request.addAccessory(signal)
            request.startWithoutCache()
            await signal.wait()
            #expect(!request.isDataFromCache)
            expectEqual(request.responseJSON?["count"], 2)
            let reader = bed.request(counter.path)
            try reader.loadCache()
            expectEqual(reader.responseJSON?["count"], 2)
        }
    }

    @Test func versionChangeMissesThenRewrites() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            try await bed.request(counter.path) { $0.version = 1 }.run()
            let newer = bed.request(counter.path) { $0.version = 2 }
            #expect(throws: CacheError(code: .versionMismatch,
                                       message: "Cache version mismatch: the entry has version 1, the request wants 2.")) {
                try newer.loadCache()
            }
            try await newer.run()
            #expect(!newer.isDataFromCache)
            try await newer.run()
            #expect(newer.isDataFromCache)
            expectEqual(newer.cacheMetadata?.version, 2)
        }
    }

    @Test func sensitiveDataSeparatesUsersAndIsNeverStoredPlain() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            try await bed.request(counter.path) { $0.sensitiveData = "user-1-secret" }.run()
            let other = bed.request(counter.path) { $0.sensitiveData = "user-2-secret" }
            expectEqual(ResponseCache.explain(other).error?.code, .sensitiveDataMismatch)
            let same = bed.request(counter.path) { $0.sensitiveData = "user-1-secret" }
            try await same.run()
            #expect(same.isDataFromCache)
            let name = same.cacheIdentity.name
            let metadata = try String(contentsOfFile: bed.directory + "/\(name).metadata", encoding: .utf8)
            #expect(!metadata.contains("user-1-secret"))
            expectEqual(same.cacheMetadata?.sensitiveDataDigest?.count, 64)
        }
    }

    @Test func jsonSurvivesTheCacheIntact() async throws {
        try await withCacheBed { bed in
            let arguments: JSONValue = ["nested": ["list": [1, 2.5, "three", nil, true]], "emoji": "📦"]
            let network = bed.request("/post") {
                $0.method = .post
                $0.arguments = arguments
            }
            try await network.run()
            let cached = bed.request("/post") {
                $0.method = .post
                $0.arguments = arguments
            }
            try await cached.run()
            #expect(cached.isDataFromCache)
            expectEqual(cached.responseJSON, network.responseJSON)
            expectEqual(cached.responseJSON?["form"]?["emoji"], "📦")
            expectEqual(cached.responseData, network.responseData)
        }
    }

    @Test func onlySuccessfulResponsesWithPositiveCacheTimeAreWritten() async throws {
        try await withCacheBed { bed in
            await #expect(throws: RequestError.self) { try await bed.request("/status/500").run() }
            try await bed.request("/get") { $0.cacheTime = 0 }.run()
            try await bed.request("/get?never") { $0.cacheTime = -1 }.run()
            #expect(bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 60)).isEmpty)
            try await bed.request("/get") { $0.cacheTime = 5 }.run()
            expectEqual(bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 60)).count, 1)
        }
    }

    @Test func aHitIsNeverWrittenAgain() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            let first = bed.request(counter.path)
            try await first.run()
            let written = try #require(first.cacheMetadataOnDisk(bed))
            let second = bed.request(counter.path)
            try await second.run()
            #expect(second.isDataFromCache)
            expectEqual(first.cacheMetadataOnDisk(bed), written)
        }
    }

    @Test func cacheDirPathFilterMovesTheEntry() async throws {
        struct PerUser: CacheDirPathFilter {
            func filterCacheDirPath(_ path: String, for request: Request) -> String { path + "/user-42" }
        }
        try await withCacheBed({ $0.addCacheDirPathFilter(PerUser()) }) { bed in
            let request = bed.request("/get")
            try await request.run()
            expectEqual(request.cacheDirectory, bed.directory + "/user-42")
            let name = request.cacheIdentity.name
            #expect(FileManager.default.fileExists(atPath: bed.directory + "/user-42/\(name)"))
            #expect(FileManager.default.fileExists(atPath: bed.directory + "/user-42/\(name).metadata"))
            expectEqual(bed.files(), ["user-42"])
            expectEqual(ResponseCache(for: request).entries(judgedBy: CachePolicy(cacheTimeInSeconds: 60)).count, 1)
        }
    }

    @Test func asynchronousWritesLandAfterWaiting() async throws {
        try await withCacheBed { bed in
            let request = bed.request("/get") { $0.writeAsynchronously = true }
            try await request.run()
            await request.agent.waitForCacheWrites()
            try request.loadCache()
            #expect(request.isDataFromCache)
        }
    }

    /// The write is held up as another process's writer would hold it (the directory's lock,
    /// taken exclusively), so the second start is certain to come before the entry is on disk.
    @Test func aResponseQueuedForTheCacheAnswersTheNextStartBeforeItLands() async throws {
        try await withCacheBed { bed in
            try FileManager.default.createDirectory(atPath: bed.directory, withIntermediateDirectories: true)
            let lock = open(bed.directory + "/.lock", O_RDWR | O_CREAT, 0o600)
            #expect(lock >= 0)
            expectEqual(flock(lock, LOCK_EX), 0)
            let counter = bed.counterPath()
            let first = bed.request(counter.path) { $0.writeAsynchronously = true }
            // Straight to the network: a lookup would wait for the lock this test holds.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                first.successCompletionHandler = { _ in done.resume() }
                first.failureCompletionHandler = { _ in done.resume() }
                first.startWithoutCache()
            }
            expectEqual(first.responseJSON?["count"], 1)
            let second = bed.request(counter.path) { $0.writeAsynchronously = true }
            // Started on a thread of its own: were the lookup to read the disk, it would wait for
            // the lock; the test then fails after ten seconds instead of hanging. (Not on a global
            // queue, whose two threads other tests may hold for seconds.)
            let answered = DispatchSemaphore(value: 0)
            second.successCompletionHandler = { _ in answered.signal() }
            second.failureCompletionHandler = { _ in answered.signal() }
            Thread { second.start() }.start()
            let inTime = await Task.detached { answered.wait(timeout: .now() + 10) }.value
            #expect(inTime == .success, "the second start waited for the disk")
            #expect(second.isDataFromCache)
            #expect(second.responseJSON?["count"] == 1, "one network call")
            #expect(!bed.files().contains { $0.hasSuffix(".metadata") }, "the write was still held up")
            // Why-miss sees the queued write as the start does; on a thread of its own too, as
            // reading the disk would wait for the lock.
            let explained = DispatchSemaphore(value: 0)
            let isHit = Mutex<Bool?>(nil)
            Thread {
                isHit.withLock { $0 = ResponseCache.explain(second).isHit }
                explained.signal()
            }.start()
            let explainedInTime = await Task.detached { explained.wait(timeout: .now() + 10) }.value
            #expect(explainedInTime == .success && isHit.withLock { $0 } == true, "why-miss waited for the disk")
            flock(lock, LOCK_UN)
            close(lock)
            if inTime != .success { answered.wait() }
            if explainedInTime != .success { explained.wait() }
            await second.agent.waitForCacheWrites()
            let third = bed.request(counter.path)
            try third.loadCache()
            expectEqual(third.responseJSON?["count"], 1)
        }
    }

    @Test func bypassingRequestsAlwaysUseTheNetwork() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            try await bed.request(counter.path).run()
            let download = bed.request(counter.path) { $0.bypasses = true }
            try await download.run()
            #expect(!download.isDataFromCache)
            expectEqual(download.responseJSON?["count"], 2)
            expectEqual(ResponseCache.explain(download).startUsesCache, false)
        }
    }
}

extension CachedRequest {
    /// The metadata file's bytes for this request's entry.
    func cacheMetadataOnDisk(_ bed: CacheBed) -> Data? {
        FileManager.default.contents(atPath: bed.directory + "/\(cacheIdentity.name).metadata")
    }
}

/// A request described by data can use the cache too.
@Suite struct ConfigurableCacheTests {
    @Test func configurableRequestCachesWhenItsDefinitionSaysSo() async throws {
        try await withCacheBed { cache in
            let (path, name) = cache.counterPath()
            func make() -> ConfigurableRequest {
                cache.bed.request(path) {
                    $0.cacheTimeInSeconds = 60
                    $0.writeCacheAsynchronously = false
                }
            }
            try await make().run()
            let second = make()
            try await second.run()
            #expect(second.isDataFromCache)
            let count = try await cache.bed.counterValue(name)
            expectEqual(count, 1)

            let uncached = cache.bed.request(path)
            try await uncached.run()
            #expect(!uncached.isDataFromCache, "the cache is off by default")
        }
    }
}
