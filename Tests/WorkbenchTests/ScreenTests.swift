import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The painter draws frames into an off-screen buffer exactly as the terminal will show them.
@Suite struct ScreenTests {
    private func paint(_ frame: Frame, glyphs: Glyphs = .unicode) -> CellBuffer {
        var buffer = CellBuffer(size: frame.size)
        Painter(glyphs: glyphs).paint(frame, over: nil, on: &buffer)
        return buffer
    }

    @Test func drawsABoxWithTitleBadgeAndClippedLines() {
        var frame = Frame(size: Size(columns: 30, rows: 6))
        frame.panes = [PaneFrame(pane: .requests, rect: Rect(row: 0, column: 0, width: 20, height: 5), title: "Title",
                                 isFocused: true, lines: ["short", "a line far too long for the box"], badge: "3")]
        frame.statusLine = "status"
        let screen = paint(frame)
        #expect(screen.text(row: 0).hasPrefix("╭─ Title ────── 3 ─╮ "))
        #expect(screen.text(row: 1).hasPrefix("│short             │"))
        #expect(screen.text(row: 2).hasPrefix("│a line far too lo…│"))
        #expect(screen.text(row: 4).hasPrefix("╰──────────────────╯"))
        #expect(screen.text(row: 5).hasPrefix("status"))
        expectEqual(screen[0, 0].style, .borderFocused)
    }

    @Test func wideCharactersKeepTheRightBorderInPlace() {
        var frame = Frame(size: Size(columns: 12, rows: 4))
        frame.panes = [PaneFrame(pane: .exchange, rect: Rect(row: 0, column: 0, width: 12, height: 3), title: "",
                                 isFocused: false, lines: ["中文字符串很长"])]
        let screen = paint(frame)
        expectEqual(screen[1, 11].text, "│")
        expectEqual(screen.text(row: 1), "│中文字符 …│")
    }

    @Test func aJoinedPaneSharesTheBorderRowWithTeeCorners() {
        var frame = Frame(size: Size(columns: 10, rows: 8))
        frame.panes = [PaneFrame(pane: .exchange, rect: Rect(row: 0, column: 0, width: 10, height: 4), title: "", isFocused: false, lines: []),
                       PaneFrame(pane: .exchange, rect: Rect(row: 3, column: 0, width: 10, height: 4), title: "", isFocused: false, lines: [], joinsAbove: true)]
        let screen = paint(frame)
        expectEqual(screen.text(row: 3), "├────────┤")
        expectEqual(screen.text(row: 6), "╰────────╯")
    }

    @Test func asciiModeDrawsOnlyASCIIInTheSameColumns() {
        var frame = Frame(size: Size(columns: 14, rows: 4))
        frame.panes = [PaneFrame(pane: .requests, rect: Rect(row: 0, column: 0, width: 14, height: 3), title: "T",
                                 isFocused: false, lines: ["中文 ok"])]
        let screen = paint(frame, glyphs: .ascii)
        #expect(screen.text.unicodeScalars.allSatisfy { $0.isASCII })
        expectEqual(screen.text(row: 0), "+- T --------+")
        expectEqual(screen.text(row: 1), "|???? ok     |")
    }

    @Test func unchangedPanesAreNotRepainted() {
        let lines: [StyledLine] = ["one"]
        var first = Frame(size: Size(columns: 20, rows: 5))
        first.panes = [PaneFrame(pane: .requests, rect: Rect(row: 0, column: 0, width: 10, height: 4), title: "", isFocused: false, lines: lines),
                       PaneFrame(pane: .exchange, rect: Rect(row: 0, column: 10, width: 10, height: 4), title: "", isFocused: false, lines: lines)]
        var second = first
        second.panes[1].lines = ["two"]
        var buffer = CellBuffer(size: first.size)
        let painter = Painter(glyphs: .unicode)
        painter.paint(first, over: nil, on: &buffer)
        buffer.write("X", row: 1, column: 1, style: .plain, highlight: .none)
        painter.paint(second, over: first, on: &buffer)
        #expect(buffer[1, 1].text == "X", "the unchanged left pane was drawn again")
        #expect(buffer.text(row: 1).hasSuffix("│two     │"))
    }

    @Test func layoutShowsEveryPaneFrom120x35AndOnePaneBelow() {
        let wide = ScreenLayout(size: Size(columns: 120, rows: 40), focus: .requests, zoomed: false)
        expectEqual(wide.mode, .panes)
        expectEqual(Set(wide.rects.keys), Set(PaneID.allCases))
        let cells = wide.rects.values.reduce(0) { $0 + $1.width * $1.height }
        #expect(cells == 120 * 39, "the panes tile the screen above the status line")
        for (a, first) in wide.rects {
            for (b, second) in wide.rects where a != b {
                let overlaps = first.row < second.bottom && second.row < first.bottom && first.column < second.right && second.column < first.right
                #expect(!overlaps, "\(a) overlaps \(b)")
            }
        }
        let narrow = ScreenLayout(size: Size(columns: 80, rows: 24), focus: .exchange, zoomed: false)
        expectEqual(narrow.mode, .tabs)
        expectEqual(narrow.rects, [.exchange: Rect(row: 1, column: 0, width: 80, height: 22)])
        let zoomed = ScreenLayout(size: Size(columns: 120, rows: 40), focus: .cache, zoomed: true)
        expectEqual(zoomed.rects, [.cache: Rect(row: 0, column: 0, width: 120, height: 39)])
        expectEqual(ScreenLayout(size: Size(columns: 39, rows: 12), focus: .requests, zoomed: false).mode, .tooSmall)
        expectEqual(ScreenLayout(size: Size(columns: 40, rows: 12), focus: .requests, zoomed: false).mode, .tabs)
    }

    @Test func aFocusedSidePaneGrows() {
        let normal = ScreenLayout(size: Size(columns: 120, rows: 40), focus: .requests, zoomed: false)
        let runs = ScreenLayout(size: Size(columns: 120, rows: 40), focus: .runs, zoomed: false)
        #expect(runs.rects[.runs]!.height > normal.rects[.runs]!.height)
        expectEqual(normal.pane(atRow: 1, column: 1), .requests)
    }

    /// #42: with eight panes (nine since the Mock pane), the left column is an accordion — a focused side pane takes it
    /// but for a third for Requests, the others are their title line; with Requests focused, the
    /// side panes with nothing to show are a line each. `layout: grid` keeps fixed shares.
    @Test func theLeftColumnIsAnAccordion() {
        let size = Size(columns: 120, rows: 40)
        let sides: [PaneID] = [.runs, .cache, .cookies, .load, .mock]
        for focus in sides {
            let layout = ScreenLayout(size: size, focus: focus, zoomed: false)
            let column = [.requests] + sides.filter { layout.rects[$0]?.column == 0 }
            #expect(column.map { layout.rects[$0]!.height }.reduce(0, +) == 39, "\(focus): the column is tiled")
            // A focused Load or Mock takes the Exchange's place; the column is then as when Requests is focused.
            for other in sides where focus != .load && focus != .mock && other != focus {
                #expect(layout.rects[other]!.height == ScreenLayout.collapsedHeight, "\(other) collapsed while \(focus) is focused")
            }
            #expect(layout.rects[.requests]!.height >= 11)
        }
        // Runs focused has room for a twelve-step chain's run (its content is the height less two).
        let runs = ScreenLayout(size: size, focus: .runs, zoomed: false)
        #expect(runs.rects[.runs]!.height - 2 >= 20, "\(runs.rects[.runs]!)")
        #expect(ScreenLayout(size: size, focus: .runs, zoomed: false, style: .grid).rects[.runs]!.height - 2 < 12, "the grid had no such room")
        // Requests focused: empty side panes are a line, the others share what is left.
        let quiet = ScreenLayout(size: size, focus: .requests, zoomed: false, empty: [.runs, .cookies, .load])
        #expect(quiet.rects[.runs]!.height == 1 && quiet.rects[.cookies]!.height == 1 && quiet.rects[.load]!.height == 1)
        #expect(quiet.rects[.cache]!.height >= 4)
        #expect(quiet.rects[.requests]!.height > ScreenLayout(size: size, focus: .requests, zoomed: false).rects[.requests]!.height)
        #expect(quiet.pane(atRow: quiet.rects[.load]!.row, column: 3) == .load, "a title line is clicked to focus it")
        // Requests (or the Exchange, In flight, Events) focused: In flight and Events span the
        // width, so that both have room for 24-character names at 120×40.
        let strip = ScreenLayout(size: size, focus: .requests, zoomed: false)
        #expect(strip.rects[.inFlight]!.column == 0 && strip.rects[.inFlight]!.width >= 24 + 40, "\(strip.rects[.inFlight]!)")
        #expect(strip.rects[.events]!.width - 2 >= 40, "\(strip.rects[.events]!)")
        #expect(strip.rects[.requests]!.row + strip.rects[.requests]!.height <= strip.rects[.inFlight]!.row, "the column ends above the strip")
        let grid = ScreenLayout(size: size, focus: .requests, zoomed: false, style: .grid)
        #expect(grid.rects[.inFlight]!.column > 0, "the grid keeps the strip under the Exchange")
    }
}
