@testable import Courier
import Foundation
import Testing

/// Incremental reads of the record table (`NetworkAgent.recordChanges(since:)`): the first read
/// is every record, later ones only the records added or moved and the ids of those that left.
/// One slot and a request that holds it keep the rest queued, where nothing moves.
@Suite struct RecordChangesTests {
    @Test func aReadAfterAMarkHasOnlyWhatChanged() async throws {
        try await withTestBed({ $0.maxConcurrentTransfers = 1 }) { bed in
            let blocker = bed.request("/delay/30")
            blocker.start()
            let queued = (0..<5).map { _ in bed.request("/get") }
            queued.forEach { $0.start() }

            let first = bed.agent.recordChanges(since: nil)
            #expect(first.isComplete)
            expectEqual(first.records.map(\.id), [blocker.taskID!] + queued.map { $0.taskID! })
            expectEqual(first.count, 6)

            // Nothing queued moved: at most the blocker's transfer is told again.
            let second = bed.agent.recordChanges(since: first.mark)
            #expect(!second.isComplete)
            #expect(second.records.allSatisfy { $0.request === blocker }, "\(second.records.map { "\($0.id) \($0.phase)" }) mark \(first.mark.stamp)")
            #expect(second.removedIDs.isEmpty)
            expectEqual(second.count, 6)

            // One leaves, one comes: the read says so and nothing else queued.
            let leaving = queued[2]
            let leftID = try #require(leaving.taskID)
            leaving.stop()
            let late = bed.request("/get")
            late.start()
            let third = bed.agent.recordChanges(since: second.mark)
            #expect(!third.isComplete)
            expectEqual(third.removedIDs, [leftID])
            expectEqual(third.records.filter { $0.request !== blocker }.map(\.id), [late.taskID!])
            expectEqual(third.count, 6)
            bed.agent.cancelAll()
        }
    }

    @Test func theBlockersProgressIsAChange() async throws {
        try await withTestBed({ $0.maxConcurrentTransfers = 1 }) { bed in
            // A byte every 0.3 s for 30 s: the record stays in the table (a finished request
            // leaves it) however late this task is scheduled on a loaded machine.
            let dripping = bed.request("/drip", arguments: ["bytes": 100, "duration": 30]) { $0.responseSerializer = .raw }
            dripping.start()
            var mark = bed.agent.recordChanges(since: nil).mark
            var sawBytes = false
            // Bounded: at most 2,000 reads 5 ms apart, and 25 s.
            let deadline = ContinuousClock.now + .seconds(25)
            for _ in 0..<2_000 where !sawBytes && ContinuousClock.now < deadline {
                let changes = bed.agent.recordChanges(since: mark)
                mark = changes.mark
                sawBytes = changes.records.contains { $0.bytesReceived > 0 }
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(sawBytes, "bytes arriving made the record a change")
            dripping.stop()
        }
    }

    @Test func aMarkOfAnotherAgentOrTooOldGetsEveryRecord() async throws {
        try await withTestBed({ $0.maxConcurrentTransfers = 1 }) { bed in
            let blocker = bed.request("/delay/30")
            blocker.start()
            let queued = (0..<6).map { _ in bed.request("/get") }
            queued.forEach { $0.start() }
            let other = NetworkAgent(config: bed.config)
            let foreign = other.recordChanges(since: nil).mark
            let answered = bed.agent.recordChanges(since: foreign)
            #expect(answered.isComplete)
            expectEqual(answered.records.count, 7)

            // The agent keeps so many removals; a read from before those it forgot is whole.
            bed.agent.table.withLock { $0.removalsKept = 2 }
            let mark = answered.mark
            queued.prefix(5).forEach { $0.stop() }
            let late = bed.agent.recordChanges(since: mark)
            #expect(late.isComplete)
            expectEqual(late.records.map(\.id), [blocker.taskID!, queued[5].taskID!])
            #expect(late.removedIDs.isEmpty)
            bed.agent.cancelAll()
        }
    }
}
