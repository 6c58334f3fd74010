import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// `{"items":[{"id":0,"name":"item 0"},…],"total":N}`: item k opens at line 2 + 4k, its
/// `"name"` is line 4 + 4k; `],` is line 2 + 4N.
func itemsBody(_ count: Int = 30, lineLimit: Int? = nil) -> FormattedBody {
    let items = (0..<count).map { #"{"id":\#($0),"name":"item \#($0)"}"# }
    return formatBody(#"{"items":[\#(items.joined(separator: ","))],"total":\#(count)}"#, lineLimit: lineLimit)
}

/// A viewer over `body` with a viewport of `height` rows.
func bodyViewer(_ body: FormattedBody = itemsBody(), height: Int = 10, width: Int = 60) -> BodyViewer {
    var viewer = BodyViewer(body: body)
    viewer.resize(height: height, width: width)
    return viewer
}

@Suite("Body viewer: moving, folding, searching, filtering")
struct BodyViewerTests {
    @Test("The cursor moves by rows and the view follows it")
    func moving() {
        var viewer = bodyViewer()
        expectEqual(viewer.shownBody.lineCount, 125)
        viewer.moveCursor(by: 15)
        expectEqual(viewer.cursor, 15)
        expectEqual(viewer.top, 6)
        viewer.moveCursor(by: -12)
        expectEqual(viewer.cursor, 3)
        expectEqual(viewer.top, 3)
        viewer.moveCursor(by: -10)
        expectEqual(viewer.cursor, 0)
        viewer.moveToBottom()
        expectEqual(viewer.cursor, 124)
        expectEqual(viewer.top, 115)
        viewer.moveCursor(by: 5)
        expectEqual(viewer.cursor, 124)
        viewer.moveToTop()
        #expect((viewer.cursor, viewer.top) == (0, 0))
    }

    @Test("Pages move the view and the cursor together, and stop at the ends")
    func paging() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 2)
        viewer.pageDown(height: 10)
        #expect((viewer.top, viewer.cursor) == (10, 12))
        viewer.moveToBottom()
        viewer.pageUp(height: 10)
        #expect((viewer.top, viewer.cursor) == (105, 114))
        viewer.pageUp(height: 200)
        #expect((viewer.top, viewer.cursor) == (0, 0))
        viewer.pageDown(height: 200)
        #expect((viewer.top, viewer.cursor) == (0, 124))
    }

    @Test("A shorter viewport scrolls to keep the cursor in it")
    func resizing() {
        var viewer = bodyViewer(height: 40)
        viewer.moveCursor(by: 30)
        expectEqual(viewer.top, 0)
        viewer.resize(height: 10, width: 60)
        expectEqual(viewer.top, 21)
    }

    @Test("Folding the cursor line hides its lines; the cursor steps over them; toggling again opens it")
    func folding() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 2)
        viewer.toggleFold()
        expectEqual(viewer.folded, [2])
        expectEqual(viewer.rowCount, 125 - 3)
        viewer.moveCursor(by: 1)
        expectEqual(viewer.cursor, 6)
        viewer.moveCursor(by: -1)
        expectEqual(viewer.cursor, 2)
        viewer.toggleFold()
        #expect(viewer.folded.isEmpty)
        expectEqual(viewer.rowCount, 125)
    }

    @Test("On a line opening nothing, the innermost container around it folds and the cursor goes to its first line",
          arguments: [(4, 2), (5, 2), (122, 1), (123, 0)])
    func foldingTheEnclosingContainer(line: Int, opener: Int) {
        var viewer = bodyViewer()
        viewer.moveCursor(by: line)
        viewer.toggleFold()
        expectEqual(viewer.folded, [opener])
        expectEqual(viewer.cursor, opener)
    }

    @Test("Fold all leaves the root's row; unfold all brings every line back")
    func foldAll() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 40)
        viewer.foldAll()
        expectEqual(viewer.rowCount, 1)
        expectEqual(viewer.cursor, 0)
        viewer.toggleFold()
        expectEqual(viewer.rowCount, 4)
        viewer.moveCursor(by: 1)
        viewer.toggleFold()
        expectEqual(viewer.rowCount, 125 - 30 * 3)
        viewer.unfoldAll()
        expectEqual(viewer.rowCount, 125)
    }

    @Test("n and N move between matches and wrap around")
    func matches() {
        var viewer = bodyViewer()
        viewer.search(#""id""#)
        expectEqual(viewer.search?.matches.count, 30)
        expectEqual(viewer.cursor, 3)
        expectEqual(viewer.positionText, "line 4/125 · match 1/30")
        viewer.nextMatch()
        expectEqual(viewer.cursor, 7)
        viewer.previousMatch()
        viewer.previousMatch()
        expectEqual(viewer.cursor, 119)
        expectEqual(viewer.positionText, "line 120/125 · match 30/30")
        viewer.nextMatch()
        expectEqual(viewer.cursor, 3)
        viewer.moveCursor(by: 10)
        viewer.nextMatch()
        expectEqual(viewer.cursor, 15)
        viewer.moveCursor(by: 10)
        viewer.previousMatch()
        expectEqual(viewer.cursor, 23)
    }

    @Test("A search starts at the cursor; smart case; an empty query clears it")
    func searching() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 50)
        viewer.search("ITEM 2")
        expectEqual(viewer.search?.matches.isEmpty, true)
        expectEqual(viewer.positionText, "line 51/125 · no matches")
        viewer.search("item 2")
        expectEqual(viewer.search?.caseInsensitive, true)
        expectEqual(viewer.cursor, 84)
        expectEqual(viewer.search?.current, 1)
        viewer.search("")
        #expect(viewer.search == nil)
        expectEqual(viewer.positionText, "line 85/125")
    }

    @Test("A match inside a fold opens the folds around it")
    func matchInsideFold() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 30)
        viewer.toggleFold()
        viewer.moveToTop()
        viewer.moveCursor(by: 1)
        viewer.toggleFold()
        expectEqual(viewer.folded, [1, 30])
        viewer.search("item 7\"")
        expectEqual(viewer.cursor, 32)
        #expect(viewer.folded.isEmpty)
        expectEqual(viewer.rowCount, 125)
    }

    @Test("A filter shows the value its path leads to; a bad path or step leaves the body shown and says why")
    func filtering() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 20)
        viewer.search("name")
        viewer.applyFilter(" $.items[3] ")
        expectEqual(viewer.filterText, "$.items[3]")
        expectEqual(viewer.filterError, nil)
        #expect(bodyLines(viewer.shownBody) == ["{", #"  "id": 3,"#, #"  "name": "item 3""#, "}"])
        expectEqual(viewer.cursor, 0)
        expectEqual(viewer.search?.matches.map(\.line), [2])
        viewer.applyFilter("$.items[99]")
        expectEqual(viewer.filterError, "index 99 is out of range (the array at $.items has 30 elements)")
        #expect(viewer.shownBody === viewer.body)
        viewer.applyFilter("items")
        expectEqual(viewer.filterError, "a JSON path starts with $")
        viewer.applyFilter("$.total")
        expectEqual(bodyLines(viewer.shownBody), ["30"])
        viewer.applyFilter("")
        #expect(viewer.filterText.isEmpty)
        expectEqual(viewer.filterError, nil)
        #expect(viewer.shownBody === viewer.body)
        expectEqual(viewer.search?.matches.count, 30)
    }

    @Test("The complete body replaces the partial one under the cursor; a waiting filter applies then")
    func replacingThePartialBody() {
        var viewer = bodyViewer(itemsBody(lineLimit: 50))
        expectEqual(viewer.shownBody.isComplete, false)
        viewer.moveCursor(by: 40)
        viewer.search("item 9\"")
        expectEqual(viewer.positionText, "line 41/50+ · match 1/1")
        viewer.moveCursor(by: 1)
        viewer.replaceBody(itemsBody())
        expectEqual(viewer.cursor, 41)
        expectEqual(viewer.positionText, "line 42/125 · match 1/1")

        var filtered = bodyViewer(itemsBody(lineLimit: 50))
        filtered.applyFilter("$.total")
        expectEqual(filtered.filterError, "the body is still being formatted")
        filtered.replaceBody(itemsBody())
        expectEqual(filtered.filterError, nil)
        expectEqual(bodyLines(filtered.shownBody), ["30"])
    }
}
