import Courier
import Foundation
import Testing

/// Many requests at once: every one accounted for, the table empty afterwards.
@Suite struct LoadTests {
    @Test func cancellingAllWhileAThousandAreInFlightLeavesNothing() async throws {
        try await withTestBed { bed in
            let failures = EventLog()
            let requests = (0..<1000).map { _ in bed.request("/delay/5") }
            requests.forEach { $0.start(success: nil, failure: { _ in failures.record("failure") }) }
            // Wait until transfers are really running, not only queued.
            let giveUp = Date().addingTimeInterval(30)
            while !bed.agent.records().contains(where: { $0.phase != .queued }), Date() < giveUp { await Task.yield() }
            bed.agent.cancelAll()
            #expect(bed.agent.records().isEmpty)
            #expect(requests.allSatisfy { $0.isCancelled && !$0.isExecuting })
            let after = try await bed.request("/get").run()
            #expect(after.responseStatusCode == 200, "the agent serves on")
            #expect(failures.events.isEmpty, "a cancel calls no failure callback")
        }
    }

    @Test func aBatchOfAThousand() async throws {
        try await withTestBed { bed in
            let batch = BatchRequest(requests: (0..<1000).map { _ in bed.request("/get") })
            try await batch.run()
            expectEqual(batch.snapshot.succeeded, 1000)
            #expect(bed.agent.records().isEmpty)
        }
    }

    @Test func aChainOfAThousandSteps() async throws {
        try await withTestBed { bed in
            let chain = ChainRequest()
            for _ in 0..<1000 { chain.addRequest(bed.request("/get")) }
            try await chain.run()
            expectEqual(chain.snapshot.steps.count, 1000)
            #expect(chain.snapshot.steps.allSatisfy { $0.state == .succeeded })
        }
    }
}
