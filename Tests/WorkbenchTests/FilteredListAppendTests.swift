import Testing
@testable import Workbench

/// `FilteredList.append(_:keepingLast:)`, the Events log's way in, against the list it must
/// equal: the same rows replaced whole (`replace`), trimmed by the same rule.
@Suite struct FilteredListAppendTests {
    private static func list() -> FilteredList<Int> {
        FilteredList<Int>(follow: .bottom, id: { $0 }) { row, needle in String(row).contains(needle) }
    }

    @Test func appendingEqualsReplacingWholeThroughFiltersMovesAndTrims() {
        var random = SplitMix64(seed: 46)
        let limit = 64
        var appended = Self.list(), replaced = Self.list()
        var reference: [Int] = []
        var next = 0
        for step in 0..<3_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                let filter = ["", "", "1", "7", "23"].randomElement(using: &random)!
                appended.setFilter(filter)
                replaced.setFilter(filter)
            case 1, 2:
                let action: Action = [.up, .down, .pageUp, .top, .bottom].randomElement(using: &random)!
                _ = appended.perform(action, height: 10)
                _ = replaced.perform(action, height: 10)
            default:
                let new = Array(next ..< next + Int.random(in: 1...12, using: &random))
                next += new.count
                reference += new
                if reference.count > limit + limit / 8 { reference.removeFirst(reference.count - limit) }
                appended.append(new, keepingLast: limit)
                replaced.replace(reference)
            }
            #expect(appended.all == reference, "step \(step): the rows kept")
            #expect(appended.shown == replaced.shown, "step \(step): the rows shown")
            #expect(appended.selected == replaced.selected, "step \(step): the row selected")
            #expect(appended.cursor.selection == replaced.cursor.selection, "step \(step): the cursor")
            if appended.shown != replaced.shown || appended.selected != replaced.selected { return }
        }
        #expect(next > 10 * limit, "the rows went round the limit many times")
    }

    @Test func theOldestLeaveTogetherOnceAnEighthMoreCame() {
        var list = Self.list()
        list.append(Array(0..<72), keepingLast: 64)
        expectEqual(list.all.count, 72)
        list.append([72], keepingLast: 64)
        expectEqual(list.all, Array(9...72))
        expectEqual(list.selected, 72)
    }
}
