import CNCurses
import Foundation
import Glibc
import CourierWorkspace
import Workbench

/// The terminal in curses mode: raw keys, no echo, the alternate screen, mouse clicks and
/// the wheel, bracketed paste, colours as the terminal allows. `stop()` (also on every exit
/// path of the loop) gives the shell its terminal back as it was.
final class Terminal {
    let glyphs: Glyphs
    private let theme: Theme
    private(set) var colors = ColorScheme(depth: .monochrome)
    private var screen: OpaquePointer?
    private var input: UnsafeMutablePointer<FILE>?
    private var output: UnsafeMutablePointer<FILE>?
    private(set) var isActive = false

    /// Chooses Unicode or ASCII drawing: Unicode unless `ascii` or the locale names a
    /// character set other than UTF-8 (an unset locale is taken as UTF-8, as Python does).
    init(ascii: Bool, theme: Theme) {
        glyphs = ascii || !Self.prepareUTF8Locale() ? .ascii : .unicode
        self.theme = theme
    }

    /// Sets the locale from the environment; falls back to C.UTF-8 when none is set.
    /// Returns whether text is UTF-8.
    private static func prepareUTF8Locale() -> Bool {
        setlocale(LC_ALL, "")
        let current = String(cString: nl_langinfo(nl_item(CODESET)))
        if current == "UTF-8" { return true }
        let environment = ProcessInfo.processInfo.environment
        let named = ["LC_ALL", "LC_CTYPE", "LANG"].compactMap { environment[$0] }.first { !$0.isEmpty }
        guard named == nil || named == "C" || named == "POSIX" else { return false }
        return setlocale(LC_CTYPE, "C.UTF-8") != nil
    }

    /// Enters curses mode.
    func start() throws(TerminalError) {
        guard courier_terminal_can_address_cursor(STDOUT_FILENO) != 0 else {
            let type = ProcessInfo.processInfo.environment["TERM"] ?? "(unset)"
            throw TerminalError("this terminal (TERM=\(type)) cannot move the cursor, so the workbench cannot draw on it; "
                                + "run it in a full terminal (TERM=xterm-256color), or use `courier run` for plain output")
        }
        input = fdopen(dup(STDIN_FILENO), "r")
        output = fdopen(dup(STDOUT_FILENO), "w")
        guard let screen = newterm(nil, output, input) else {
            let type = ProcessInfo.processInfo.environment["TERM"] ?? "(unset)"
            throw TerminalError("cannot drive this terminal (TERM=\(type)); try TERM=xterm-256color")
        }
        self.screen = screen
        set_term(screen)
        isActive = true
        colors = ColorScheme(depth: ColorScheme.detect(noColor: ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false),
                             theme: theme)
        colors.paintScreen()
        configureModes()
    }

    private func configureModes() {
        raw()
        noecho()
        nonl()
        keypad(courier_stdscr(), true)
        nodelay(courier_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        mousemask(mmask_t(courier_mouse_button1_pressed() | courier_mouse_button1_clicked() | courier_mouse_wheel_up() | courier_mouse_wheel_down()), nil)
        mouseinterval(0)
        define_key("\u{1b}[200~", KeyReader.pasteStart)
        define_key("\u{1b}[201~", KeyReader.pasteEnd)
        emit("\u{1b}[?2004h")
    }

    /// Leaves curses mode and restores the terminal (idempotent).
    func stop() {
        guard isActive else { return }
        emit("\u{1b}[?2004l")
        mousemask(0, nil)
        endwin()
        isActive = false
    }

    /// Back into curses mode after `stop()` (the editor, a suspend).
    func resume() {
        guard !isActive else { return }
        isActive = true
        refresh()
        configureModes()
        clearok(courier_curscr(), true)
    }

    /// Closes the screen for good.
    func close() {
        stop()
        if let screen { delscreen(screen) }
        screen = nil
        if let input { fclose(input) }
        if let output { fclose(output) }
        input = nil
        output = nil
    }

    /// The size after a resize, from the kernel; curses is told of it.
    func resize() -> Size {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if courier_terminal_size(STDOUT_FILENO, &rows, &columns) != 0 {
            resize_term(rows, columns)
        }
        // What the terminal shows after a resize is not what curses remembers: repaint all.
        clearok(courier_curscr(), true)
        return size
    }

    var size: Size { Size(columns: Int(courier_cols()), rows: Int(courier_lines())) }

    /// Writes an escape sequence straight to the terminal (paste mode, the clipboard).
    func emit(_ sequence: String) {
        if let output {
            fputs(sequence, output)
            fflush(output)
        }
    }

    /// Puts text on the clipboard with OSC 52 (terminals and tmux with set-clipboard on).
    func copyToClipboard(_ text: String) {
        emit("\u{1b}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}")
    }

    /// Shows the cursor at a position, or hides it.
    func placeCursor(_ cursor: Frame.Cursor?) {
        if let cursor {
            curs_set(1)
            wmove(courier_stdscr(), Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
    }
}
