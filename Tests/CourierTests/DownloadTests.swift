@testable import Courier
import Foundation
import Synchronization
import Testing

/// A scratch directory for one test's downloads and Incomplete files.
struct DownloadDirectories {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("courier-dl-\(UUID().uuidString)")
    var target: URL { root.appendingPathComponent("target") }
    var incomplete: URL { root.appendingPathComponent("incomplete") }

    init() throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("target"), withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func incompleteFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: incomplete.path)) ?? []).sorted()
    }
}

func sha256(_ bytes: some DataProtocol) -> String {
    SHA256Hex.of(Data(bytes))
}

/// Resumable downloads against the demo server's deterministic byte streams.
@Suite struct DownloadTests {
    private func withDownloads(_ body: (TestBed, DownloadDirectories) async throws -> Void) async throws {
        let directories = try DownloadDirectories()
        defer { directories.remove() }
        try await withTestBed({ $0.incompleteDownloadsDirectory = directories.incomplete.path }) { bed in
            try await body(bed, directories)
        }
    }

    private func download(_ bed: TestBed, _ path: String, to destination: URL) -> ConfigurableRequest {
        bed.request(path) { $0.resumableDownloadPath = destination.path }
    }

    @Test func completeDownloadToAFile() async throws {
        try await withDownloads { bed, directories in
            let destination = directories.target.appendingPathComponent("blob.bin")
            let request = download(bed, "/bytes/300000?seed=7", to: destination)
            try await request.run()
            expectEqual(request.downloadedFileURL, destination)
            let data = try Data(contentsOf: destination)
            expectEqual(data.count, 300_000)
            expectEqual(sha256(data), sha256(TestDemoServer.deterministicBytes(count: 300_000, seed: 7)))
            #expect(request.responseData?.isEmpty ?? true, "the body is on disk, not in memory")
            #expect(directories.incompleteFiles().isEmpty, "partial file and resume record are cleaned up")
            let permissions = try FileManager.default.attributesOfItem(atPath: directories.incomplete.path)[.posixPermissions] as? Int
            expectEqual(permissions, 0o700)
        }
    }

    @Test func downloadIntoADirectoryTakesTheURLsName() async throws {
        try await withDownloads { bed, directories in
            let request = download(bed, "/bytes/1234?seed=2", to: directories.target)
            try await request.run()
            let expected = directories.target.appendingPathComponent("1234")
            expectEqual(request.downloadedFileURL, expected)
            expectEqual(try Data(contentsOf: expected), Data(TestDemoServer.deterministicBytes(count: 1234, seed: 2)))
        }
    }

    @Test func aURLCannotSteerTheFileOutOfTheDirectory() async throws {
        try await withDownloads { bed, directories in
            // The demo server answers any path under /anything; the last segment decodes to "../../escaped".
            let request = download(bed, "/anything/..%2F..%2Fescaped", to: directories.target)
            try await request.run()
            let expected = directories.target.appendingPathComponent("escaped")
            expectEqual(request.downloadedFileURL, expected)
            #expect(FileManager.default.fileExists(atPath: expected.path))
            let parent = directories.target.deletingLastPathComponent().deletingLastPathComponent()
            #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("escaped").path))
        }
    }

    @Test(arguments: [
        ("http://h/a/report.pdf", "report.pdf"),
        ("http://h/a/..%2F..%2Fetc%2Fpasswd", "passwd"),
        ("http://h/a/%2E%2E", "download"),
        ("http://h/a/..", "download"),
        ("http://h/a/.bashrc", "bashrc"),
        ("http://h/a/x%0D%0Ay%1B%5B2J", "xy[2J"),
        ("http://h/", "download"),
        ("http://h/a/b%5Cc", "bc"),
    ])
    func fileNamesFromURLsAreOnePlainComponent(url: String, name: String) {
        expectEqual(ResumableDownloads.safeFileName(from: url), name)
    }

    @Test func partialDownloadsAbandonedForAWeekAreSweptAndRecentOnesKept() async throws {
        try await withDownloads { bed, directories in
            try FileManager.default.createDirectory(at: directories.incomplete, withIntermediateDirectories: true)
            let old = directories.incomplete.appendingPathComponent("abandoned.part")
            let recent = directories.incomplete.appendingPathComponent("recent.part")
            for file in [old, recent] { try Data(repeating: 1, count: 100).write(to: file) }
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-8 * 24 * 3600)], ofItemAtPath: old.path)
            try await download(bed, "/bytes/100", to: directories.target.appendingPathComponent("x")).run()
            #expect(!FileManager.default.fileExists(atPath: old.path), "a week untouched: swept")
            #expect(FileManager.default.fileExists(atPath: recent.path), "recent: kept for its resume")
        }
    }

    /// sysfs refuses new files even to root, which CI runs as: a read-only place to write to.
    static let sysfsRefusesNewFiles: Bool = {
        let probe = "/sys/courier-probe-\(UUID().uuidString.prefix(8))"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return true }
        close(descriptor)
        unlink(probe)
        return false
    }()

    @Test(.enabled(if: sysfsRefusesNewFiles, "no read-only place to write to on this machine"))
    func aReadOnlyDestinationFailsClearlyAndKeepsTheBody() async throws {
        let destination = URL(fileURLWithPath: "/sys/courier-download-\(UUID().uuidString.prefix(8)).bin")
        try await withDownloads { bed, directories in
            let request = download(bed, "/bytes/50000?seed=4", to: destination)
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.code, .cannotCreateFile)
            #expect(request.error?.message.contains(destination.path) == true, "\(request.error?.message ?? "")")
            #expect(!FileManager.default.fileExists(atPath: destination.path), "nothing half-written where a user would read it")
            let kept = directories.incompleteFiles().filter { $0.hasSuffix(".part") }
            #expect(kept.count == 1, "the fetched body stays in Incomplete")
        }
    }

    @Test func droppedDownloadKeepsItsBytesAndResumesWithRange() async throws {
        try await withDownloads { bed, directories in
            let destination = directories.target.appendingPathComponent("dropped.bin")
            let path = "/drop?after=100000&bytes=250000&seed=3"

            let first = download(bed, path, to: destination)
            await #expect(throws: RequestError.self) { try await first.run() }
            expectEqual(first.error?.code, .networkConnectionLost)
            #expect(!FileManager.default.fileExists(atPath: destination.path))
            let partial = try #require(directories.incompleteFiles().first { $0.hasSuffix(".part") })
            expectEqual(ResumableDownloads.fileSize(directories.incomplete.appendingPathComponent(partial)), 100_000)

            let second = download(bed, path, to: destination)
            await #expect(throws: RequestError.self) { try await second.run() }
            expectEqual(second.responseStatusCode, 206)
            let third = download(bed, path, to: destination)
            try await third.run()
            expectEqual(third.responseStatusCode, 206)

            let ranges = try await bed.server.requestLog().filter { $0.path == "/drop" }.map { $0.header("Range") }
            expectEqual(ranges, [nil, "bytes=100000-", "bytes=200000-"])
            let ifRanges = try await bed.server.requestLog().filter { $0.path == "/drop" }.compactMap { $0.header("If-Range") }
            expectEqual(ifRanges, ["\"bytes-250000-3\"", "\"bytes-250000-3\""])
            expectEqual(sha256(try Data(contentsOf: destination)), sha256(TestDemoServer.deterministicBytes(count: 250_000, seed: 3)))
            #expect(directories.incompleteFiles().isEmpty)
        }
    }

    @Test func retryPolicyResumesADroppedDownload() async throws {
        try await withDownloads { bed, directories in
            let destination = directories.target.appendingPathComponent("retried.bin")
            let request = download(bed, "/drop?after=60000&bytes=150000&seed=4", to: destination)
            request.definition.retryPolicy = RetryPolicy(retryLimit: 3, exponentialBackoffScale: 0.01)
            try await request.run()
            expectEqual(request.retryCount, 2)
            expectEqual(try Data(contentsOf: destination), Data(TestDemoServer.deterministicBytes(count: 150_000, seed: 4)))
        }
    }

    @Test func changedResourceRestartsCleanly() async throws {
        try await withDownloads { bed, directories in
            let name = bed.uniqueName("mutable")
            let destination = directories.target.appendingPathComponent("mutable.bin")
            let path = "/mutable/\(name)?bytes=200000&after=120000"
            await #expect(throws: RequestError.self) { try await download(bed, path, to: destination).run() }

            try await bed.request("/mutable/\(name)/touch", method: .post).run()  // revision 1 → 2

            let changed = download(bed, path, to: destination)
            await #expect(throws: RequestError.self) { try await changed.run() }
            #expect(changed.responseStatusCode == 200, "If-Range no longer matches: the server sends it all")
            let resumed = download(bed, path, to: destination)
            try await resumed.run()
            expectEqual(resumed.responseStatusCode, 206)
            let expected = TestDemoServer.deterministicBytes(count: 200_000, seed: 2)
            #expect(sha256(try Data(contentsOf: destination)) == sha256(expected), "no byte of revision 1 survives")
        }
    }

    @Test func unsatisfiableRangeStartsOver() async throws {
        try await withDownloads { bed, directories in
            let destination = directories.target.appendingPathComponent("small.bin")
            let url = bed.server.baseURL + "/bytes/1000?seed=1"
            // A partial body longer than the resource, with a record whose validator matches.
            let plan = try ResumableDownloads.plan(url: url, path: destination.path, incompleteDirectory: directories.incomplete)
            try Data(count: 2000).write(to: plan.partialFile)
            ResumableDownloads.saveRecord(for: plan, url: url, etag: "\"bytes-1000-1\"", lastModified: nil)

            let request = download(bed, "/bytes/1000?seed=1", to: destination)
            try await request.run()
            let ranges = try await bed.server.requestLog().filter { $0.path == "/bytes/1000" }.map { $0.header("Range") }
            expectEqual(ranges, ["bytes=2000-", nil])
            expectEqual(try Data(contentsOf: destination), Data(TestDemoServer.deterministicBytes(count: 1000, seed: 1)))
        }
    }

    @Test func invalidResumeRecordStartsOver() async throws {
        try await withDownloads { bed, directories in
            let destination = directories.target.appendingPathComponent("fresh.bin")
            let url = bed.server.baseURL + "/bytes/5000?seed=9"
            let plan = try ResumableDownloads.plan(url: url, path: destination.path, incompleteDirectory: directories.incomplete)
            try Data(count: 100).write(to: plan.partialFile)
            try Data("not json {".utf8).write(to: plan.recordFile)

            let request = download(bed, "/bytes/5000?seed=9", to: destination)
            try await request.run()
            let served = try await bed.server.requestLog()
            #expect(served.filter { $0.path == "/bytes/5000" }.map { $0.header("Range") } == [nil])
            expectEqual(try Data(contentsOf: destination), Data(TestDemoServer.deterministicBytes(count: 5000, seed: 9)))
        }
    }

    @Test func failedDownloadLoadsTheErrorBodyAndLeavesNothing() async throws {
        try await withDownloads { bed, directories in
            let destination = directories.target.appendingPathComponent("missing.bin")
            let request = download(bed, "/status/404", to: destination)
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.code, .invalidStatusCode)
            #expect(request.responseJSON?["status"] == 404, "the error page is readable")
            #expect(!FileManager.default.fileExists(atPath: destination.path))
            #expect(directories.incompleteFiles().isEmpty)
        }
    }

    @Test func progressIsMonotonicAndReachesTheTotal() async throws {
        try await withDownloads { bed, directories in
            let reports = Mutex<[ProgressReport]>([])
            let request = download(bed, "/bytes/3000000?seed=5", to: directories.target.appendingPathComponent("p.bin"))
            request.downloadProgressHandler = { report in reports.withLock { $0.append(report) } }
            try await request.run()
            let seen = reports.withLock { $0 }
            #expect(!seen.isEmpty)
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.completed < $1.completed })
            expectEqual(seen.last?.completed, 3_000_000)
            expectEqual(seen.last?.expected, 3_000_000)
        }
    }

    @Test func downloadNeedsGET() async throws {
        try await withDownloads { bed, directories in
            let request = bed.request("/post", method: .post) { $0.resumableDownloadPath = directories.target.path }
            await #expect(throws: RequestError.self) { try await request.run() }
            #expect(request.error?.family == .parameter, "a parameter problem, not a transport failure")
            expectEqual(request.error?.code, .invalidParameters)
            let served = try await bed.server.requestLog()
            #expect(served.isEmpty, "refused before any network use")
        }
    }
}

@Suite struct DiscardTests {
    @Test func discardedBodyIsCountedButNotKept() async throws {
        try await withTestBed { bed in
            let request = bed.request("/bytes/2000000") {
                $0.responseSerializer = .raw
                $0.discardsResponseBody = true
            }
            try await request.run()
            expectEqual(request.responseStatusCode, 200)
            expectEqual(request.responseData?.isEmpty, true)
            expectEqual(request.metrics?.bytesReceived, 2_000_000)
        }
    }
}
