import Courier
import Foundation
import Testing

/// A server cannot exhaust memory: an in-memory body past its limit fails the request as
/// soon as the limit is known to be passed, and the agent goes on serving.
@Suite struct ResponseBodyLimitTests {
    @Test func aBodyWhoseLengthIsOverTheLimitFailsAtOnce() async throws {
        try await withTestBed({ $0.maximumResponseBodyBytes = 1000 }) { bed in
            let request = bed.request("/bytes/4096")
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.family, .transport)
            expectEqual(request.error?.code, .dataLengthExceedsMaximum)
            expectEqual(request.error?.message.contains("1000 bytes"), true)
            #expect(request.responseData?.isEmpty ?? true, "nothing of it is kept")
            let next = try await bed.request("/bytes/1000") { $0.responseSerializer = .raw }.run()
            #expect(next.responseData?.count == 1000, "exactly the limit is allowed, and the agent still serves")
        }
    }

    @Test func aBodyOfUnknownLengthStopsWhenItPassesTheLimit() async throws {
        try await withTestBed { bed in
            // 1 MiB over 20 s, chunked: the limit of 64 KiB is passed after about a second.
            let request = bed.request("/drip", arguments: ["bytes": 1_048_576, "duration": 20, "chunked": 1]) {
                $0.maximumResponseBodySize = 65_536
            }
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.code, .dataLengthExceedsMaximum)
            #expect((request.metrics?.bytesReceived ?? .max) < 1_048_576, "stopped long before the end")
        }
    }

    @Test func downloadsStreamToDiskAndAreNotLimited() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-limit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withTestBed({ $0.maximumResponseBodyBytes = 1000 }) { bed in
            let request = bed.request("/bytes/4096") { $0.resumableDownloadPath = directory.appendingPathComponent("f").path }
            try await request.run()
            expectEqual(try Data(contentsOf: directory.appendingPathComponent("f")).count, 4096)
        }
    }
}
