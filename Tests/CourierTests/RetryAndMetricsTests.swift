import Courier
import Foundation
import Synchronization
import Testing

/// Retry policy and transfer metrics.
@Suite struct RetryAndMetricsTests {
    @Test func retriesA503UntilItSucceeds() async throws {
        try await withTestBed { bed in
            let name = bed.uniqueName("retry")
            let request = bed.request("/counter/\(name)", arguments: ["fail": 2, "status": 503]) {
                $0.retryPolicy = RetryPolicy(exponentialBackoffScale: 0.01)
            }
            try await request.run()
            expectEqual(request.responseStatusCode, 200)
            expectEqual(request.retryCount, 2)
            expectEqual(request.responseJSON?["count"], 3)
            let count1 = try await bed.counterValue(name)
            expectEqual(count1, 3)
        }
    }

    @Test func givesUpAfterTheLimit() async throws {
        try await withTestBed({ $0.retryPolicy = RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.01) }) { bed in
            let name = bed.uniqueName("limit")
            let request = bed.request("/counter/\(name)", arguments: ["fail": 5, "status": 503])
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.statusCode, 503)
            let count2 = try await bed.counterValue(name)
            expectEqual(count2, 2)
        }
    }

    @Test func noRetryWithoutAPolicyOrForPOST() async throws {
        try await withTestBed { bed in
            let plain = bed.uniqueName("plain")
            await #expect(throws: RequestError.self) {
                try await bed.request("/counter/\(plain)", arguments: ["fail": 1]).run()
            }
            let count3 = try await bed.counterValue(plain)
            expectEqual(count3, 1)

            let post = bed.uniqueName("post")
            let request = bed.request("/counter/\(post)?fail=1", method: .post) {
                $0.retryPolicy = RetryPolicy(exponentialBackoffScale: 0.01)
            }
            await #expect(throws: RequestError.self) { try await request.run() }
            let count4 = try await bed.counterValue(post)
            #expect(count4 == 1, "POST is not idempotent")
        }
    }

    @Test func notRetriedFor404() {
        let policy = RetryPolicy()
        #expect(!policy.shouldRetry(method: .get, error: RequestError(family: .validation, code: .invalidStatusCode,
                                                                      message: "", statusCode: 404), retriesSoFar: 0))
        #expect(policy.shouldRetry(method: .get, error: RequestError(family: .transport, code: .timedOut, message: ""),
                                   retriesSoFar: 1))
        #expect(policy.delay(afterRetries: 0) == 0.5 && policy.delay(afterRetries: 2) == 2)
    }

    @Test func metricsArePresentAndOrdered() async throws {
        let seen = Mutex<[TransferMetrics]>([])
        try await withTestBed({ config in
            config.metricsHandler = { _, metrics in seen.withLock { $0.append(metrics) } }
        }) { bed in
            let request = bed.request("/bytes/5000") { $0.responseSerializer = .raw }
            try await request.run()
            let metrics = try #require(request.metrics)
            #expect(metrics.nameLookup <= metrics.connect)
            #expect(metrics.connect <= metrics.firstByte)
            #expect(metrics.firstByte <= metrics.total)
            #expect(metrics.total > 0)
            expectEqual(metrics.httpVersion, "HTTP/1.1")
            expectEqual(metrics.bytesReceived, 5000)
            // A GET sends no body, only its request line and headers: "GET /bytes/5000 HTTP/1.1\r\n" and more.
            expectEqual(metrics.bytesSent, 0)
            #expect(metrics.requestHeaderBytes > 40 && metrics.requestHeaderBytes < 2048, "\(metrics.requestHeaderBytes)")
            expectEqual(metrics.remoteAddress, "127.0.0.1")
            #expect(seen.withLock { $0 } == [metrics])
        }
    }

    @Test func connectionsAreReused() async throws {
        try await withTestBed { bed in
            try await bed.request("/get").run()
            let second = bed.request("/get")
            try await second.run()
            expectEqual(second.metrics?.connectionReused, true)
        }
    }
}
