/// The one-pane layout's tab bar: every pane by number, the focused one highlighted (the
/// labels' own spaces part them; one space each when they would not fit otherwise, as nine
/// in 80 columns, and the longest titles of the other panes cut with `…` when even that is
/// too wide), and where each tab is, for clicks.
struct TabBar {
    let line: StyledLine
    /// The columns of each pane's tab.
    let hits: [(pane: PaneID, columns: Range<Int>)]

    init(focus: PaneID, width: Int) {
        var line = StyledLine()
        var column = 0
        var hits: [(pane: PaneID, columns: Range<Int>)] = []
        let panes = PaneID.allCases
        let roomy = panes.reduce(0) { $0 + DisplayWidth.of(" \($1.rawValue) \($1.title) ") } <= width
        let titles = Self.titles(panes, focus: focus, room: width - panes.reduce(0) { $0 + DisplayWidth.of(" \($1.rawValue) ") })
        for (pane, title) in zip(panes, titles) {
            let label = " \(pane.rawValue) \(title)" + (roomy ? " " : "")
            line.append(label, pane == focus ? .tabActive : .tabInactive)
            let width = DisplayWidth.of(label)
            hits.append((pane, column..<column + width))
            column += width
        }
        self.line = line
        self.hits = hits
    }

    /// The titles as they fit in `room` columns: whole when they do, else the longest of the
    /// panes not focused cut a column at a time (`In fli…`), none below three columns; whole
    /// again when even that does not fit.
    private static func titles(_ panes: [PaneID], focus: PaneID, room: Int) -> [String] {
        var cut = [Int](repeating: 0, count: panes.count)
        func shown(_ index: Int) -> String {
            let title = panes[index].title
            return cut[index] == 0 ? title : String(title.prefix(title.count - cut[index] - 1)) + "…"
        }
        while (0..<panes.count).reduce(0, { $0 + DisplayWidth.of(shown($1)) }) > room {
            let candidates = panes.indices.filter { panes[$0] != focus && DisplayWidth.of(shown($0)) > 3 }
            // The longest; of equals, the one numbered last (Requests and Exchange keep their names longest).
            // Cut to three columns each and still too wide (a terminal of 40 columns): the whole
            // titles, the line cut at the screen's edge, so the first panes read in full.
            guard let longest = candidates.max(by: { (DisplayWidth.of(shown($0)), $0) < (DisplayWidth.of(shown($1)), $1) })
            else { return panes.map(\.title) }
            cut[longest] += 1
        }
        return panes.indices.map(shown)
    }
}
