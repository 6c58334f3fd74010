import CourierWorkspace

/// A pane's title: its number and name, brighter when focused, then `extra` dim.
enum PaneTitle {
    static func line(_ pane: PaneID, _ extra: String = "", focused: Bool) -> StyledLine {
        StyledLine.build { line in
            line.append("\(pane.rawValue)", focused ? .accent : .dim)
            line.append(" \(pane.title)", focused ? .titleFocused : .title)
            if !extra.isEmpty { line.append(" \(extra)", .dim) }
        }
    }
}
