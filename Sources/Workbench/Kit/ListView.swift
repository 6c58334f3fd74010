import CourierWorkspace

/// How every list pane draws its rows: the window that keeps the selection in view, the
/// selected row highlighted (dimmer when the pane is not focused), a sentence when there is
/// nothing to list, and a `12/340` position when the list is longer than its window.
enum ListView {
    /// The rows of the window of `height` under `cursor`, or `empty` wrapped to `width`.
    static func lines(_ cursor: ListCursor, height: Int, width: Int, focused: Bool, empty: @autoclosure () -> String,
                      row: (Int) -> StyledLine) -> [StyledLine] {
        guard cursor.count > 0 else {
            return Wrapping.lines(empty(), width: max(4, width - 2)).map { StyledLine(" " + $0, .dim) }
        }
        let highlight: RowHighlight = focused ? .selected : .selectedUnfocused
        return cursor.window(height: height).map { index in
            row(index).highlighted(index == cursor.selection ? highlight : .none)
        }
    }

    /// `12/340` for the bottom border when the rows do not all fit.
    static func position(_ cursor: ListCursor, height: Int) -> StyledLine? {
        cursor.count > height ? StyledLine("\(cursor.selection + 1)/\(cursor.count)", .dim) : nil
    }
}
