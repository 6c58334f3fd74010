/// A list pane's rows: all of them, the ones a typed filter lets through in the pane's
/// order, and the cursor, which stays on the same row (by its id) as rows arrive, leave,
/// are filtered or re-sorted. One implementation for In flight, Cache and Events.
struct FilteredList<Row> {
    private(set) var all: [Row] = []
    private(set) var shown: [Row] = []
    private(set) var filter = ""
    private(set) var cursor: ListCursor
    private let id: (Row) -> AnyHashable
    private let matches: (Row, String) -> Bool

    /// `matches` gets a row and the filter lower-cased.
    init(follow: ListCursor.Follow = .none, id: @escaping (Row) -> AnyHashable, matches: @escaping (Row, String) -> Bool) {
        cursor = ListCursor(follow: follow)
        self.id = id
        self.matches = matches
    }

    var selected: Row? { shown.indices.contains(cursor.selection) ? shown[cursor.selection] : nil }

    /// New rows, in the order to show them. The cursor stays on the selected row unless
    /// `keepingSelectedRow` is false (it then keeps its place in the list).
    mutating func replace(_ rows: [Row], keepingSelectedRow: Bool = true) {
        all = rows
        arrange(keeping: keepingSelectedRow ? selected.map(id) : nil)
    }

    mutating func setFilter(_ text: String) {
        filter = text
        arrange(keeping: selected.map(id))
    }

    /// Moves the cursor: a moving action, in a window of `height` rows.
    mutating func perform(_ action: Action, height: Int) -> Bool {
        cursor.perform(action, height: height)
    }

    mutating func click(windowRow: Int, height: Int) {
        cursor.click(windowRow: windowRow, height: height)
    }

    /// Selects the row with `rowID`; false when the filter hides it or it is gone.
    mutating func select(id rowID: AnyHashable, height: Int) -> Bool {
        guard let index = shown.firstIndex(where: { id($0) == rowID }) else { return false }
        cursor.select(index, height: height)
        return true
    }

    private mutating func arrange(keeping kept: AnyHashable?) {
        let needle = filter.lowercased()
        shown = needle.isEmpty ? all : all.filter { matches($0, needle) }
        cursor.reset(count: shown.count, selecting: kept.flatMap { kept in shown.firstIndex { id($0) == kept } })
    }
}
