import CNCurses
import CourierWorkspace
import Workbench

/// The curses screen as a ``Canvas``: the painter's text goes to `stdscr` with the colours
/// of the ``ColorScheme``; `doupdate` then sends only the cells that changed.
struct CursesCanvas: Canvas {
    let size: Size
    let colors: ColorScheme
    private var buffer: [wchar_t] = []

    init(size: Size, colors: ColorScheme) {
        self.size = size
        self.colors = colors
    }

    mutating func write(_ text: String, row: Int, column: Int, style: Style, highlight: RowHighlight) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns, !text.isEmpty else { return }
        buffer.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars { buffer.append(wchar_t(bitPattern: scalar.value)) }
        let look = colors.look(style, highlight)
        courier_set_attributes(courier_stdscr(), look.attributes, Int32(look.pair))
        _ = courier_put(courier_stdscr(), Int32(row), Int32(column), buffer, Int32(buffer.count))
    }

    mutating func clear(row: Int, column: Int, width: Int, highlight: RowHighlight) {
        let start = max(0, column)
        let end = min(size.columns, column + width)
        guard row >= 0, row < size.rows, end > start else { return }
        write(String(repeating: " ", count: end - start), row: row, column: start, style: .plain, highlight: highlight)
    }
}
