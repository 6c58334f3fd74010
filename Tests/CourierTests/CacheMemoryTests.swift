@testable import Courier
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The agent's in-memory layer in front of the cache files, against the demo server: a kept
/// entry answers only while its files are the ones it was kept with (another process's
/// rewrite or delete is seen at the next start), it stays within its byte bound, and a
/// response queued for writing answers the very next start.
@Suite struct CacheMemoryTests {
    /// Runs `path` once from the network and once from the cache, and returns the entry's
    /// name once the agent's memory keeps it.
    private func keepInMemory(_ bed: CacheBed, _ path: String) async throws -> String {
        let network = bed.request(path)
        try await network.run()
        #expect(!network.isDataFromCache)
        let name = network.cacheIdentity.name
        #expect(bed.bed.agent.cacheMemory.entry(directory: bed.directory, name: name) != nil,
                "the written entry is kept in memory")
        let hit = bed.request(path)
        try await hit.run()
        #expect(hit.isDataFromCache)
        expectEqual(hit.responseJSON, network.responseJSON)
        return name
    }

    /// The why-miss `loadCache()` gives for `request` now; nil when it loads.
    private func whyMiss(_ request: CacheProbe) -> CacheError.Code? {
        do throws(CacheError) {
            try request.loadCache()
            return nil
        } catch {
            return error.code
        }
    }

    // MARK: - Other writers

    @Test func anEntryRewrittenByAnotherProcessIsServedNewNotAsKept() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            let name = try await keepInMemory(bed, counter.path)

            // Another process: an agent with a memory of its own, writing the same entry
            // (same directory, same identity) with the next count — a body of the same size.
            let other = NetworkAgent(config: bed.bed.config)
            let rewrite = CacheProbe(counter.path, agent: other)
            rewrite.ignoreCache = true
            try await rewrite.run()
            expectEqual(rewrite.responseJSON?["count"], 2)
            #expect(bed.cache.body(of: name) == rewrite.responseData, "the files now hold count 2")

            let next = bed.request(counter.path)
            try await next.run()
            #expect(next.isDataFromCache)
            #expect(next.responseJSON?["count"] == 2, "the rewritten entry, not the one kept in memory")
            expectEqual(try await bed.bed.counterValue(counter.name), 2)
        }
    }

    @Test func aMetadataFileReplacedByAnotherProcessIsJudgedAgain() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            let name = try await keepInMemory(bed, counter.path)

            // Backdated, and renamed into place as another writer would: the kept entry is fresh,
            // the one on disk has expired.
            let path = bed.directory + "/" + name + ".metadata"
            guard case .object(var metadata) = try JSONValue(parsing: try Data(contentsOf: URL(fileURLWithPath: path)))
            else { throw CacheTestFailure("metadata of \(name) is not an object") }
            metadata["creationDate"] = "2001-01-01T00:00:00.000Z"
            try JSONValue.object(metadata).serialized().write(to: URL(fileURLWithPath: path), options: .atomic)

            let next = bed.request(counter.path)
            expectEqual(whyMiss(next), .expired)
            try await next.run()
            #expect(!next.isDataFromCache)
            expectEqual(next.responseJSON?["count"], 2)
            expectEqual(try await bed.bed.counterValue(counter.name), 2)
        }
    }

    @Test func aDeletedEntryGoesToTheNetworkWithTheMissingMetadataAsWhyMiss() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            let name = try await keepInMemory(bed, counter.path)
            #expect(bed.cache.delete(name))

            let next = bed.request(counter.path)
            expectEqual(whyMiss(next), .invalidMetadata)
            try await next.run()
            #expect(!next.isDataFromCache)
            expectEqual(next.responseJSON?["count"], 2)
            expectEqual(try await bed.bed.counterValue(counter.name), 2)
            #expect(whyMiss(bed.request(counter.path)) == nil, "the network response is cached again")
        }
    }

    @Test func aDeletedDataFileGoesToTheNetworkWithTheMissingDataAsWhyMiss() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            let name = try await keepInMemory(bed, counter.path)
            expectEqual(unlink(bed.directory + "/" + name), 0)

            let next = bed.request(counter.path)
            expectEqual(whyMiss(next), .invalidCacheData)
            try await next.run()
            #expect(!next.isDataFromCache)
            expectEqual(next.responseJSON?["count"], 2)
            expectEqual(try await bed.bed.counterValue(counter.name), 2)
        }
    }

    // MARK: - The byte bound

    @Test func theMemoryStaysWithinItsByteBoundAndKeepsTheMostRecentEntries() async throws {
        let limit = 16 * 1024
        try await withCacheBed({ $0.memoryCacheBytes = limit }) { bed in
            let memory = bed.bed.agent.cacheMemory
            expectEqual(memory.byteLimit, limit)
            var names: [String] = []
            var written = 0
            for seed in 0..<30 {
                let request = bed.request("/bytes/2000?seed=\(seed)") { $0.serializer = .raw }
                try await request.run()
                #expect(!request.isDataFromCache)
                written += request.responseData?.count ?? 0
                names.append(request.cacheIdentity.name)
                #expect(memory.bytes <= limit, "after entry \(seed): \(memory.bytes) bytes kept")
            }
            #expect(written > 3 * limit, "far more was written than the memory may keep")
            #expect(memory.bytes > 0)
            #expect(memory.entry(directory: bed.directory, name: names.last!) != nil, "the newest entry is kept")
            #expect(memory.entry(directory: bed.directory, name: names.first!) == nil, "the oldest was let go")

            // Evicted entries still answer, from disk; reading them keeps the bound too.
            for seed in 0..<30 {
                let again = bed.request("/bytes/2000?seed=\(seed)") { $0.serializer = .raw }
                try await again.run()
                #expect(again.isDataFromCache)
                #expect(memory.bytes <= limit)
            }
            #expect(bed.files().count(where: { $0.hasSuffix(".metadata") }) == 30)
        }
    }

    // MARK: - Asynchronous writes

    @Test func aResponseWrittenInTheBackgroundAnswersTheVeryNextStart() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            for iteration in 0..<20 {
                let configure: (inout CacheProbe.Settings) -> Void = { settings in
                    settings.arguments = .object(["iteration": .int(iteration)])
                    settings.writeAsynchronously = true
                }
                let network = bed.request(counter.path, configure)
                try await network.run()
                #expect(!network.isDataFromCache)
                expectEqual(network.responseJSON?["count"], .int(iteration + 1))

                // No waiting for the write: the next start must find it.
                let next = bed.request(counter.path, configure)
                try await next.run()
                #expect(next.isDataFromCache, "iteration \(iteration): the second start went to the network")
                expectEqual(next.responseJSON, network.responseJSON)
            }
            #expect(try await bed.bed.counterValue(counter.name) == 20, "one network request per iteration")
            await bed.bed.agent.waitForCacheWrites()
            #expect(bed.files().count(where: { $0.hasSuffix(".metadata") }) == 20, "every write landed")
        }
    }
}
