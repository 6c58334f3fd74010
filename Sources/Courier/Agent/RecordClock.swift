import Synchronization

/// Counts an agent's record-table changes — a record added, its progress moved, a record
/// removed — so that a reader can ask for what changed after its last read
/// (``NetworkAgent/recordChanges(since:)``) instead of copying every record. A reading is taken
/// inside the lock that guards the change (the table's, or the record's progress cell), and a
/// reader reads the clock inside the table's lock before it looks at any record: a change whose
/// reading the reader's covers is one it sees.
final class RecordClock: Sendable {
    private static let made = Atomic<UInt64>(0)
    private let value = Atomic<UInt64>(0)
    /// Which clock this is: no two clocks of a process share one, so a reading of one clock
    /// is never taken for another's (an agent's address can be reused, its serial cannot).
    let serial = RecordClock.made.wrappingAdd(1, ordering: .relaxed).newValue

    /// A new reading, later than every one before it.
    func tick() -> UInt64 {
        value.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The latest reading taken.
    var now: UInt64 { value.load(ordering: .relaxed) }
}
