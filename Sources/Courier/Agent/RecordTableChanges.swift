/// Where a read of an agent's record table left off: pass it to the next
/// ``NetworkAgent/recordChanges(since:)`` to be told only what changed after it.
public struct RecordTableMark: Sendable, Hashable {
    /// The agent's clock (``RecordClock/serial``).
    let clock: UInt64
    let stamp: UInt64
}

/// What changed in an agent's record table after an earlier read: the records added or whose
/// progress moved, and the ids of those that left. A UI that keeps a row per request updates
/// the rows that changed instead of copying 10,000 records ten times a second.
public struct RecordTableChanges: Sendable {
    /// Pass it to the next read.
    public let mark: RecordTableMark
    /// Whether ``records`` is every record in the table — the first read, a mark of another
    /// agent, or one older than the removals the agent keeps — so that a request missing from
    /// it is no longer in flight.
    public let isComplete: Bool
    /// The records added or changed after the mark (every record when ``isComplete``), oldest
    /// first. A record whose response streams is always among them: its stream's rate moves with time.
    /// A record may come again without a change (a change during the read).
    public let records: [RequestRecord]
    /// The task ids of the records that left the table after the mark (none when
    /// ``isComplete``).
    public let removedIDs: [Int]
    /// How many records the table holds.
    public let count: Int
}

extension NetworkAgent {
    /// The record table's changes after `mark` (the mark of an earlier read of this agent),
    /// or every record when `mark` is nil. The table's lock is held to compare each record's
    /// last change with the mark; only the records that changed are copied.
    public func recordChanges(since mark: RecordTableMark?) -> RecordTableChanges {
        let clock = recordClock.serial
        let (stamp, picked, removed, complete, count) = table.withLock { table in
            let stamp = recordClock.now
            guard let mark, mark.clock == clock, mark.stamp >= table.forgottenThrough else {
                return (stamp, Array(table.entries.values), [Int](), true, table.entries.count)
            }
            var picked: [RecordEntry] = []
            for entry in table.entries.values where entry.progress.changed(after: mark.stamp) {
                picked.append(entry)
            }
            return (stamp, picked, table.removed(after: mark.stamp), false, table.entries.count)
        }
        let records = RecordOrder.oldestFirst(picked, id: \.id).map(\.record)
        return RecordTableChanges(mark: RecordTableMark(clock: clock, stamp: stamp), isComplete: complete, records: records,
                                  removedIDs: removed, count: count)
    }
}
