import CourierWorkspace

/// Where a ``Painter`` draws: the curses screen, or a ``CellBuffer`` in tests and benchmarks.
/// The painter clips everything it writes to the canvas and to the cells it means to fill.
package protocol Canvas {
    var size: Size { get }
    /// Writes sanitized, measured text at a position; it fits in the row.
    mutating func write(_ text: String, row: Int, column: Int, style: Style, highlight: RowHighlight)
    /// Blanks `width` cells of a row with a background.
    mutating func clear(row: Int, column: Int, width: Int, highlight: RowHighlight)
}

/// An off-screen grid of cells: what a frame looks like without a terminal.
package struct CellBuffer: Canvas {
    /// One cell: a character (empty for the right half of a wide one) and how it is drawn.
    package struct Cell: Sendable, Hashable {
        package var text: String
        package var style: Style
        package var highlight: RowHighlight

        static let blank = Cell(text: " ", style: .plain, highlight: .none)
    }

    package let size: Size
    package private(set) var cells: [Cell]

    package init(size: Size) {
        self.size = size
        cells = Array(repeating: .blank, count: max(0, size.columns * size.rows))
    }

    package subscript(row: Int, column: Int) -> Cell {
        cells[row * size.columns + column]
    }

    package mutating func write(_ text: String, row: Int, column: Int, style: Style, highlight: RowHighlight) {
        guard row >= 0, row < size.rows else { return }
        var column = column
        for scalar in text.unicodeScalars {
            let width = DisplayWidth.of(scalar)
            if width == 0 {
                if column > 0, column - 1 < size.columns { cells[row * size.columns + column - 1].text.unicodeScalars.append(scalar) }
                continue
            }
            guard column >= 0, column + width <= size.columns else { return }
            cells[row * size.columns + column] = Cell(text: String(scalar), style: style, highlight: highlight)
            if width == 2 { cells[row * size.columns + column + 1] = Cell(text: "", style: style, highlight: highlight) }
            column += width
        }
    }

    package mutating func clear(row: Int, column: Int, width: Int, highlight: RowHighlight) {
        guard row >= 0, row < size.rows else { return }
        for column in max(0, column)..<min(size.columns, column + width) {
            cells[row * size.columns + column] = Cell(text: " ", style: .plain, highlight: highlight)
        }
    }

    /// A row as text (the right halves of wide characters add nothing).
    package func text(row: Int) -> String {
        (0..<size.columns).map { self[row, $0].text }.joined()
    }

    /// Every row, joined with newlines, trailing spaces kept.
    package var text: String {
        (0..<size.rows).map { text(row: $0) }.joined(separator: "\n")
    }
}
