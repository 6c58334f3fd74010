@testable import Courier
import Foundation
import Testing

/// Downloads of one URL to one file at the same time take turns (``DestinationTurns``):
/// they shared one partial file, and all but the first to finish failed with -3000 "The file
/// doesn't exist" (96 of 100) although the file ended up right.
@Suite struct SameDestinationDownloadTests {
    @Test func aHundredConcurrentDownloadsToOnePathAllSucceed() async throws {
        let directories = try DownloadDirectories()
        defer { directories.remove() }
        try await withTestBed({ config in
            config.incompleteDownloadsDirectory = directories.incomplete.path
            config.maxConcurrentTransfers = 100
        }) { bed in
            let destination = directories.target.appendingPathComponent("same.bin")
            let requests = (0..<100).map { _ in
                bed.request("/bytes/200000?seed=11") { $0.resumableDownloadPath = destination.path }
            }
            let failures = await withTaskGroup(of: String?.self) { group in
                for request in requests {
                    group.addTask {
                        do {
                            try await request.run()
                            return nil
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                var failures: [String] = []
                for await failure in group { if let failure { failures.append(failure) } }
                return failures
            }
            #expect(failures.isEmpty, "\(failures.count) failed, e.g. \(failures.first ?? "")")
            #expect(requests.allSatisfy { $0.downloadedFileURL == destination })
            let data = try Data(contentsOf: destination)
            expectEqual(sha256(data), sha256(TestDemoServer.deterministicBytes(count: 200_000, seed: 11)))
            #expect(directories.incompleteFiles().isEmpty, "no partial file or record is left behind")
        }
    }

    @Test(.timeLimit(.minutes(1))) func aStoppedDownloadPassesItsTurnOn() async throws {
        let directories = try DownloadDirectories()
        defer { directories.remove() }
        try await withTestBed({ $0.incompleteDownloadsDirectory = directories.incomplete.path }) { bed in
            let destination = directories.target.appendingPathComponent("turn.bin")
            // The first holds the file while its server drips; the second waits behind it.
            let slow = bed.request("/drip?bytes=10&duration=30") { $0.resumableDownloadPath = destination.path }
            let waiting = bed.request("/drip?bytes=10&duration=30") { $0.resumableDownloadPath = destination.path }
            let next = bed.request("/drip?bytes=10&duration=0") { $0.resumableDownloadPath = destination.path }
            slow.start()
            waiting.start()
            waiting.stop()
            slow.stop()
            try await next.run()
            expectEqual(next.downloadedFileURL, destination)
            expectEqual(try Data(contentsOf: destination).count, 10)
        }
    }
}
