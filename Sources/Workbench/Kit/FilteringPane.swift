import CourierWorkspace

/// What a list pane does to its rows: filter them, move the cursor, select the clicked row.
/// ``FilteredList`` does it; a pane's own list type holding one gets it from
/// ``FilteredRows``.
protocol PaneRows {
    mutating func setFilter(_ text: String)
    mutating func perform(_ action: Action, height: Int) -> Bool
    mutating func click(windowRow: Int, height: Int)
}

extension FilteredList: PaneRows {}

/// A pane's list type that keeps its rows in a ``FilteredList`` (Cache, In flight, Events):
/// filtering, moving and clicking go to it.
protocol FilteredRows: PaneRows {
    associatedtype Row
    var list: FilteredList<Row> { get set }
}

extension FilteredRows {
    mutating func setFilter(_ text: String) { list.setFilter(text) }
    mutating func perform(_ action: Action, height: Int) -> Bool { list.perform(action, height: height) }
    mutating func click(windowRow: Int, height: Int) { list.click(windowRow: windowRow, height: height) }
}

/// A list pane with a filter typed on its first row (`f`): typing it, the moves it passes on,
/// Esc clearing it, clicks and the list's height are the same for every such pane, here.
protocol FilteringPane: Pane {
    associatedtype Rows: PaneRows
    var filter: TypedFilter { get set }
    /// The pane's rows.
    var rows: Rows { get set }
    /// Rows above the list: the filter's, column titles.
    func headerRows(width: Int) -> Int
}

extension FilteringPane {
    var isTyping: Bool { filter.isTyping }

    /// The filter's row above the list: 1 while it is typed or applies, else 0.
    var filterRows: Int { filter.isTyping || !filter.text.isEmpty ? 1 : 0 }

    func headerRows(width: Int) -> Int { filterRows }

    /// The rows the list has on screen.
    func listHeight(_ context: PaneContext) -> Int {
        max(0, context.content.height - headerRows(width: context.content.width))
    }

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

    /// Moves the list's cursor: a moving key, or one pressed while the filter is typed.
    func moveList(_ action: Action, context: PaneContext) {
        _ = rows.perform(action, height: listHeight(context))
    }

    func click(contentRow row: Int, context: PaneContext) -> [PaneWork] {
        rows.click(windowRow: row - headerRows(width: context.content.width), height: listHeight(context))
        return []
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
        rows.setFilter("")
        return true
    }

    private func apply(_ outcome: TypedFilter.Outcome) {
        switch outcome {
        case .changed(let text): rows.setFilter(text)
        case .cancelled: rows.setFilter("")
        case .committed, .move, .ignored: break
        }
    }
}
