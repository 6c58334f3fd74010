import CourierWorkspace
import Foundation

extension AppModel {
    /// The rows of a list pane below `lines`: `empty` wrapped when there are no rows, else the
    /// rows of the window that keeps `selection` on screen, the selected one highlighted.
    /// Remembers where the list starts, for the mouse; returns the new scroll position.
    func appendList(to lines: inout [StyledLine], pane: PaneID, in content: Rect, count: Int, selection: Int, scroll: Int,
                    empty: @autoclosure () -> String, row: (Int) -> StyledLine) -> Int {
        guard count > 0 else {
            lines += Wrapping.lines(empty(), width: max(4, content.width - 2)).map { StyledLine(" " + $0, .dim) }
            return 0
        }
        let height = max(0, content.height - lines.count)
        let top = Self.window(selection: selection, scroll: scroll, height: height, count: count)
        listOrigins[pane] = (content.row + lines.count, top)
        let highlight: RowHighlight = focus == pane ? .selected : .selectedUnfocused
        for index in top..<min(count, top + height) {
            lines.append(row(index).highlighted(index == selection ? highlight : .none))
        }
        return top
    }

    /// The first row to show so that `selection` is on screen, moving as little as possible.
    static func window(selection: Int, scroll: Int, height: Int, count: Int) -> Int {
        guard height > 0 else { return 0 }
        var top = scroll
        if selection < top { top = selection }
        if selection >= top + height { top = selection - height + 1 }
        return max(0, min(top, max(0, count - height)))
    }
}
