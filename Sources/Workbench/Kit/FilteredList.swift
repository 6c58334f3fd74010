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

    /// Appends `new` rows after the others, for a list in arrival order that keeps its newest
    /// `limit`: once there are a eighth more, the oldest leave together. Costs the new rows and
    /// (amortized) the ones leaving, not the list: a log taking a million rows one at a time
    /// stays as quick as it is at its first. The cursor stays on its row, as with ``replace(_:keepingSelectedRow:)``.
    mutating func append(_ new: [Row], keepingLast limit: Int) {
        guard !new.isEmpty else { return }
        let needle = filter.lowercased()
        let selection = selected == nil ? nil : cursor.selection
        var leavingShown = 0
        if needle.isEmpty {
            shown = []  // `all` alone holds its storage again: appended to in place
            all.append(contentsOf: new)
            if all.count > limit + limit / 8 {
                leavingShown = all.count - limit
                all.removeFirst(leavingShown)
            }
            shown = all
        } else {
            all.append(contentsOf: new)
            shown.append(contentsOf: new.filter { matches($0, needle) })
            if all.count > limit + limit / 8 {
                let leaving = all.count - limit
                leavingShown = all[..<leaving].reduce(0) { $0 + (matches($1, needle) ? 1 : 0) }
                all.removeFirst(leaving)
                shown.removeFirst(leavingShown)
            }
        }
        cursor.reset(count: shown.count, selecting: selection.flatMap { $0 >= leavingShown ? $0 - leavingShown : nil })
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
