@testable import Courier
import Foundation
import Testing

/// What the engine's events, records and cache explanations print: words, not struct dumps
/// such as `finished(nil)`.
@Suite struct EngineDescriptionTests {
    @Test func eventsOfRequestsAndBatchesReadAsWords() async throws {
        try await withTestBed { bed in
            let events = bed.agent.events()
            try await bed.request("/get").run()
            let missing = bed.request("/status/404") { $0.responseSerializer = .raw }
            await #expect(throws: RequestError.self) { try await missing.run() }
            try await BatchRequest(requests: [bed.request("/headers")]).run()
            let stopped = bed.request("/delay/5")
            stopped.start()
            stopped.stop()
            var lines: [String] = []
            for await event in events {
                if case .progress = event.kind { continue }
                lines.append("\(event)")
                if case .cancelled = event.kind { break }
            }
            #expect(lines == [
                "GET /get started", "GET /get finished",
                "GET /status/404 started", "GET /status/404 failed: validation error -8: Invalid status code 404.",
                "batch of 1 request started", "GET /headers started", "GET /headers finished",
                "batch of 1 request finished",
                "GET /delay/5 started", "GET /delay/5 cancelled",
            ])
        }
    }

    @Test func subjectsSayWhatTheyAreWithSecretsHidden() {
        let chain = ChainRequest()
        chain.addRequest(ConfigurableRequest("/a"))
        chain.addRequest(ConfigurableRequest("/b"))
        expectEqual("\(LifecycleSubject.chain(chain))", "chain of 2 steps")
        let batch = BatchRequest(requests: [ConfigurableRequest("/a"), ConfigurableRequest("/b"), ConfigurableRequest("/c")])
        expectEqual("\(LifecycleSubject.batch(batch))", "batch of 3 requests")
        let login = ConfigurableRequest("/login?user=demo&token=s3cr3t", method: .post)
        expectEqual("\(LifecycleSubject.request(login))", "POST /login?user=demo&token=‹redacted›")
        final class Custom: Request, @unchecked Sendable {}
        expectEqual("\(LifecycleSubject.request(Custom()))", "GET Custom")
    }

    @Test func kindsAndProgressReadAsWords() {
        let received = TransferProgress(phase: .receiving, bytesReceived: 4096, expectedBytesToReceive: 1_048_576)
        expectEqual("\(LifecycleEvent.Kind.progress(received))", "receiving, 4096 of 1048576 bytes received")
        let upload = TransferProgress(phase: .sending, bytesSent: 100, expectedBytesToSend: 200)
        expectEqual("\(upload)", "sending, 100 of 200 bytes sent")
        let resumed = TransferProgress(phase: .receiving, bytesReceived: 10, resumedFrom: 500)
        expectEqual("\(resumed)", "receiving, 10 bytes received, resumed at byte 500")
        expectEqual("\(TransferProgress(phase: .queued, retryCount: 2))", "queued, retry 2")
        expectEqual("\(LifecycleEvent.Kind.finished(nil))", "finished")
        let timedOut = RequestError(family: .transport, code: .timedOut, message: "The request timed out.", curlCode: 28)
        expectEqual("\(LifecycleEvent.Kind.finished(timedOut))", "failed: transport error -1001: The request timed out. (curl 28)")
        expectEqual("\(LifecycleEvent.Kind.fromCache)", "answered from the cache")
        expectEqual("\(LifecycleEvent.Kind.cancelled)", "cancelled")
    }

    @Test func recordsReadAsWords() async throws {
        try await withTestBed { bed in
            let slow = bed.request("/delay/5?api_key=k3y")
            slow.start()
            defer { slow.stop() }
            let record = try #require(bed.agent.records().first { $0.request === slow })
            let text = "\(record)"
            #expect(text.hasPrefix("#\(record.id) GET \(bed.server.baseURL)/delay/5?api_key=‹redacted› \(record.phase.rawValue)"))
            #expect(!text.contains("k3y"))
        }
    }

    @Test func cacheExplanationsReadAsWords() async throws {
        try await withCacheBed { cache in
            let request = cache.request("/get") { $0.cacheTime = 30 }
            let entry = String(request.cacheIdentity.name.prefix(12))
            let base = cache.bed.server.baseURL
            let before = "\(ResponseCache.explain(request))"
            #expect(before.hasPrefix("GET /get at \(base): miss (-6): Invalid metadata, the cache may not exist"))
            #expect(before.hasSuffix(" Entry \(entry) in \(cache.directory), not written yet."))

            try await request.run()
            #expect("\(ResponseCache.explain(request))"
                == "GET /get at \(base): hit: the entry is fresh. Entry \(entry) in \(cache.directory).")

            request.update { $0.url = "\(base)/get?token=s3cr3t" }
            let secret = "\(ResponseCache.explain(request))"
            #expect(secret.hasPrefix("GET \(base)/get?token=‹redacted›: miss (-6)"))
            #expect(!secret.contains("s3cr3t"))
        }
    }
}
