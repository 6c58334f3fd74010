/// Puts the record table's entries in id order (oldest first) for ``NetworkAgent/records()``,
/// which a UI reads ten times a second with 10,000 entries and more: ids are handed out one
/// after another, so they usually span little more than their count and are placed by id in
/// one pass; otherwise positions are sorted (not the entries: that would retain and release
/// each one per move).
enum RecordOrder {
    static func oldestFirst<Entry>(_ entries: [Entry], id: (Entry) -> Int) -> [Entry] {
        guard entries.count > 1 else { return entries }
        let ids = entries.map(id)
        let lowest = ids.min()!, span = ids.max()! - lowest + 1
        guard span <= 4 * entries.count else {
            return ids.indices.sorted { ids[$0] < ids[$1] }.map { entries[$0] }
        }
        var slots = [Int](repeating: -1, count: span)
        for (position, value) in ids.enumerated() { slots[value - lowest] = position }
        var ordered: [Entry] = []
        ordered.reserveCapacity(entries.count)
        for position in slots where position >= 0 { ordered.append(entries[position]) }
        return ordered
    }
}
