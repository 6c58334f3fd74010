import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

@Suite("Body viewer: drawing rows")
struct BodyViewerRenderingTests {
    @Test("Rows have a dim gutter of line numbers and fold markers; the cursor row is highlighted")
    func gutter() {
        let viewer = bodyViewer()
        let rows = viewer.visibleLines(height: 4, width: 60, focused: true)
        #expect(rows.map(\.text) == [
            "  1 " + "▾ " + "{",
            "  2 " + "▾ " + "  " + #""items": ["#,
            "  3 " + "▾ " + "    " + "{",
            "  4 " + "  " + "      " + #""id": 0,"#,
        ])
        #expect(rows[0].spans == [Span("  1 ", .dim), Span("▾ ", .dim), Span("{", .syntaxPunctuation)])
        expectEqual(rows.map(\.highlight), [.selected, .none, .none, .none])
        expectEqual(viewer.visibleLines(height: 1, width: 60, focused: false).map(\.highlight), [.selectedUnfocused])
        expectEqual(viewer.visibleLines(height: 500, width: 60, focused: true).count, 125)
    }

    @Test("A closed fold shows ▸ and how many lines it hides; the next row is the line after it")
    func foldedRow() {
        var viewer = bodyViewer()
        viewer.moveCursor(by: 2)
        viewer.toggleFold()
        let rows = viewer.visibleLines(height: 10, width: 60, focused: true)
        #expect(rows[2].text == "  3 " + "▸ " + "    " + "{" + " … 3 lines")
        expectEqual(rows[2].spans.last, Span(" … 3 lines", .dim))
        expectEqual(rows[2].highlight, .selected)
        #expect(rows[3].text.hasPrefix("  7 ▾ "))
    }

    @Test("Matches are marked, the current one apart")
    func matchStyles() {
        var viewer = bodyViewer()
        viewer.search("item 1")
        expectEqual(viewer.cursor, 8)
        let rows = viewer.visibleLines(height: 10, width: 60, focused: true)
        #expect(rows[8].spans == [
            Span("  9 ", .dim), Span("  ", .dim), Span("      "), Span(#""name""#, .syntaxKey), Span(": ", .syntaxPunctuation),
            Span("\"", .syntaxString), Span("item 1", .currentMatch), Span("\"", .syntaxString),
        ])
        viewer.moveToTop()
        viewer.search("\"id\"")
        viewer.nextMatch()
        let later = viewer.visibleLines(height: 10, width: 60, focused: true)
        #expect(later[3].spans.contains(Span(#""id""#, .match)))
        #expect(later[7].spans.contains(Span(#""id""#, .currentMatch)))
    }

    @Test("Rows are cut to the width with an ellipsis")
    func truncation() {
        let rows = bodyViewer().visibleLines(height: 10, width: 12, focused: true)
        expectEqual(rows[4].text, "  5 " + "  " + "     …")
        #expect(rows.allSatisfy { $0.width <= 12 })
        #expect(bodyViewer().visibleLines(height: 3, width: 0, focused: true).allSatisfy { $0.width == 0 })
    }

    @Test("Scrolling sideways moves the content, not the gutter; a wide character cut at the left edge leaves a space")
    func horizontalOffset() {
        var viewer = bodyViewer(formatBody("日本語のテキスト\nabc日本\n表", "text/plain"), height: 3, width: 20)
        viewer.scrollHorizontally(by: 1)
        expectEqual(viewer.visibleLines(height: 3, width: 20, focused: true).map(\.text), ["1    本語のテキスト", "2   bc日本", "3    "])
        viewer.scrollHorizontally(by: 3)
        expectEqual(viewer.visibleLines(height: 3, width: 20, focused: true).map(\.text), ["1   語のテキスト", "2    本", "3   "])
        viewer.scrollHorizontally(by: -10)
        expectEqual(viewer.horizontalOffset, 0)
    }

    @Test("No row is ever wider than the width, with CJK text, tabs, matches and any offset")
    func widthsWithWideCharacters() {
        let body = formatBody(#"{"名前":"東京タワー","a\tb":["日本語のテキストがとても長い行です",12345678901234567890]}"#)
        for offset in 0...12 {
            for width in 0...24 {
                var viewer = bodyViewer(body, height: 8, width: width)
                viewer.search("京")
                viewer.scrollHorizontally(by: offset)
                let rows = viewer.visibleLines(height: 8, width: width, focused: true)
                #expect(rows.allSatisfy { $0.width <= width }, "offset \(offset), width \(width)")
            }
        }
    }

    @Test("A match far to the right scrolls it into view")
    func scrollToMatch() {
        let body = formatBody(String(repeating: "x", count: 200) + "needle" + String(repeating: "y", count: 50), "text/plain")
        var viewer = bodyViewer(body, height: 5, width: 40)
        viewer.search("needle")
        #expect(viewer.horizontalOffset > 150)
        let row = viewer.visibleLines(height: 5, width: 40, focused: true)[0]
        #expect(row.spans.contains(Span("needle", .currentMatch)))
        expectEqual(row.width, 40)
        viewer.moveToTop()
        viewer.search("x")
        expectEqual(viewer.horizontalOffset, 0)
    }

    @Test("A megabyte-long line is drawn from the part up to the right edge")
    func longLine() {
        var viewer = bodyViewer(formatBody(String(repeating: "0123456789", count: 100_000), "text/plain"), height: 1, width: 30)
        expectEqual(viewer.visibleLines(height: 1, width: 30, focused: true).map(\.text), ["1   " + "0123456789012345678901234…"])
        viewer.scrollHorizontally(by: 1005)
        expectEqual(viewer.visibleLines(height: 1, width: 30, focused: true).map(\.text), ["1   " + "5678901234567890123456789…"])
    }
}
