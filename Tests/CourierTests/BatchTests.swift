import Courier
import Foundation
import Testing

/// YTK's batch tests plus partial success and live progress.
@Suite struct BatchTests {
    @Test func batchSucceedsWhenEveryRequestSucceeds() async throws {
        try await withTestBed { bed in
            let requests = ["/get", "/headers", "/json"].map { bed.request($0) }
            let batch = BatchRequest(requests: requests)
            try await batch.run()
            #expect(requests.allSatisfy { $0.responseStatusCode == 200 })
            #expect(batch.failedRequest == nil)
            #expect(batch.snapshot.succeeded == 3 && batch.snapshot.finished == 3)
            #expect(bed.agent.groups.runningBatches.allSatisfy { $0 !== batch })
        }
    }

    @Test func aRunningBatchIsKeptByItsOwnAgentAndReleasedWhenItEnds() async throws {
        try await withTestBed { bed in
            let done = DidStopSignal()
            weak var dropped: BatchRequest?
            do {
                let batch = BatchRequest(requests: [bed.request("/delay/0.3")])
                batch.addAccessory(done)
                batch.start()
                dropped = batch
                #expect(bed.agent.groups.runningBatches.contains { $0 === batch })
                #expect(!GroupAgent.shared.runningBatches.contains { $0 === batch }, "not the shared agent's")
            }
            #expect(dropped != nil, "kept alive while it runs though the caller let go")
            await done.wait()
            #expect(bed.agent.groups.runningBatches.isEmpty)
        }
    }

    @Test func firstFailureStopsTheOthers() async throws {
        try await withTestBed { bed in
            let failing = bed.request("/status/500")
            let slow = [bed.request("/delay/5"), bed.request("/delay/5")]
            let log = EventLog()
            let batch = BatchRequest(requests: [slow[0], failing, slow[1]])
            batch.start(success: { _ in log.record("success") }, failure: { batch in
                log.record("failure \(batch.failedRequest === failing)")
            })
            await log.waitForEvents(1)
            expectEqual(log.events, ["failure true"])
            #expect(slow.allSatisfy { $0.isCancelled && !$0.isExecuting })
            expectEqual(batch.snapshot.states, [.cancelled, .failed, .cancelled])
            #expect(bed.agent.records().isEmpty)
        }
    }

    @Test func runThrowsTheFailedRequest() async throws {
        try await withTestBed { bed in
            let failing = bed.request("/status/404")
            let batch = BatchRequest(requests: [bed.request("/get"), failing])
            do {
                try await batch.run()
                Issue.record("the batch should have failed")
            } catch let failure as GroupFailure {
                #expect(failure.failedRequest === failing)
                expectEqual(failure.error.code, .invalidStatusCode)
            }
        }
    }

    @Test func partialSuccessRunsEveryRequestAndReportsEach() async throws {
        try await withTestBed { bed in
            let requests = [bed.request("/get"), bed.request("/status/500"), bed.request("/delay/0.3"), bed.request("/status/404")]
            let batch = BatchRequest(requests: requests, continueOnFailure: true)
            try await batch.run()   // a partial success: every request ran
            expectEqual(batch.snapshot.states, [.succeeded, .failed, .succeeded, .failed])
            expectEqual(batch.failedRequests.map(\.responseStatusCode), [500, 404])
            #expect(requests[2].responseStatusCode == 200, "a failure did not stop the slow request")
        }
    }

    @Test func requireAllMakesAPartialSuccessThrow() async throws {
        try await withTestBed { bed in
            let requests = [bed.request("/get"), bed.request("/status/500"), bed.request("/delay/0.2")]
            let batch = BatchRequest(requests: requests, continueOnFailure: true, requireAll: true)
            await #expect(throws: GroupFailure.self) { try await batch.run() }
            #expect(batch.snapshot.states == [.succeeded, .failed, .succeeded], "every request still ran")
            let log = EventLog()
            let failing = BatchRequest(requests: [bed.request("/status/500")], continueOnFailure: true)
            try await failing.run()
            failing.start(success: { _ in log.record("success") }, failure: { _ in log.record("failure") })
            await log.waitForEvents(1)
            #expect(log.events == ["failure"], "callbacks still say that something failed")
        }
    }

    @Test func progressStreamsEverySnapshotUntilTheEnd() async throws {
        try await withTestBed { bed in
            let batch = BatchRequest(requests: [bed.request("/get"), bed.request("/delay/0.2"), bed.request("/json")])
            let stream = batch.progress()
            batch.start()
            var seen: [Int] = []
            for await snapshot in stream { seen.append(snapshot.finished) }
            expectEqual(seen.first, 0)
            expectEqual(seen.last, 3)
            #expect(seen == seen.sorted(), "finished counts never go back")
        }
    }

    @Test func stopStopsEveryRequestWithoutAFailureCallback() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let requests = [bed.request("/delay/5"), bed.request("/delay/5")]
            let batch = BatchRequest(requests: requests)
            batch.addAccessory(log)
            batch.start(success: { _ in log.record("success") }, failure: { _ in log.record("failure") })
            batch.stop()
            expectEqual(log.events, ["accessory.willStart", "accessory.willStop", "accessory.didStop"])
            #expect(requests.allSatisfy { $0.isCancelled })
            #expect(!batch.isRunning)
        }
    }

    @Test func aMemberStoppedOnItsOwnEndsTheBatchInsteadOfLeavingItWaiting() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let slow = bed.request("/delay/5")
            let batch = BatchRequest(requests: [bed.request("/get"), slow], continueOnFailure: true)
            batch.start(success: { _ in log.record("success") }, failure: { batch in
                log.record("failure \(batch.failedRequest === slow)")
            })
            slow.stop()
            await log.waitForEvents(1)
            expectEqual(log.events, ["failure true"])
            expectEqual(batch.snapshot.states, [.succeeded, .cancelled])
            #expect(!batch.isRunning)
        }
    }

    @Test func isDataFromCacheWhenEveryRequestCameFromTheCache() async throws {
        try await withCacheBed { cache in
            let (path, name) = cache.counterPath()
            let prime = [cache.request("/get"), cache.request(path)]
            let primed = BatchRequest(requests: prime)
            try await primed.run()
            #expect(!primed.isDataFromCache)

            let cached = BatchRequest(requests: [cache.request("/get"), cache.request(path)])
            try await cached.run()
            #expect(cached.isDataFromCache)
            let count = try await cache.bed.counterValue(name)
            #expect(count == 1, "the second batch made no network call")

            let mixed = BatchRequest(requests: [cache.request("/get"), cache.bed.request("/get")])
            try await mixed.run()
            #expect(!mixed.isDataFromCache)
        }
    }
}
