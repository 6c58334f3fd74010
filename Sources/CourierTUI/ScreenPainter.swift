import CNCurses
import Workbench

/// Puts frames on the curses screen: the painter draws what changed since the last frame
/// (everything after ``forget()``: a resize, the editor, a suspend), the cursor is placed and
/// curses sends the changed cells. The workbench's input loop and the start screen share it.
struct ScreenPainter {
    private let terminal: Terminal
    private let painter: Painter
    private var previous: Frame?

    init(terminal: Terminal) {
        self.terminal = terminal
        painter = Painter(glyphs: terminal.glyphs)
    }

    /// The next frame is drawn whole.
    mutating func forget() { previous = nil }

    /// Draws `frame`; `trace` hears when it is painted and when it reached the terminal.
    mutating func draw(_ frame: Frame, trace: FrameTrace? = nil) {
        if previous == nil { werase(courier_stdscr()) }
        var canvas = CursesCanvas(size: frame.size, colors: terminal.colors)
        painter.paint(frame, over: previous, on: &canvas)
        terminal.placeCursor(frame.cursor)
        wnoutrefresh(courier_stdscr())
        trace?.record("painted")
        doupdate()
        trace?.record("frame")
        previous = frame
    }
}
