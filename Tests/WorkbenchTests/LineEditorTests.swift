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
        #expect(editor.text == ">abc!")
        #expect(editor.cursor == 5)
        #expect(typed([.control("a"), .character("x"), .control("e"), .character("y")], into: "mid").text == "xmidy")
        #expect(typed([.control("b"), .control("b"), .control("f"), .character("_")], into: "abc").text == "ab_c")
    }

    @Test func deletesBackwardAndForward() {
        #expect(typed([.backspace], into: "abc").text == "ab")
        #expect(typed([.home, .delete], into: "abc").text == "bc")
        #expect(typed([.home, .control("d")], into: "abc").text == "bc")
        #expect(typed([.backspace, .backspace, .backspace, .backspace], into: "ab").text == "")
    }

    @Test func killsAndYanks() {
        #expect(typed([.control("u")], into: "http://x/y").text == "")
        #expect(typed([.home, .right, .control("k")], into: "abc").text == "a")
        #expect(typed([.control("w")], into: "GET /path  ").text == "GET ")
        #expect(typed([.control("w"), .home, .control("y")], into: "one two").text == "twoone ")
    }

    @Test func pasteFlattensLineBreaks() {
        #expect(typed([.paste("a\nb\tc")], into: "").text == "a b c")
    }

    @Test func enterCommitsEscCancelsAndOtherKeysArePassedOn() {
        var editor = LineEditor("x")
        #expect(editor.handle(.enter) == .committed)
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.tab) == .passed(.tab))
        #expect(editor.handle(.character("q")) == .editing)
        #expect(editor.text == "xq")
    }

    @Test func viewScrollsToKeepTheCursorVisible() {
        var editor = LineEditor(String(repeating: "a", count: 50) + "中")
        let view = editor.view(width: 20)
        #expect(view.line.width == 20)
        #expect(view.cursorColumn == 19)
        #expect(view.line.text.contains("中"))
    }
}
