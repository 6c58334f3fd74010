import Courier
import Dispatch
import Foundation
import Synchronization
import Testing

/// The agent: record table, cancelling, priority, config changes, an idle transport.
@Suite struct AgentTests {
    @Test func thousandRequestsStartedAndStoppedConcurrentlyAreAllAccountedFor() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let requests = (0..<1000).map { _ in
                let request = bed.request("/delay/2")
                request.addAccessory(log)
                return request
            }
            let failures = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: requests.count) { index in
                requests[index].start(success: nil, failure: { _ in failures.add(1, ordering: .relaxed) })
                requests[index].stop()
            }
            expectEqual(log.count(of: "accessory.willStart"), 1000)
            expectEqual(log.count(of: "accessory.didStop"), 1000)
            #expect(requests.allSatisfy { $0.isCancelled && !$0.isExecuting })
            #expect(bed.agent.records().isEmpty)
            try await bed.request("/get").run()
            expectEqual(failures.load(ordering: .relaxed), 0)
        }
    }

    @Test func theTransportThreadStartsWithTheFirstTransferNotBefore() async throws {
        try await withTestBed { bed in
            let request = bed.request("/get")
            _ = try request.preparedRequest()   // what export-curl does
            #expect(!bed.agent.isTransportRunning)
            try await request.run()
            #expect(bed.agent.isTransportRunning)
        }
        // An agent that never sends starts no thread, and shuts down at once.
        let idle = NetworkAgent(config: NetworkConfig())
        #expect(!idle.isTransportRunning)
    }

    @Test func transportThreadCarriesItsNameForTheKernel() async throws {
        try await withTestBed { bed in
            try await bed.request("/get").run()
            // What top -H, perf and gdb show for each thread of this process.
            let names = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap {
                try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8)
            }
            #expect(names.contains("courier.io\n"))
        }
    }

    @Test func recordTableShowsRequestsInFlight() async throws {
        try await withTestBed { bed in
            let slow = bed.request("/delay/5", method: .get)
            slow.tag = 7
            slow.priority = .high
            slow.start()
            let records = bed.agent.records()
            let record = try #require(records.first)
            expectEqual(records.count, 1)
            #expect(record.request === slow)
            expectEqual(record.method, .get)
            expectEqual(record.url, bed.server.baseURL + "/delay/5")
            expectEqual(record.priority, .high)
            expectEqual(record.id, slow.taskID)
            bed.agent.cancel(tag: 7)
            #expect(bed.agent.records().isEmpty)
            #expect(slow.isCancelled)
        }
    }

    @Test func recordPhaseAndBytesAreLiveDuringASlowBody() async throws {
        try await withTestBed { bed in
            let request = bed.request("/drip", arguments: ["bytes": 200, "duration": 1.5]) { $0.responseSerializer = .raw }
            let finished = DidStopSignal()
            request.addAccessory(finished)
            request.start()
            var phases = Set<TransferPhase>()
            var partialSamples = 0
            // Sample the table as a UI would while the body drips in, until the request ends
            // (bounded: 3,000 × 10 ms; a loaded host under ThreadSanitizer once took longer than
            // 300 samples to send the first byte).
            for _ in 0..<3_000 {
                guard request.isExecuting else { break }
                if let record = bed.agent.records().first {
                    phases.insert(record.phase)
                    if record.bytesReceived > 0 && record.bytesReceived < 200 { partialSamples += 1 }
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            await finished.wait()
            #expect(phases.contains(.receiving))
            #expect(partialSamples > 0, "the table showed bytes arriving mid-transfer")
            expectEqual(request.responseData?.count, 200)
        }
    }

    /// Which request reached the server first is told by the server (one shared counter), not
    /// by the order of the callbacks: outcomes are decided on a concurrent queue, so a callback
    /// says when a decision ended, not when a transfer started (see the next test). The blocker
    /// holds the only slot until every other request is queued, then is stopped: no delay has
    /// to outlast the test's own starts (a fixed 0.5 s one did not, on a loaded machine).
    @Test func queuedRequestsStartInPriorityOrder() async throws {
        try await withTestBed({ $0.maxConcurrentTransfers = 1 }) { bed in
            let log = EventLog()
            let counter = bed.uniqueName("priority")
            let blocker = bed.request("/delay/30")
            blocker.priority = RequestPriority(rawValue: 100)
            blocker.start(success: { _ in log.record("blocker") }, failure: { _ in log.record("failed blocker") })
            var queued: [(ConfigurableRequest, String)] = []
            for (name, priority) in [("low", RequestPriority.low), ("default", .default), ("high", .high)] {
                let request = bed.request("/counter/\(counter)")
                request.priority = priority
                request.start(success: { _ in log.record(name) }, failure: { _ in log.record("failed \(name)") })
                queued.append((request, name))
            }
            blocker.stop()
            await log.waitForEvents(3)
            #expect(Set(log.events) == ["high", "default", "low"], "the blocker was stopped: no callback of its own")
            let arrivals = Dictionary(uniqueKeysWithValues: queued.map { request, name in
                (name, request.responseJSON?["count"]?.intValue ?? -1)
            })
            expectEqual(arrivals, ["high": 1, "default": 2, "low": 3])
        }
    }

    /// A request whose outcome takes long to decide (a slow preprocessor here; a big body, a
    /// cache write or a descheduled thread elsewhere) does not hold back the callbacks of
    /// requests that ended after it: outcomes are decided concurrently, as AFNetworking's
    /// processing queue does for YTKNetwork. This is how `queuedRequestsStartInPriorityOrder`
    /// once saw its blocker's callback last on a loaded machine (#41).
    @Test func aSlowDecisionDoesNotHoldBackLaterRequestsCallbacks() async throws {
        final class SlowToDecide: ConfigurableRequest, @unchecked Sendable {
            let release = DispatchSemaphore(value: 0)
            let released = Atomic<Bool>(false)
            override func requestCompletePreprocessor() {
                // Bounded: when the property breaks, the test fails instead of hanging.
                released.store(release.wait(timeout: .now() + 30) == .success, ordering: .relaxed)
            }
        }
        try await withTestBed({ $0.maxConcurrentTransfers = 1 }) { bed in
            let log = EventLog()
            let slow = SlowToDecide("/get")
            slow.agent = bed.agent
            slow.start(success: { _ in log.record("slow") }, failure: { _ in log.record("failed slow") })
            for name in ["second", "third"] {
                bed.request("/get").start(success: { _ in log.record(name) }, failure: { _ in log.record("failed \(name)") })
            }
            await log.waitForEvents(2)
            expectEqual(Set(log.events), ["second", "third"])
            slow.release.signal()
            await log.waitForEvents(3)
            expectEqual(log.events.last, "slow")
            let released = slow.released.load(ordering: .relaxed)
            #expect(released, "the slow decision was released by the test, not by its timeout")
        }
    }

    @Test func configChangesApplyToRequestsStartedAfterThem() async throws {
        try await withTestBed { bed in
            let first = bed.request("/headers")
            try await first.run()
            bed.config.userAgent = "Changed/1.0"
            bed.config.addURLFilter(QueryParametersFilter(["from": "filter"]))
            let second = bed.request("/get")
            try await second.run()
            expectEqual(first.responseJSON?["headers"]?["User-Agent"]?.stringValue?.hasPrefix("Courier/"), true)
            expectEqual(second.responseJSON?["headers"]?["User-Agent"], "Changed/1.0")
            expectEqual(second.responseJSON?["args"]?["from"], "filter")
        }
    }

    @Test func idleTransportThreadSleeps() async throws {
        try await withTestBed { bed in
            try await bed.request("/get").run()
            let before = bed.agent.transportLoopIterations
            // Measuring, not synchronising: an idle loop must not turn over while we wait.
            try await Task.sleep(for: .seconds(1))
            let after = bed.agent.transportLoopIterations
            #expect(after - before <= 2, "the transport loop ran \(after - before) times while idle")
        }
    }
}
