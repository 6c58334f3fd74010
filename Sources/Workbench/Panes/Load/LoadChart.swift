import CourierWorkspace
import Foundation

/// A run's seconds as a chart of text cells: braille dots (two columns and four rows of dots a
/// cell) in UTF-8, `#` and `.` in ASCII. The x axis spans `span` seconds — the plan's length,
/// so that a run fills its chart as it goes — and a second takes as many dot columns as fit
/// (or a dot column the mean or the most of several seconds). Pure: values in, lines out.
enum LoadChart {
    /// How a series is drawn: a filled area (counts) or a line (latencies, two may share a chart).
    enum Shape {
        case area
        case line
    }

    /// `series` (each a value a second, the same scale) in `width` × `height` cells, scaled to
    /// `peak`: the rows top first.
    static func lines(_ series: [[Double]], span: Int, width: Int, height: Int, peak: Double, shape: Shape, unicode: Bool) -> [String] {
        guard width > 0, height > 0 else { return [] }
        guard unicode else { return ascii(series.first ?? [], span: span, width: width, height: height, peak: peak, shape: shape) }
        let columns = width * 2, rows = height * 4
        var dots = [[Bool]](repeating: [Bool](repeating: false, count: columns), count: rows)
        for values in series {
            var previous: Int?
            for column in 0..<columns {
                guard let value = sample(values, column: column, of: columns, span: span, shape: shape) else {
                    previous = nil
                    continue
                }
                let level = peak > 0 ? min(rows - 1, Int((value / peak * Double(rows - 1)).rounded())) : 0
                switch shape {
                case .area:
                    if value > 0 { for row in 0...level { dots[rows - 1 - row][column] = true } }
                case .line:
                    // Joined to the column before, so that a jump is a stroke, not two dots.
                    let from = previous.map { min($0, level) } ?? level, to = previous.map { max($0, level) } ?? level
                    for row in from...to { dots[rows - 1 - row][column] = true }
                    previous = level
                }
            }
        }
        return (0..<height).map { cellRow in
            String((0..<width).map { cell in
                var bits = 0
                let marks: [(Int, Int, Int)] = [(0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (0, 3, 0x40),
                                                (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20), (1, 3, 0x80)]
                for (dx, dy, bit) in marks where dots[cellRow * 4 + dy][cell * 2 + dx] { bits |= bit }
                return Character(UnicodeScalar(0x2800 + bits)!)
            })
        }
    }

    /// The value drawn at dot `column` of `columns`: the seconds it covers, their mean (area)
    /// or most (line); nil where the run has not reached yet.
    static func sample(_ values: [Double], column: Int, of columns: Int, span: Int, shape: Shape) -> Double? {
        let span = max(1, span, values.count)
        let first = column * span / columns
        let last = max(first, (column + 1) * span / columns - 1)
        guard first < values.count else { return nil }
        let covered = values[first...min(last, values.count - 1)]
        switch shape {
        case .area: return covered.reduce(0, +) / Double(covered.count)
        case .line: return covered.max()
        }
    }

    /// A cell a column, `#` full and `.` the top of a part (area), `*` where a line passes.
    private static func ascii(_ values: [Double], span: Int, width: Int, height: Int, peak: Double, shape: Shape) -> [String] {
        (0..<height).map { row in
            let fromBottom = height - 1 - row
            return String((0..<width).map { column -> Character in
                guard let value = sample(values, column: column, of: width, span: span, shape: shape), peak > 0 else { return " " }
                let level = value / peak * Double(height)
                switch shape {
                case .area: return level >= Double(fromBottom + 1) ? "#" : level > Double(fromBottom) && value > 0 ? "." : " "
                case .line: return min(height - 1, Int(level)) == fromBottom ? "*" : " "
                }
            })
        }
    }

    /// The time axis under a chart: `0 s` at the left, the span at the right, a mark's glyph at
    /// its second. A label a mark falls on is left out whole (`19▲s` read as neither).
    static func axis(span: Int, width: Int, marks: [Double], glyph: String) -> String {
        var cells = [String](repeating: " ", count: max(0, width))
        let end = "\(span) s"
        let startLabel = 0..<min(3, cells.count)
        let endLabel = max(4, width - end.count)..<max(4, width)
        let columns = marks.filter { $0 >= 0 }.map { min(width - 1, Int($0 / Double(max(1, span)) * Double(width))) }
        if !columns.contains(where: startLabel.contains) {
            for (index, character) in "0 s".enumerated() where index < cells.count { cells[index] = String(character) }
        }
        if !columns.contains(where: endLabel.contains) {
            for (offset, character) in end.suffix(endLabel.count).enumerated() { cells[endLabel.lowerBound + offset] = String(character) }
        }
        for at in columns where at >= 0 && at < cells.count { cells[at] = glyph }
        return cells.joined()
    }
}
