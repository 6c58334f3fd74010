import CourierWorkspace

/// A terminal's size in character cells.
package struct Size: Sendable, Hashable, CustomStringConvertible {
    package var columns: Int
    package var rows: Int

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    package var description: String { "\(columns)×\(rows)" }
}

/// A rectangle of cells: top-left corner, width and height.
package struct Rect: Sendable, Hashable {
    package var row: Int
    package var column: Int
    package var width: Int
    package var height: Int

    package init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package var bottom: Int { row + height }
    package var right: Int { column + width }
    package var isEmpty: Bool { width == 0 || height == 0 }

    /// The rectangle inside a one-cell border.
    package var inner: Rect { Rect(row: row + 1, column: column + 1, width: width - 2, height: height - 2) }

    package func contains(row: Int, column: Int) -> Bool {
        row >= self.row && row < bottom && column >= self.column && column < right
    }

    /// The top `rows` rows, and the rest below them.
    package func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let rows = min(max(0, rows), height)
        return (Rect(row: row, column: column, width: width, height: rows),
                Rect(row: row + rows, column: column, width: width, height: height - rows))
    }

    /// The left `columns` columns, and the rest to their right.
    package func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let columns = min(max(0, columns), width)
        return (Rect(row: row, column: column, width: columns, height: height),
                Rect(row: row, column: column + columns, width: width - columns, height: height))
    }

    /// Rows shared out in proportion to `weights` (every part gets at least `minimum`).
    package func splitRows(weights: [Int], minimum: Int = 3) -> [Rect] {
        Self.shares(of: height, weights: weights, minimum: minimum).reduce(into: (rects: [Rect](), next: row)) { state, size in
            state.rects.append(Rect(row: state.next, column: column, width: width, height: size))
            state.next += size
        }.rects
    }

    /// Columns shared out in proportion to `weights`.
    package func splitColumns(weights: [Int], minimum: Int = 10) -> [Rect] {
        Self.shares(of: width, weights: weights, minimum: minimum).reduce(into: (rects: [Rect](), next: column)) { state, size in
            state.rects.append(Rect(row: row, column: state.next, width: size, height: height))
            state.next += size
        }.rects
    }

    /// `total` cut in proportion to `weights`; the rounding remainder goes to the last part.
    static func shares(of total: Int, weights: [Int], minimum: Int) -> [Int] {
        let sum = max(1, weights.reduce(0, +))
        let floor = min(minimum, total / max(1, weights.count))
        var sizes = weights.map { max(floor, total * $0 / sum) }
        while sizes.reduce(0, +) > total, let index = sizes.indices.max(by: { sizes[$0] < sizes[$1] }) { sizes[index] -= 1 }
        if let last = sizes.indices.last { sizes[last] += total - sizes.reduce(0, +) }
        return sizes
    }
}
