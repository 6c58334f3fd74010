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
        #expect(viewer.shownBody.lineCount == 125)
        viewer.moveCursor(by: 15)
        #expect(viewer.cursor == 15)
        #expect(viewer.top == 6)
        viewer.moveCursor(by: -12)
        #expect(viewer.cursor == 3)
        #expect(viewer.top == 3)
        viewer.moveCursor(by: -10)
        #expect(viewer.cursor == 0)
        viewer.moveToBottom()
        #expect(viewer.cursor == 124)
        #expect(viewer.top == 115)
        viewer.moveCursor(by: 5)
        #expect(viewer.cursor == 124)
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
        #expect(viewer.top == 0)
        viewer.resize(height: 10, width: 60)
        #expect(viewer.top == 21)
    }

    @Test("Folding the cursor line hides its lines; the cursor steps over them; toggling again opens it")
    func folding() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 2)
        viewer.toggleFold()
        #expect(viewer.folded == [2])
        #expect(viewer.rowCount == 125 - 3)
        viewer.moveCursor(by: 1)
        #expect(viewer.cursor == 6)
        viewer.moveCursor(by: -1)
        #expect(viewer.cursor == 2)
        viewer.toggleFold()
        #expect(viewer.folded.isEmpty)
        #expect(viewer.rowCount == 125)
    }

    @Test("On a line opening nothing, the innermost container around it folds and the cursor goes to its first line",
          arguments: [(4, 2), (5, 2), (122, 1), (123, 0)])
    func foldingTheEnclosingContainer(line: Int, opener: Int) {
        var viewer = bodyViewer()
        viewer.moveCursor(by: line)
        viewer.toggleFold()
        #expect(viewer.folded == [opener])
        #expect(viewer.cursor == opener)
    }

    @Test("Fold all leaves the root's row; unfold all brings every line back")
    func foldAll() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 40)
        viewer.foldAll()
        #expect(viewer.rowCount == 1)
        #expect(viewer.cursor == 0)
        viewer.toggleFold()
        #expect(viewer.rowCount == 4)
        viewer.moveCursor(by: 1)
        viewer.toggleFold()
        #expect(viewer.rowCount == 125 - 30 * 3)
        viewer.unfoldAll()
        #expect(viewer.rowCount == 125)
    }

    @Test("n and N move between matches and wrap around")
    func matches() {
        var viewer = bodyViewer()
        viewer.search(#""id""#)
        #expect(viewer.search?.matches.count == 30)
        #expect(viewer.cursor == 3)
        #expect(viewer.positionText == "line 4/125 · match 1/30")
        viewer.nextMatch()
        #expect(viewer.cursor == 7)
        viewer.previousMatch()
        viewer.previousMatch()
        #expect(viewer.cursor == 119)
        #expect(viewer.positionText == "line 120/125 · match 30/30")
        viewer.nextMatch()
        #expect(viewer.cursor == 3)
        viewer.moveCursor(by: 10)
        viewer.nextMatch()
        #expect(viewer.cursor == 15)
        viewer.moveCursor(by: 10)
        viewer.previousMatch()
        #expect(viewer.cursor == 23)
    }

    @Test("A search starts at the cursor; smart case; an empty query clears it")
    func searching() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 50)
        viewer.search("ITEM 2")
        #expect(viewer.search?.matches.isEmpty == true)
        #expect(viewer.positionText == "line 51/125 · no matches")
        viewer.search("item 2")
        #expect(viewer.search?.caseInsensitive == true)
        #expect(viewer.cursor == 84)
        #expect(viewer.search?.current == 1)
        viewer.search("")
        #expect(viewer.search == nil)
        #expect(viewer.positionText == "line 85/125")
    }

    @Test("A match inside a fold opens the folds around it")
    func matchInsideFold() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 30)
        viewer.toggleFold()
        viewer.moveToTop()
        viewer.moveCursor(by: 1)
        viewer.toggleFold()
        #expect(viewer.folded == [1, 30])
        viewer.search("item 7\"")
        #expect(viewer.cursor == 32)
        #expect(viewer.folded.isEmpty)
        #expect(viewer.rowCount == 125)
    }

    @Test("A filter shows the value its path leads to; a bad path or step leaves the body shown and says why")
    func filtering() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 20)
        viewer.search("name")
        viewer.applyFilter(" $.items[3] ")
        #expect(viewer.filterText == "$.items[3]")
        #expect(viewer.filterError == nil)
        #expect(bodyLines(viewer.shownBody) == ["{", #"  "id": 3,"#, #"  "name": "item 3""#, "}"])
        #expect(viewer.cursor == 0)
        #expect(viewer.search?.matches.map(\.line) == [2])
        viewer.applyFilter("$.items[99]")
        #expect(viewer.filterError == "index 99 is out of range (the array at $.items has 30 elements)")
        #expect(viewer.shownBody === viewer.body)
        viewer.applyFilter("items")
        #expect(viewer.filterError == "a JSON path starts with $")
        viewer.applyFilter("$.total")
        #expect(bodyLines(viewer.shownBody) == ["30"])
        viewer.applyFilter("")
        #expect(viewer.filterText.isEmpty)
        #expect(viewer.filterError == nil)
        #expect(viewer.shownBody === viewer.body)
        #expect(viewer.search?.matches.count == 30)
    }

    @Test("The complete body replaces the partial one under the cursor; a waiting filter applies then")
    func replacingThePartialBody() {
        var viewer = bodyViewer(itemsBody(lineLimit: 50))
        #expect(viewer.shownBody.isComplete == false)
        viewer.moveCursor(by: 40)
        viewer.search("item 9\"")
        #expect(viewer.positionText == "line 41/50+ · match 1/1")
        viewer.moveCursor(by: 1)
        viewer.replaceBody(itemsBody())
        #expect(viewer.cursor == 41)
        #expect(viewer.positionText == "line 42/125 · match 1/1")

        var filtered = bodyViewer(itemsBody(lineLimit: 50))
        filtered.applyFilter("$.total")
        #expect(filtered.filterError == "the body is still being formatted")
        filtered.replaceBody(itemsBody())
        #expect(filtered.filterError == nil)
        #expect(bodyLines(filtered.shownBody) == ["30"])
    }
}
