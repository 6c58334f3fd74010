import CourierWorkspace
import Foundation

/// The Events pane's log: lifecycle events of every request, batch and chain, newest last,
/// capped in memory (the oldest leave first), filterable by kind or name, and pausable.
struct EventLog {
    /// One event as the log shows it.
    struct Entry: Equatable {
        enum Kind: String {
            case started, progress, fromCache = "from cache", finished, failed, cancelled
        }

        var id: Int
        var date: Date
        var kind: Kind
        /// request, batch or chain.
        var subjectKind: String
        var subject: String
        /// For progress: the share reached (25, 50, 75).
        var percent: Int?
        var duration: TimeInterval?
        var status: Int?
        var errorCode: Int?
    }

    /// How many entries are kept.
    static let capacity = 5_000

    private(set) var entries: [Entry] = []
    private(set) var shown: [Entry] = []
    /// Entries that arrived while paused, shown when the log resumes.
    private(set) var held: [Entry] = []
    private(set) var isPaused = false
    var filter = ""
    private(set) var selection = 0
    var scroll = 0
    /// The selection follows the newest entry until the user moves it up.
    private var follows = true
    private var nextID = 1

    /// Records an event; returns its id (toasts link to it).
    @discardableResult
    mutating func append(_ entry: Entry) -> Int {
        var entry = entry
        entry.id = nextID
        nextID += 1
        if isPaused {
            held.append(entry)
            if held.count > Self.capacity { held.removeFirst(held.count - Self.capacity) }
        } else {
            add([entry])
        }
        return entry.id
    }

    private mutating func add(_ new: [Entry]) {
        entries += new
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        arrange()
    }

    mutating func togglePause() {
        isPaused.toggle()
        if !isPaused {
            let resumed = held
            held.removeAll()
            add(resumed)
        }
    }

    mutating func setFilter(_ text: String) {
        filter = text
        arrange()
    }

    private mutating func arrange() {
        let selectedID = shown.indices.contains(selection) ? shown[selection].id : nil
        let needle = filter.lowercased()
        shown = needle.isEmpty ? entries : entries.filter {
            $0.kind.rawValue.contains(needle) || $0.subject.lowercased().contains(needle) || $0.subjectKind == needle
        }
        if follows || selectedID == nil {
            selection = max(0, shown.count - 1)
        } else if let selectedID, let index = shown.firstIndex(where: { $0.id == selectedID }) {
            selection = index
        }
    }

    mutating func move(by offset: Int) {
        selection = min(max(0, shown.count - 1), max(0, selection + offset))
        follows = selection == shown.count - 1
    }

    mutating func moveToEnd(_ top: Bool) {
        selection = top ? 0 : max(0, shown.count - 1)
        follows = !top
    }

    /// Selects the entry `id` (a toast's event); false when it is no longer kept or shown.
    mutating func select(id: Int) -> Bool {
        if !filter.isEmpty { setFilter("") }
        guard let index = shown.firstIndex(where: { $0.id == id }) else { return false }
        selection = index
        follows = false
        return true
    }
}
