import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The one list kit every list pane uses: the cursor's window, following an end, clicks,
/// and a filtered list that keeps its row through filtering and re-sorting.
struct ListKitTests {
    @Test func theWindowMovesOnlyAsFarAsKeepsTheSelectionInView() {
        var cursor = ListCursor()
        cursor.reset(count: 100, selecting: nil)
        expectEqual(cursor.window(height: 10), 0..<10)
        cursor.move(by: 12, height: 10)
        expectEqual(cursor.selection, 12)
        #expect(cursor.window(height: 10) == 3..<13, "the selection is the last row of the window")
        cursor.move(by: -2, height: 10)
        #expect(cursor.window(height: 10) == 3..<13, "moving within the window does not scroll it")
        let movedToBottom = cursor.perform(.bottom, height: 10)
        #expect(movedToBottom)
        expectEqual(cursor.window(height: 10), 90..<100)
        let pagedUp = cursor.perform(.pageUp, height: 10)
        #expect(pagedUp)
        expectEqual(cursor.selection, 90)
        let sent = cursor.perform(.send, height: 10)
        #expect(!sent, "not a moving action")
    }

    @Test func aClickSelectsTheRowUnderItAndNothingBelowTheLastRow() {
        var cursor = ListCursor()
        cursor.reset(count: 30, selecting: nil)
        cursor.select(20, height: 10)
        let clicked = cursor.click(windowRow: 2, height: 10)
        #expect(clicked)
        expectEqual(cursor.selection, 13)
        cursor.reset(count: 3, selecting: nil)
        let clickedBelow = cursor.click(windowRow: 5, height: 10)
        #expect(!clickedBelow)
    }

    @Test func aFollowingSelectionStaysAtItsEndUntilMovedOff() {
        var tail = ListCursor(follow: .bottom)
        tail.reset(count: 5, selecting: nil)
        expectEqual(tail.selection, 4)
        tail.reset(count: 8, selecting: 4)
        #expect(tail.selection == 7, "at the end, it follows new rows")
        tail.move(by: -1, height: 5)
        tail.reset(count: 9, selecting: 6)
        #expect(tail.selection == 6, "moved off the end, it stays on its row")

        var top = ListCursor(follow: .top)
        top.reset(count: 5, selecting: nil)
        top.reset(count: 6, selecting: 3)
        #expect(top.selection == 0, "at the top, it stays at the top")
    }

    @Test func aFilteredListKeepsItsRowThroughFilteringAndNewRows() {
        var list = FilteredList<String>(id: { $0 }) { row, needle in row.contains(needle) }
        list.replace(["alpha", "beta", "gamma", "delta"])
        _ = list.perform(.down, height: 10)
        _ = list.perform(.down, height: 10)
        expectEqual(list.selected, "gamma")
        list.setFilter("MA")
        #expect(list.shown == ["gamma"], "the filter is matched lower-cased")
        expectEqual(list.selected, "gamma")
        list.setFilter("")
        list.replace(["omega", "alpha", "beta", "gamma", "delta"])
        #expect(list.selected == "gamma", "a row arriving above does not move the selection off its row")
        list.replace(["alpha", "delta"], keepingSelectedRow: false)
        #expect(list.cursor.selection == 1, "its row gone, the selection keeps its place")
    }
}
