@testable import Courier
import Dispatch
import Foundation
import Synchronization
import Testing

/// The files on disk: concurrent writers, damaged entries, permissions.
@Suite struct CacheStoreTests {
    /// 100 bodies of different sizes for `request`'s entry, with a real response head.
    private func writes(for request: CacheProbe, bed: CacheBed) throws -> [CacheWrite] {
        let settings = bed.bed.config.settings
        var writes: [CacheWrite] = []
        for index in 0..<100 {
            let padding = String(repeating: "abcdefghij", count: 3_000 + index * 37)
            let body = JSONValue.object(["writer": .int(index), "padding": .string(padding)]).serialized()
            let content = ResponseContent(head: ResponseHead(url: "http://writer/\(index)", statusCode: 200,
                                                             headers: .init(), httpVersion: "HTTP/1.1"),
                                          data: body)
            writes.append(try #require(request.cacheWrite(for: content, key: request.cacheKey(settings: settings), settings: settings)))
        }
        return writes
    }

    @Test func hundredConcurrentWritersNeverTearAnEntry() async throws {
        try await withCacheBed { bed in
            let request = bed.request("/get")
            let writes = try writes(for: request, bed: bed)
            let settings = bed.bed.config.settings
            writes[0].perform(settings: settings)
            let readerErrors = Mutex<[CacheError.Code]>([])
            DispatchQueue.concurrentPerform(iterations: 200) { index in
                if index.isMultiple(of: 2) {
                    writes[index / 2].perform(settings: settings)
                } else {
                    do throws(CacheError) {
                        try bed.request("/get").loadCache()
                    } catch {
                        readerErrors.withLock { $0.append(error.code) }
                    }
                }
            }
            let metadata = try request.loadCache()
            let writer = try #require(request.responseJSON?["writer"]?.intValue)
            expectEqual(request.responseData, writes[writer].data)
            var written = writes[writer].metadata
            #expect(abs(written.creationDate.timeIntervalSince(metadata.creationDate)) < 0.001)
            written.creationDate = metadata.creationDate
            expectEqual(metadata, written)
            expectEqual(metadata.bodySize, request.responseData?.count)
            expectEqual(request.response?.url, "http://writer/\(writer)")
            // Every reader found a whole entry: never a torn pair.
            #expect(readerErrors.withLock { $0 }.isEmpty)
            let name = request.cacheIdentity.name
            expectEqual(bed.files(), [".lock", name, name + ".metadata"])
        }
    }

    @Test func corruptMetadataIsListedMissedAndRepaired() async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            let request = bed.request(counter.path)
            try await request.run()
            let name = request.cacheIdentity.name
            try Data([0xFF, 0x00, 0x7B]).write(to: URL(fileURLWithPath: bed.directory + "/\(name).metadata"))
            let entry = try #require(bed.cache.entry(named: name, judgedBy: CachePolicy(cacheTimeInSeconds: 60)))
            #expect(entry.freshness.isCorrupt)
            expectEqual(entry.metadata, nil)
            try await request.run()
            #expect(!request.isDataFromCache)
            expectEqual(request.responseJSON?["count"], 2)
            expectEqual(bed.cache.entry(named: name, judgedBy: CachePolicy(cacheTimeInSeconds: 60))?.freshness, .fresh)
        }
    }

    @Test func corruptDataIsNeverServed() async throws {
        try await withCacheBed { bed in
            let request = bed.request("/get")
            try await request.run()
            let name = request.cacheIdentity.name
            let path = bed.directory + "/" + name
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes[bytes.count / 2] ^= 0x20
            try bytes.write(to: URL(fileURLWithPath: path))
            let flipped = bed.cache.entry(named: name, judgedBy: CachePolicy(cacheTimeInSeconds: 60))?.freshness
            expectEqual(flipped, .corrupt(reason: "Invalid cache data: the data file does not match its metadata's SHA-256."))
            #expect(throws: CacheError.self) { try request.loadCache() }

            try bytes.prefix(10).write(to: URL(fileURLWithPath: path))
            let explanation = ResponseCache.explain(request)
            expectEqual(explanation.error?.code, .invalidCacheData)
            #expect(explanation.summary.contains("10 bytes"))
            try await request.run()
            #expect(!request.isDataFromCache)
        }
    }

    @Test func halfEntriesAndStrayFilesNeverCrashTheBrowser() async throws {
        try await withCacheBed { bed in
            let request = bed.request("/get")
            try await request.run()
            let name = request.cacheIdentity.name
            let dataOnly = String(repeating: "a", count: 64)
            let metadataOnly = String(repeating: "b", count: 64)
            let manager = FileManager.default
            try manager.copyItem(atPath: bed.directory + "/" + name, toPath: bed.directory + "/" + dataOnly)
            try manager.copyItem(atPath: bed.directory + "/\(name).metadata", toPath: bed.directory + "/\(metadataOnly).metadata")
            try Data("junk".utf8).write(to: URL(fileURLWithPath: bed.directory + "/README"))
            try Data("half".utf8).write(to: URL(fileURLWithPath: bed.directory + "/.\(name).1234.tmp"))
            try manager.createDirectory(atPath: bed.directory + "/" + String(repeating: "c", count: 64),
                                        withIntermediateDirectories: false)

            let entries = bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 60))
            let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
            #expect(byName.count == 3, "a directory is not an entry")
            expectEqual(byName[name]?.freshness, .fresh)
            expectEqual(byName[dataOnly]?.freshness, .corrupt(reason: "Invalid metadata, the cache may not exist: there is no metadata file."))
            expectEqual(byName[metadataOnly]?.freshness, .corrupt(reason: "Invalid cache data: the data file is missing."))
            #expect(entries.last?.name == dataOnly, "entries without a date come last")
            let purged = bed.cache.purgeExpired(judgedBy: CachePolicy(cacheTimeInSeconds: 60))
            expectEqual(Set(purged), [dataOnly, metadataOnly])
            expectEqual(bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 60)).map(\.name), [name])
        }
    }

    @Test func directoriesAre0700AndFiles0600() async throws {
        try await withCacheBed { bed in
            let request = bed.request("/get")
            try await request.run()
            let name = request.cacheIdentity.name
            let root = (bed.directory as NSString).deletingLastPathComponent
            expectEqual(permissions(of: root), 0o700)
            expectEqual(permissions(of: bed.directory), 0o700)
            expectEqual(permissions(of: bed.directory + "/" + name), 0o600)
            expectEqual(permissions(of: bed.directory + "/\(name).metadata"), 0o600)
            expectEqual(permissions(of: bed.directory + "/.lock"), 0o600)
        }
    }
}

@Suite struct MetadataDateTests {
    @Test func fixedFormatReaderAgreesWithTheISO8601Parser() throws {
        let style = CacheMetadata.dateStyle
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let milliseconds = Double(Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator))
            let text = style.format(Date(timeIntervalSince1970: milliseconds / 1000))
            let expected = try style.parse(text)
            // The same instant to well under the millisecond the format keeps. Foundation's
            // own arithmetic is a few bits off the nearest Double for a handful of instants
            // within days of 2001-01-01 (6 in 200,000 samples), so bit equality is checked on
            // dates away from it below.
            let parsed = try #require(ISO8601Timestamp.parse(text), "\(text)")
            #expect(abs(parsed.timeIntervalSince(expected)) < 1e-6, "\(text)")
        }
        for text in ["2026-11-21T10:00:00.123Z", "1999-06-30T23:59:59.999Z", "2100-01-01T00:00:00.001Z"] {
            #expect(ISO8601Timestamp.parse(text) == (try style.parse(text)), "\(text)")
        }
    }

    @Test func otherShapesAreLeftToTheFullParser() {
        expectEqual(ISO8601Timestamp.parse("2026-11-21T10:00:00Z"), Date(timeIntervalSince1970: 1_795_255_200))
        expectEqual(ISO8601Timestamp.parse("2026-11-21T10:00:00+01:00"), nil)
        expectEqual(ISO8601Timestamp.parse("2026-13-21T10:00:00Z"), nil)
        expectEqual(ISO8601Timestamp.parse("2026-11-21 10:00:00Z"), nil)
        expectEqual(ISO8601Timestamp.parse("2026-11-21T10:00:00.Z"), nil)
        expectEqual(ISO8601Timestamp.parse(""), nil)
    }
}
