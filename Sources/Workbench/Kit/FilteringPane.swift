import CourierWorkspace

/// A list pane with a filter typed on its first row (`f`): typing it, the moves it passes on,
/// and Esc clearing it are the same for every such pane, here.
protocol FilteringPane: Pane {
    var filter: TypedFilter { get set }
    /// Shows only the rows matching `text` (empty: every row).
    func filterList(by text: String)
    /// Moves the list's cursor: a moving key pressed while the filter is typed.
    func moveList(_ action: Action, context: PaneContext)
}

extension FilteringPane {
    var isTyping: Bool { filter.isTyping }

    /// The filter's row above the list: 1 while it is typed or applies, else 0.
    var filterRows: Int { filter.isTyping || !filter.text.isEmpty ? 1 : 0 }

    /// Adds the filter's row, when there is one, to `lines`; returns the terminal's cursor
    /// while the filter is typed.
    func appendFilterRow(to lines: inout [StyledLine], in content: Rect) -> Frame.Cursor? {
        guard let row = filter.line(in: content, row: lines.count) else { return nil }
        lines.append(row.line)
        return row.cursor
    }

    /// `f`: starts typing a new filter.
    func beginFilter() {
        apply(filter.begin())
    }

    func type(_ key: Key, context: PaneContext) -> [PaneWork] {
        let outcome = filter.handle(key, width: context.content.width)
        if case .move(let action) = outcome { moveList(action, context: context) }
        apply(outcome)
        return []
    }

    /// Esc: clears the filter; false when there was none.
    func escape() -> Bool {
        guard filter.clear() else { return false }
        filterList(by: "")
        return true
    }

    private func apply(_ outcome: TypedFilter.Outcome) {
        switch outcome {
        case .changed(let text): filterList(by: text)
        case .cancelled: filterList(by: "")
        case .committed, .move, .ignored: break
        }
    }
}
