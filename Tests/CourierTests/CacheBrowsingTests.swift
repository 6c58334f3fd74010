import Courier
import Foundation
import Testing

/// The `ResponseCache` API the workbench and the CLI use: list, read, delete, purge, size,
/// explain.
@Suite struct CacheBrowsingTests {
    @Test func listsEntriesWithMetadataAndFreshness() async throws {
        try await withCacheBed { bed in
            bed.bed.config.appVersion = "3.1"
            let old = bed.request("/get") { $0.arguments = ["password": "hunter2", "page": 1, "apiKey": "k"] }
            try await old.run()
            try bed.rewriteMetadata(old.cacheIdentity.name) { $0["creationDate"] = "2001-01-01T00:00:00.000Z" }
            let new = bed.request("/response-headers?Content-Type=application/json") { $0.version = 2 }
            try await new.run()

            let entries = bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 60))
            expectEqual(entries.map(\.name), [new.cacheIdentity.name, old.cacheIdentity.name])
            expectEqual(entries.map(\.freshness), [.fresh, .expired])
            let metadata = try #require(entries.last?.metadata)
            expectEqual(metadata.method, "GET")
            #expect(metadata.url.hasPrefix(bed.bed.server.baseURL + "/get?"))
            #expect(metadata.arguments == ["password": .string(Redaction.placeholder), "page": 1,
                                           "apiKey": .string(Redaction.placeholder)])
            expectEqual(metadata.statusCode, 200)
            expectEqual(metadata.contentType?.hasPrefix("application/json"), true)
            expectEqual(metadata.appVersion, "3.1")
            expectEqual(metadata.bodySize, old.responseData?.count)
            let file = try String(contentsOfFile: bed.directory + "/\(old.cacheIdentity.name).metadata", encoding: .utf8)
            #expect(!file.contains("hunter2"))
            #expect(metadata.url.contains("password=\(Redaction.placeholder)"))
            #expect(metadata.url.contains("page=1"))

            let versioned = bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 999_999_999, version: 2))
            expectEqual(Set(versioned.map(\.freshness)), [.fresh, .versionMismatch])
            let otherApp = bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 999_999_999, appVersion: "4.0"))
            #expect(otherApp.allSatisfy { $0.freshness == .appVersionMismatch })
        }
    }

    @Test func readsDeletesPurgesAndMeasures() async throws {
        try await withCacheBed { bed in
            let kept = bed.request("/get")
            try await kept.run()
            let stale = bed.request("/get?stale=1")
            try await stale.run()
            try bed.rewriteMetadata(stale.cacheIdentity.name) { $0["creationDate"] = "2001-01-01T00:00:00.000Z" }
            let cache = bed.cache

            expectEqual(cache.body(of: kept.cacheIdentity.name), kept.responseData)
            expectEqual(cache.body(of: "../etc/passwd"), nil)
            let onDisk = bed.files().reduce(0) { total, file in
                total + ((try? FileManager.default.attributesOfItem(atPath: bed.directory + "/" + file))?[.size] as? Int ?? 0)
            }
            expectEqual(cache.totalSize(), onDisk)
            #expect(cache.totalSize() > (kept.responseData?.count ?? 0) + (stale.responseData?.count ?? 0))

            let policy = CachePolicy(cacheTimeInSeconds: 60)
            expectEqual(cache.purgeExpired(judgedBy: policy), [stale.cacheIdentity.name])
            expectEqual(cache.entries(judgedBy: policy).map(\.name), [kept.cacheIdentity.name])
            #expect(cache.delete(kept.cacheIdentity.name))
            #expect(!cache.delete(kept.cacheIdentity.name))
            #expect(cache.entries(judgedBy: policy).isEmpty)
            expectEqual(cache.entry(named: kept.cacheIdentity.name, judgedBy: policy), nil)
        }
    }

    @Test func explainsWhyARequestMissesOrHits() async throws {
        try await withCacheBed { bed in
            let request = bed.request("/get") { $0.cacheTime = 30 }
            let before = ResponseCache.explain(request)
            expectEqual(before.error?.code, .invalidMetadata)
            #expect(!before.entryExists)
            #expect(before.summary.hasPrefix("miss (-6)"))
            expectEqual(before.directory, bed.directory)
            expectEqual(before.name, request.cacheIdentity.name)

            try await request.run()
            let hit = ResponseCache.explain(request)
            #expect(hit.isHit && hit.startUsesCache && hit.entryExists)
            #expect(hit.summary.hasPrefix("hit"))
            expectEqual(hit.metadata?.url, request.response?.url)

            request.ignoreCache = true
            let ignoring = ResponseCache.explain(request)
            #expect(ignoring.isHit && !ignoring.startUsesCache)
            #expect(ignoring.summary.hasPrefix("network (ignoreCache is set)"))

            request.ignoreCache = false
            request.update { $0.cacheTime = 1 }
            let expired = ResponseCache.explain(request, now: Date().addingTimeInterval(5))
            expectEqual(expired.error?.code, .expired)
            #expect(expired.metadata != nil, "the metadata is shown even when the entry is not usable")
            #expect(expired.entryExists)
            #expect(expired.summary.contains("kept for 1 s"))
        }
    }

    @Test func defaultDirectoryFollowsXDG() {
        let directory = ResponseCache.defaultDirectory
        #expect(directory.hasSuffix("/courier/responses"))
        if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            expectEqual(directory, xdg + "/courier/responses")
        } else {
            expectEqual(directory, FileManager.default.homeDirectoryForCurrentUser.path + "/.cache/courier/responses")
        }
        expectEqual(ResponseCache(config: NetworkConfig()).directory, directory)
    }
}
