import Courier
import Foundation
import Testing

/// The transport keeps each libcurl handle's options from one transfer to the next when the
/// next request is set up the same way, and collects small bodies in reused buffers. With
/// one transfer slot every request below runs on the same handle, so nothing of a previous
/// request may show in the next.
@Suite struct HandleReuseTests {
    private static func oneSlot(_ config: NetworkConfig) { config.maxConcurrentTransfers = 1 }

    private static func echoedHeaders(_ request: Request) -> [String: JSONValue] {
        guard case .object(let fields) = request.responseJSON?["headers"] else { return [:] }
        return Dictionary(fields.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func eachRequestSendsItsOwnHeadersOnAReusedHandle() async throws {
        try await withTestBed(Self.oneSlot) { bed in
            let first = try await bed.request("/headers", headers: ["X-First": "1"]).run()
            let same = try await bed.request("/headers", headers: ["X-First": "1"]).run()
            let second = try await bed.request("/headers", headers: ["X-Second": "2"]).run()
            let none = try await bed.request("/headers").run()
            expectEqual(Self.echoedHeaders(first)["x-first"]?.stringValue, "1")
            #expect(Self.echoedHeaders(same)["x-first"]?.stringValue == "1", "same setup, options kept")
            expectEqual(Self.echoedHeaders(second)["x-second"]?.stringValue, "2")
            #expect(Self.echoedHeaders(second)["x-first"] == nil, "the previous request's header is gone")
            expectEqual(Self.echoedHeaders(none)["x-second"], nil)
        }
    }

    @Test func aGetAfterAPostSendsNoBodyAndAGetAfterAHeadGetsOne() async throws {
        try await withTestBed(Self.oneSlot) { bed in
            try await bed.request("/anything", method: .post, arguments: ["a": 1]).run()
            let get = try await bed.request("/anything").run()
            expectEqual(get.responseJSON?["method"]?.stringValue, "GET")
            #expect(get.responseJSON?["data"]?.stringValue == "", "no body left over from the POST")

            let head = try await bed.request("/bytes/300", method: .head) { $0.responseSerializer = .raw }.run()
            expectEqual(head.responseStatusCode, 200)
            #expect(head.responseData?.isEmpty ?? true)
            let body = try await bed.request("/bytes/300") { $0.responseSerializer = .raw }.run()
            #expect(body.responseData?.count == 300, "the GET after a HEAD reads its body")
        }
    }

    @Test func bodiesOnEitherSideOfTheBufferLimitArriveWhole() async throws {
        try await withTestBed(Self.oneSlot) { bed in
            // 64 KiB is what a reused buffer holds; a larger body moves to its own storage,
            // announced by Content-Length or found out while a chunked body arrives.
            for count in [0, 1, 1024, 65_536, 65_537, 300_000] {
                let plain = try await bed.request("/bytes/\(count)?seed=7") { $0.responseSerializer = .raw }.run()
                let again = try await bed.request("/bytes/\(count)?seed=7") { $0.responseSerializer = .raw }.run()
                expectEqual(plain.responseData?.count, count)
                #expect(plain.responseData == again.responseData, "the same bytes, not a reused buffer's leftovers")
            }
            let chunked = try await bed.request("/drip", arguments: ["bytes": 100_000, "duration": 0, "chunked": 1]) {
                $0.responseSerializer = .raw
            }.run()
            expectEqual(chunked.responseData?.count, 100_000)
        }
    }

    @Test func theRecordShowsSendingWhileTheServerThinks() async throws {
        try await withTestBed { bed in
            let request = bed.request("/delay/1")
            let finished = DidStopSignal()
            request.addAccessory(finished)
            request.start()
            var phases = Set<TransferPhase>()
            // Sample the table as a UI would while the server sleeps (bounded: 150 × 10 ms).
            for _ in 0..<150 {
                guard request.isExecuting else { break }
                if let record = bed.agent.records().first { phases.insert(record.phase) }
                if phases.contains(.sending) { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            await finished.wait()
            #expect(phases.contains(.sending), "the request went out: libcurl's pre-request hook marks it")
            expectEqual(request.responseStatusCode, 200)
        }
    }
}
