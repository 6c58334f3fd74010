@testable import Courier
import Testing

/// The record table's order (oldest first) from a dictionary's arbitrary order, both when the
/// ids are close together (placed by id) and when they are spread out (sorted).
@Suite struct RecordOrderTests {
    @Test func closeIdsArePlacedInOrder() {
        let ids = Array(1000..<1500).shuffled() + [1600]
        #expect(RecordOrder.oldestFirst(ids, id: { $0 }) == ids.sorted())
    }

    @Test func spreadIdsAreSortedToo() {
        let ids = [7, 1_000_000, 3, 90_000, 12].shuffled()
        #expect(RecordOrder.oldestFirst(ids, id: { $0 }) == [3, 7, 12, 90_000, 1_000_000])
        #expect(RecordOrder.oldestFirst([42], id: { $0 }) == [42])
        #expect(RecordOrder.oldestFirst([Int](), id: { $0 }).isEmpty)
    }
}
