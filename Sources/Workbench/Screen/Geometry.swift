import CourierWorkspace

/// A terminal's size in character cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(columns)×\(rows)" }
}

/// A rectangle of cells: top-left corner, width and height.
public struct Rect: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var bottom: Int { row + height }
    public var right: Int { column + width }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The rectangle inside a one-cell border.
    public var inner: Rect { Rect(row: row + 1, column: column + 1, width: width - 2, height: height - 2) }

    public func contains(row: Int, column: Int) -> Bool {
        row >= self.row && row < bottom && column >= self.column && column < right
    }

    /// The top `rows` rows, and the rest below them.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let rows = min(max(0, rows), height)
        return (Rect(row: row, column: column, width: width, height: rows),
                Rect(row: row + rows, column: column, width: width, height: height - rows))
    }

    /// The left `columns` columns, and the rest to their right.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let columns = min(max(0, columns), width)
        return (Rect(row: row, column: column, width: columns, height: height),
                Rect(row: row, column: column + columns, width: width - columns, height: height))
    }

    /// Rows shared out in proportion to `weights` (every part gets at least `minimum`).
    public func splitRows(weights: [Int], minimum: Int = 3) -> [Rect] {
        Self.shares(of: height, weights: weights, minimum: minimum).reduce(into: (rects: [Rect](), next: row)) { state, size in
            state.rects.append(Rect(row: state.next, column: column, width: width, height: size))
            state.next += size
        }.rects
    }

    /// Columns shared out in proportion to `weights`.
    public func splitColumns(weights: [Int], minimum: Int = 10) -> [Rect] {
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
