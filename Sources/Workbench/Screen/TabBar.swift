/// The one-pane layout's tab bar: every pane by number, the focused one highlighted (the
/// labels' own spaces part them; one space each when they would not fit otherwise, as eight
/// in 80 columns), and where each tab is, for clicks.
struct TabBar {
    let line: StyledLine
    /// The columns of each pane's tab.
    let hits: [(pane: PaneID, columns: Range<Int>)]

    init(focus: PaneID, width: Int) {
        var line = StyledLine()
        var column = 0
        var hits: [(pane: PaneID, columns: Range<Int>)] = []
        let roomy = PaneID.allCases.reduce(0) { $0 + DisplayWidth.of(" \($1.rawValue) \($1.title) ") } <= width
        for pane in PaneID.allCases {
            let label = " \(pane.rawValue) \(pane.title)" + (roomy ? " " : "")
            line.append(label, pane == focus ? .tabActive : .tabInactive)
            let width = DisplayWidth.of(label)
            hits.append((pane, column..<column + width))
            column += width
        }
        self.line = line
        self.hits = hits
    }
}
