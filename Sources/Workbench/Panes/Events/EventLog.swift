import CourierWorkspace
import Foundation

/// The Events pane's log: lifecycle events of every request, batch and chain, newest last,
/// capped in memory (the oldest leave first), filterable by kind or name, and pausable. The
/// selection follows the newest entry until the user moves it off the last row.
struct EventLog: FilteredRows {
    /// One event as the log shows it.
    struct Entry: Equatable {
        enum Kind: String {
            case started, progress, fromCache = "from cache", finished, failed, cancelled
        }

        var id: Int
        var date: Date
        var kind: Kind
        /// request, batch, chain, "load" (a load run of one of them) or "contract" (a contract read).
        var subjectKind: String
        var subject: String
        /// For progress: the share reached (25, 50, 75).
        var percent: Int?
        var duration: TimeInterval?
        var status: Int?
        /// A gRPC call's status, in place of the HTTP one (200 whatever happened): `OK`,
        /// `NOT_FOUND (5)`.
        var callStatus: String?
        var errorCode: Int?
        /// What else the entry says (a load run's settings, or its headline figures).
        var note: String?
    }

    /// How many entries are kept at least: the oldest leave a few hundred at a time once an
    /// eighth more have come (``FilteredList/append(_:keepingLast:)``).
    static let capacity = 5_000

    var list = FilteredList<Entry>(follow: .bottom, id: { $0.id }) { entry, needle in
        entry.kind.rawValue.contains(needle) || entry.subject.lowercased().contains(needle) || entry.subjectKind == needle
    }
    /// Entries that arrived while paused, shown when the log resumes.
    private(set) var held: [Entry] = []
    private(set) var isPaused = false
    private var nextID = 1

    var entries: [Entry] { list.all }

    /// Records an event; returns its id (toasts link to it).
    @discardableResult
    mutating func append(_ entry: Entry) -> Int {
        var entry = entry
        entry.id = nextID
        nextID += 1
        if isPaused {
            held.append(entry)
            if held.count > Self.capacity + Self.capacity / 8 { held.removeFirst(held.count - Self.capacity) }
        } else {
            add([entry])
        }
        return entry.id
    }

    private mutating func add(_ new: [Entry]) {
        list.append(new, keepingLast: Self.capacity)
    }

    mutating func togglePause() {
        isPaused.toggle()
        if !isPaused {
            let resumed = held
            held.removeAll()
            add(resumed)
        }
    }




    /// Selects the entry `id` (a toast's event), clearing the filter; false when it is no
    /// longer kept.
    mutating func select(id: Int, height: Int) -> Bool {
        if !list.filter.isEmpty { list.setFilter("") }
        return list.select(id: id, height: height)
    }
}
