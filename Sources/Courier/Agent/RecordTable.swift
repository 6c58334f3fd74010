/// The agent's record table (YTK's `_requestsRecord`): the runs in flight by task id, and what
/// left it lately, so that a reader can be told which records changed after its last read.
/// Guarded by the agent's lock; a change takes a reading of the agent's ``RecordClock`` while
/// that lock is held.
struct RecordTable {
    private(set) var entries: [Int: RecordEntry] = [:]
    var nextID = 1
    /// Ids of the records that left the table, with the clock's reading when they did, oldest
    /// first (its readings only grow: each is taken under the table's lock).
    private var removals: [(stamp: UInt64, id: Int)] = []
    /// The latest reading among removals no longer kept: a read from before it is answered
    /// with every record.
    private(set) var forgottenThrough: UInt64 = 0

    /// Removals kept for incremental reads (twice as many at most); a reader that reads less
    /// often than this many requests finish gets every record instead.
    var removalsKept = 16_384

    /// Puts `entry` in the table (in place of its id's entry, when a run's record is replaced)
    /// and stamps it: a reader sees it as changed even when it was made before its last read.
    mutating func insert(_ entry: RecordEntry) {
        entry.progress.update { _ in }
        entries[entry.id] = entry
    }

    /// Takes the record with `id` out of the table and notes when.
    @discardableResult
    mutating func remove(id: Int, clock: RecordClock) -> RecordEntry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        removals.append((clock.tick(), id))
        if removals.count > 2 * removalsKept {
            let forgotten = removals.count - removalsKept
            forgottenThrough = removals[forgotten - 1].stamp
            removals.removeFirst(forgotten)
        }
        return entry
    }

    /// Ids of the records removed after the reading `stamp`.
    func removed(after stamp: UInt64) -> [Int] {
        var first = removals.endIndex
        while first > removals.startIndex, removals[first - 1].stamp > stamp { first -= 1 }
        return removals[first...].map(\.id)
    }
}
