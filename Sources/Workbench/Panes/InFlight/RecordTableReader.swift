import Courier

/// Reads the record tables of the agents that may have requests in flight, each read after
/// the first told only what changed since the one before (``NetworkAgent/recordChanges(since:)``):
/// with 10,000 requests queued, a read copies the few that moved, not all of them.
struct RecordTableReader {
    /// What a read found.
    enum Read {
        /// Every record of every agent: a row for a request missing from it is gone.
        case complete([AgentRecords])
        /// The records added or changed since the last read, and those that left it, by agent.
        case changes([AgentRecords], removed: Set<RemovedRecord>)
    }

    /// Records of one agent, oldest first.
    struct AgentRecords {
        let agent: ObjectIdentifier
        let records: [RequestRecord]
    }

    /// A record that left an agent's table (task ids are an agent's own).
    struct RemovedRecord: Hashable {
        let agent: ObjectIdentifier
        let id: Int
    }

    /// The agents of the last read, in order, with where each read left off.
    private var marks: [(agent: ObjectIdentifier, mark: RecordTableMark)] = []

    /// Reads `agents`' tables: only their changes when they are the agents of the last read
    /// and each could answer so; otherwise every record.
    mutating func read(_ agents: [NetworkAgent]) -> Read {
        if agents.count == marks.count, zip(agents, marks).allSatisfy({ ObjectIdentifier($0) == $1.agent }) {
            var changed: [AgentRecords] = []
            var removed = Set<RemovedRecord>()
            var next = marks
            for (index, agent) in agents.enumerated() {
                let changes = agent.recordChanges(since: marks[index].mark)
                guard !changes.isComplete else { return readAll(agents) }
                next[index].mark = changes.mark
                if !changes.records.isEmpty { changed.append(AgentRecords(agent: ObjectIdentifier(agent), records: changes.records)) }
                for id in changes.removedIDs { removed.insert(RemovedRecord(agent: ObjectIdentifier(agent), id: id)) }
            }
            marks = next
            return .changes(changed, removed: removed)
        }
        return readAll(agents)
    }

    private mutating func readAll(_ agents: [NetworkAgent]) -> Read {
        var records: [AgentRecords] = []
        marks = agents.map { agent in
            let changes = agent.recordChanges(since: nil)
            records.append(AgentRecords(agent: ObjectIdentifier(agent), records: changes.records))
            return (ObjectIdentifier(agent), changes.mark)
        }
        return .complete(records)
    }
}
