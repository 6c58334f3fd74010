import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The field editor behaves like readline.
@Suite struct LineEditorTests {
    private func typed(_ keys: [Key], into text: String = "") -> LineEditor {
        var editor = LineEditor(text)
        for key in keys { _ = editor.handle(key) }
        return editor
    }

    @Test func insertsAtTheCursorAndMovesWithArrowsAndHomeEnd() {
        let editor = typed([.character("a"), .character("c"), .left, .character("b"), .home, .character(">"), .end, .character("!")])
        expectEqual(editor.text, ">abc!")
        expectEqual(editor.cursor, 5)
        expectEqual(typed([.control("a"), .character("x"), .control("e"), .character("y")], into: "mid").text, "xmidy")
        expectEqual(typed([.control("b"), .control("b"), .control("f"), .character("_")], into: "abc").text, "ab_c")
    }

    @Test func deletesBackwardAndForward() {
        expectEqual(typed([.backspace], into: "abc").text, "ab")
        expectEqual(typed([.home, .delete], into: "abc").text, "bc")
        expectEqual(typed([.home, .control("d")], into: "abc").text, "bc")
        expectEqual(typed([.backspace, .backspace, .backspace, .backspace], into: "ab").text, "")
    }

    @Test func killsAndYanks() {
        expectEqual(typed([.control("u")], into: "http://x/y").text, "")
        expectEqual(typed([.home, .right, .control("k")], into: "abc").text, "a")
        expectEqual(typed([.control("w")], into: "GET /path  ").text, "GET ")
        expectEqual(typed([.control("w"), .home, .control("y")], into: "one two").text, "twoone ")
    }

    @Test func pasteFlattensLineBreaks() {
        expectEqual(typed([.paste("a\nb\tc")], into: "").text, "a b c")
    }

    @Test func enterCommitsEscCancelsAndOtherKeysArePassedOn() {
        var editor = LineEditor("x")
        expectEqual(editor.handle(.enter), .committed)
        expectEqual(editor.handle(.escape), .cancelled)
        expectEqual(editor.handle(.tab), .passed(.tab))
        expectEqual(editor.handle(.character("q")), .editing)
        expectEqual(editor.text, "xq")
    }

    @Test func viewScrollsToKeepTheCursorVisible() {
        var editor = LineEditor(String(repeating: "a", count: 50) + "中")
        let view = editor.view(width: 20)
        expectEqual(view.line.width, 20)
        expectEqual(view.cursorColumn, 19)
        #expect(view.line.text.contains("中"))
    }
}
