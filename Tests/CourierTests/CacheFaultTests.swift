import Courier
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Bad files in a cache directory never hang, crash or go unsaid.
@Suite struct CacheFaultTests {
    @Test(.timeLimit(.minutes(1)))
    func aLockThatIsNotARegularFileDoesNotBlock() async throws {
        try await withCacheBed { bed in
            try FileManager.default.createDirectory(atPath: bed.directory, withIntermediateDirectories: true)
            expectEqual(mkfifo(bed.directory + "/.lock", 0o600), 0)
            let counter = bed.counterPath()
            let request = bed.request(counter.path)
            try await request.run()
            #expect(!bed.cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 60)).isEmpty, "written and listed beside a FIFO lock")
            try await request.run()
            #expect(request.isDataFromCache, "and read back")
        }
    }

    @Test(arguments: [("method", JSONValue.string("POST")), ("statusCode", JSONValue.int(500))])
    func anEntryWhoseMetadataContradictsTheRequestIsNotServed(field: String, value: JSONValue) async throws {
        try await withCacheBed { bed in
            let counter = bed.counterPath()
            let request = bed.request(counter.path)
            try await request.run()
            try bed.rewriteMetadata(request.cacheIdentity.name) { $0[field] = value }
            try await request.run()
            #expect(!request.isDataFromCache)
            #expect(request.responseJSON?["count"] == 2, "it went to the network")
        }
    }

    @Test func aCacheDirectoryFoundLooserIsTightenedTo0700() async throws {
        try await withCacheBed { bed in
            try FileManager.default.createDirectory(atPath: bed.directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
            try await bed.request(bed.counterPath().path).run()
            let mode = try FileManager.default.attributesOfItem(atPath: bed.directory)[.posixPermissions] as? Int
            expectEqual(mode, 0o700)
        }
    }

    /// A cache directory or entry file that is a symbolic link is never a way to change
    /// another file: the directory's target keeps its mode, and an entry read through a
    /// link is not served (reads use O_NOFOLLOW).
    @Test func symbolicLinksInTheCacheChangeNothingOutsideIt() async throws {
        try await withCacheBed { bed in
            let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("courier-elsewhere-\(UUID().uuidString.prefix(8))").path
            try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
            defer { try? FileManager.default.removeItem(atPath: elsewhere) }
            try FileManager.default.createDirectory(atPath: (bed.directory as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: bed.directory, withDestinationPath: elsewhere)
            let counter = bed.counterPath()
            let request = bed.request(counter.path)
            try await request.run()
            await bed.bed.agent.waitForCacheWrites()
            #expect(try FileManager.default.attributesOfItem(atPath: elsewhere)[.posixPermissions] as? Int == 0o755,
                    "the link's target was not tightened")
            // An entry whose body file is a link to a file outside is not read through it.
            let name = request.cacheIdentity.name
            let outside = elsewhere + "/outside.json"
            try Data("{\"secret\": 1}".utf8).write(to: URL(fileURLWithPath: outside))
            let entries = try FileManager.default.contentsOfDirectory(atPath: elsewhere).filter { $0.hasPrefix(name) && !$0.hasSuffix(".metadata") }
            for entry in entries {
                try FileManager.default.removeItem(atPath: elsewhere + "/" + entry)
                try FileManager.default.createSymbolicLink(atPath: elsewhere + "/" + entry, withDestinationPath: outside)
            }
            #expect(!entries.isEmpty, "the entry was written")
            let again = bed.request(counter.path)
            try await again.run()
            #expect(!again.isDataFromCache, "an entry read through a link is not served")
        }
    }

    @Test func aFailedCacheWriteIsToldNotSwallowed() async throws {
        let told = Told()
        try await withCacheBed({ $0.cacheWriteFailureHandler = { told.add($0) } }) { bed in
            let counter = bed.counterPath()
            let request = bed.request(counter.path)
            // A directory where the entry's body file goes.
            try FileManager.default.createDirectory(atPath: bed.directory + "/" + request.cacheIdentity.name + "/in-the-way",
                                                    withIntermediateDirectories: true)
            try await request.run()
            #expect(request.responseStatusCode == 200, "the request itself succeeds")
            expectEqual(told.sentences.count, 1)
            expectEqual(told.sentences.first?.contains("was not cached"), true)
            #expect(told.sentences.first?.contains(counter.path) == true, "it names the request")
        }
    }
}

/// What a handler was told, from any thread.
final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ sentence: String) { lock.withLock { list.append(sentence) } }
    var sentences: [String] { lock.withLock { list } }
}
