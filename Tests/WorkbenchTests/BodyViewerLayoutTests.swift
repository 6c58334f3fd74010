import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// A large body shows its first lines while the rest is laid out, then the whole replaces them
/// (`AppModel.layOut`): these are the viewer's side of that hand-over.
@Suite("Body viewer: a body laid out in two steps")
struct BodyViewerLayoutTests {
    @Test("G before the layout is done reaches the true end when the whole body arrives")
    func bottomBeforeLayout() {
        let whole = itemsBody(300)
        var viewer = bodyViewer(itemsBody(300, lineLimit: 40))
        viewer.moveToBottom()
        expectEqual(viewer.cursor, viewer.shownBody.lineCount - 1)
        expectEqual(viewer.positionText, "line 40/40+ · to the end when laid out")

        viewer.replaceBody(whole)
        expectEqual(viewer.cursor, whole.lineCount - 1)
        expectEqual(viewer.top, whole.lineCount - 10)
        expectEqual(viewer.positionText, "line 1,205/1,205")
        expectEqual(viewer.visibleLines(height: 10, width: 60, focused: true).last?.text.contains("}"), true)
    }

    @Test("A partial body replaced by a longer partial one keeps the cursor going to the end")
    func bottomThroughTwoPartials() {
        var viewer = bodyViewer(itemsBody(300, lineLimit: 40))
        viewer.moveToBottom()
        viewer.replaceBody(itemsBody(300, lineLimit: 400))
        expectEqual(viewer.cursor, viewer.shownBody.lineCount - 1)
        #expect(viewer.followsEnd)
        viewer.replaceBody(itemsBody(300))
        expectEqual(viewer.cursor, 1_204)
        #expect(!viewer.followsEnd)
    }

    @Test("Moving elsewhere after G cancels the jump: the view stays where the user put it")
    func movingCancelsTheJump() {
        let moves: [(String, (inout BodyViewer) -> Void)] = [
            ("k", { $0.moveCursor(by: -1) }),
            ("g", { $0.moveToTop() }),
            ("page up", { $0.pageUp(height: 10) }),
            ("search", { $0.search("item 2\"") }),
        ]
        for (name, move) in moves {
            var viewer = bodyViewer(itemsBody(300, lineLimit: 40))
            viewer.moveToBottom()
            move(&viewer)
            let cursor = viewer.cursor
            viewer.replaceBody(itemsBody(300))
            #expect(viewer.cursor == cursor, "after \(name)")
            #expect(!viewer.followsEnd, "after \(name)")
        }
    }

    @Test("Without G the cursor stays where it was when the whole body arrives")
    func stayingPut() {
        var viewer = bodyViewer(itemsBody(300, lineLimit: 40))
        viewer.moveCursor(by: 39)
        viewer.replaceBody(itemsBody(300))
        expectEqual(viewer.cursor, 39)
    }

    @Test("G in a complete body goes to its end and waits for nothing")
    func bottomOfCompleteBody() {
        var viewer = bodyViewer()
        viewer.moveToBottom()
        #expect(!viewer.followsEnd)
        expectEqual(viewer.positionText, "line 125/125")
    }
}
