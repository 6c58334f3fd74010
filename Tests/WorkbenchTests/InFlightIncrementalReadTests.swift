import Courier
import Foundation
import Testing
@testable import Workbench

/// In flight reads the record table incrementally: after the first read, a row is made only for
/// a new request, updated only when its record changed, and dropped when its record left —
/// without a `finished` from the session. One slot and a blocker keep the rest queued.
@Suite struct InFlightIncrementalReadTests {
    @Test func rowsFollowTheTableWithoutBeingMadeAgain() async throws {
        try await withEngineBed({ $0.maxConcurrentTransfers = 1 }) { bed in
            let blocker = bed.request("/delay/30")
            blocker.start()
            let queued = (0..<4).map { _ in bed.request("/get") }
            queued.forEach { $0.start() }
            var table = InFlightTable()
            var now = Date()
            table.refresh(agents: { [bed.agent] }, name: { _ in "r" }, now: now, force: true)
            expectEqual(table.live.map(\.id), [blocker.taskID!] + queued.map { $0.taskID! })
            let before = table.live

            queued[1].stop()
            let late = bed.request("/get")
            late.start()
            now += 1
            table.refresh(agents: { [bed.agent] }, name: { _ in "r" }, now: now, force: true)
            expectEqual(table.live.map(\.id), [blocker.taskID!, queued[0].taskID!, queued[2].taskID!, queued[3].taskID!, late.taskID!])
            #expect(table.live[1] === before[1] && table.live[3] === before[4], "a row is the same object from read to read")
            expectEqual(table.counts[.queued], 4 + (table.live[0].phase == .queued ? 1 : 0))

            // Another agent's requests join: every table is read whole again, rows kept.
            let other = NetworkAgent(config: bed.config)
            let elsewhere = bed.request("/get")
            elsewhere.agent = other
            elsewhere.start()
            now += 1
            table.refresh(agents: { [bed.agent, other] }, name: { _ in "r" }, now: now, force: true)
            expectEqual(table.live.count, 6)
            #expect(table.live.contains { $0.request === elsewhere })
            #expect(table.live.first === before[0])

            bed.agent.cancelAll()
            other.cancelAll()
            now += 1
            table.refresh(agents: { [bed.agent, other] }, name: { _ in "r" }, now: now, force: true)
            #expect(table.live.isEmpty)
        }
    }
}
