import CourierWorkspace
import Courier
import Foundation

/// The In flight pane's table: the agent's record table as rows (refreshed at most ten
/// times a second, however many requests are queued), the requests that just finished with
/// their outcome for a few seconds, a filter, a sort and the selection. Drawing builds only
/// the rows on screen.
struct InFlightTable: FilteredRows {
    enum Sort: String, CaseIterable {
        case started = "start", name, progress
    }

    /// How a finished request ended.
    enum Outcome: Equatable {
        case succeeded(status: Int)
        /// A gRPC call that ended with this status (its HTTP status is 200 whatever happened);
        /// failed when the request does not accept it.
        case call(GRPCStatusCode, failed: Bool)
        case failed(code: Int)
        case cancelled
    }

    /// One request, in flight or just finished. A reference: the table is read ten times a
    /// second with 10,000 rows and more, and the rows move between arrays (live, shown, the
    /// lookup by request) — copying a struct of this size cost most of a frame.
    final class Row {
        let id: Int
        /// The agent whose table it is in (task ids are an agent's own).
        let agent: ObjectIdentifier
        let request: Request
        let name: String
        let method: String
        let url: String
        var phase: TransferPhase
        let priority: RequestPriority
        var received: Int64
        var expected: Int64?
        let startedAt: Date
        var rate: Double = 0
        var outcome: Outcome?
        var finishedAt: Date?
        let tag: Int
        /// Retries so far.
        var retries: Int
        /// The connection it runs on, once its request went out.
        var connection: TransferConnection?
        /// How many live transfers share its connection, itself included, when more than one
        /// do: they are multiplexed on it (HTTP/2 streams).
        var multiplexedWith = 0
        /// The read of the record table that last saw it.
        var generation = 0
        /// Its streamed response's events and rate, once the response streams.
        var stream: StreamState?

        init(id: Int, agent: ObjectIdentifier, request: Request, name: String, method: String, url: String, phase: TransferPhase,
             priority: RequestPriority, received: Int64, expected: Int64?, startedAt: Date, tag: Int,
             retries: Int = 0, connection: TransferConnection? = nil) {
            self.id = id
            self.agent = agent
            self.request = request
            self.name = name
            self.method = method
            self.url = url
            self.phase = phase
            self.priority = priority
            self.received = received
            self.expected = expected
            self.startedAt = startedAt
            self.tag = tag
            self.retries = retries
            self.connection = connection
        }

        /// Received bytes over the expected length, when it is known.
        var fraction: Double? {
            guard let expected, expected > 0 else { return nil }
            return min(1, Double(received) / Double(expected))
        }
    }

    /// How long a finished request stays in the table.
    static let recentSeconds: TimeInterval = 4
    /// How often the record table is read while requests are in flight.
    static let refreshInterval: TimeInterval = 0.1

    private(set) var live: [Row] = []
    /// The rows in flight by request, kept as the table is read (at most ten times a second):
    /// a read updates a known request's row in place, and a lookup per row drawn (Runs, the
    /// response's progress) costs nothing more.
    private var liveByRequest: [ObjectIdentifier: Row] = [:]
    /// Which read of the record table this is, to find the rows a read no longer has.
    private var generation = 0
    /// Reads the agents' record tables, after the first read only what changed.
    private var reader = RecordTableReader()
    /// The live rows past the queue (connecting, sending, receiving): the ones whose bytes can
    /// move, so the only ones whose rate and connection a read looks at.
    private var active: [ObjectIdentifier: Row] = [:]
    private(set) var recent: [Row] = []
    /// The rows shown: live ones filtered and sorted, then the recent ones. The selection at
    /// the top stays at the top (the newest activity, as `tail -f` follows a file);
    /// elsewhere it stays on its row.
    var list = FilteredList<Row>(follow: .top, id: { $0.id }) { row, needle in
        row.name.lowercased().contains(needle) || row.url.lowercased().contains(needle) || String(row.tag) == needle
    }
    private(set) var sort = Sort.started
    private(set) var refreshedAt = Date.distantPast
    /// Each active row's bytes at the read before, for its rate.
    private var samples: [ObjectIdentifier: (bytes: Int64, time: Date)] = [:]

    var rows: [Row] { list.shown }
    var selection: Int { list.cursor.selection }

    /// How many requests are in each phase, from the rows in flight: a finished request
    /// leaves the count at once, not at the next read of the record table. Kept as the rows
    /// change, not counted per frame (10,000 rows cost a millisecond a frame).
    private(set) var counts: [TransferPhase: Int] = [:]
    /// The rows' receiving rates added up, kept likewise.
    private(set) var totalRate: Double = 0
    /// The live rows multiplexed on a shared connection, and how many connections carry
    /// them, as of the last read.
    private(set) var multiplexed: (rows: Int, connections: Int) = (0, 0)

    /// Whether the table shows anything: live or recently finished requests.
    var isEmpty: Bool { live.isEmpty && recent.isEmpty }

    /// Reads the record tables again, unless they were read less than `refreshInterval` ago:
    /// after the first read, only the records that changed (`reader`).
    mutating func refresh(agents: () -> [NetworkAgent], name: (Request) -> String, now: Date, force: Bool = false) {
        guard force || now.timeIntervalSince(refreshedAt) >= Self.refreshInterval else { return }
        refreshedAt = now
        switch reader.read(agents()) {
        case .complete(let all):
            replaceLive(with: all, name: name)
        case .changes(let changed, let removed):
            applyChanges(changed, removed: removed, name: name)
        }
        updateRates(now: now)
        markMultiplexed()
        var byPhase = [Int](repeating: 0, count: TransferPhase.allCases.count)
        var rate = 0.0
        for row in live {
            byPhase[row.phase.index] += 1
            rate += row.rate
        }
        counts = Dictionary(uniqueKeysWithValues: TransferPhase.allCases.compactMap { phase in
            byPhase[phase.index] > 0 ? (phase, byPhase[phase.index]) : nil
        })
        totalRate = rate
        recent.removeAll { now.timeIntervalSince($0.finishedAt ?? now) > Self.recentSeconds }
        arrange()
    }

    /// Rows for every record read (the first read, or after the agents changed): a known
    /// request's row is updated in place, a new one's made, and the rows the read lacks leave.
    private mutating func replaceLive(with all: [RecordTableReader.AgentRecords], name: (Request) -> String) {
        generation += 1
        var rows: [Row] = []
        rows.reserveCapacity(all.reduce(0) { $0 + $1.records.count })
        for group in all {
            for record in group.records { rows.append(row(for: record, agent: group.agent, name: name)) }
        }
        live = rows
        if liveByRequest.count > live.count {
            let current = generation
            liveByRequest = liveByRequest.filter { $0.value.generation == current }
        }
        active = [:]
        for row in rows where row.phase != .queued { active[ObjectIdentifier(row)] = row }
    }

    /// Applies the records that changed since the last read and drops the rows of those
    /// that left: nothing else is looked at.
    private mutating func applyChanges(_ changed: [RecordTableReader.AgentRecords], removed: Set<RecordTableReader.RemovedRecord>,
                                       name: (Request) -> String) {
        if !removed.isEmpty {
            var gone: [Row] = []
            live.removeAll { row in
                guard removed.contains(RecordTableReader.RemovedRecord(agent: row.agent, id: row.id)) else { return false }
                gone.append(row)
                return true
            }
            for row in gone {
                let key = ObjectIdentifier(row.request)
                if liveByRequest[key] === row { liveByRequest[key] = nil }
                active[ObjectIdentifier(row)] = nil
            }
        }
        for group in changed {
            for record in group.records {
                let known = liveByRequest[ObjectIdentifier(record.request)]
                let row = row(for: record, agent: group.agent, name: name)
                if row !== known { live.append(row) }
                active[ObjectIdentifier(row)] = row.phase == .queued ? nil : row
            }
        }
    }

    /// `record`'s row: its request's live row brought up to date, or a new one.
    private mutating func row(for record: RequestRecord, agent: ObjectIdentifier, name: (Request) -> String) -> Row {
        let key = ObjectIdentifier(record.request)
        let row: Row
        if let known = liveByRequest[key], known.id == record.id, known.agent == agent {
            row = known
            row.phase = record.phase
            row.received = record.bytesReceived
            row.expected = record.expectedBytesToReceive
            row.retries = record.progress.retryCount
            row.connection = record.connection
        } else {
            row = Row(id: record.id, agent: agent, request: record.request, name: name(record.request), method: record.method.rawValue,
                      url: record.url, phase: record.phase, priority: record.priority, received: record.bytesReceived,
                      expected: record.expectedBytesToReceive, startedAt: record.startedAt, tag: record.request.tag,
                      retries: record.progress.retryCount, connection: record.connection)
            liveByRequest[key] = row
        }
        if record.phase == .queued {  // back in the queue (a retry's wait): nothing moves
            row.rate = 0
            row.multiplexedWith = 0
        }
        row.stream = record.stream
        row.generation = generation
        return row
    }

    /// Each active row's receiving rate since the read before; a row that just left the
    /// queue has none yet.
    private mutating func updateRates(now: Date) {
        var next: [ObjectIdentifier: (bytes: Int64, time: Date)] = [:]
        for (key, row) in active {
            row.rate = 0
            if let sample = samples[key], now > sample.time {
                row.rate = max(0, Double(row.received - sample.bytes) / now.timeIntervalSince(sample.time))
            }
            next[key] = (row.received, now)
        }
        samples = next
    }

    /// A request finished: it stays, with its outcome, for a few seconds. The selection
    /// stays where it is rather than following the row down to the finished ones.
    mutating func finished(_ request: Request, name: String, outcome: Outcome, startedAt: Date?, now: Date) {
        guard let id = request.taskID else { return }
        let wasLive = liveByRequest[ObjectIdentifier(request)].flatMap { $0.id == id ? $0 : nil }
        if let wasLive {
            counts[wasLive.phase, default: 1] -= 1
            if counts[wasLive.phase] == 0 { counts[wasLive.phase] = nil }
            totalRate = max(0, totalRate - wasLive.rate)
        }
        let row = wasLive ?? Row(id: id, agent: ObjectIdentifier(request.agent), request: request, name: name, method: request.method.rawValue,
                                 url: request.response?.url ?? request.requestURL, phase: .receiving,
                                 priority: request.priority, received: 0, expected: nil, startedAt: startedAt ?? now, tag: request.tag)
        row.outcome = outcome
        row.finishedAt = now
        if let metrics = request.metrics { row.received = metrics.bytesReceived }
        if let wasLive {
            live.removeAll { $0 === wasLive }
            active[ObjectIdentifier(wasLive)] = nil
        }
        if wasLive != nil { liveByRequest[ObjectIdentifier(request)] = nil }
        recent.removeAll { $0.id == id }
        recent.insert(row, at: 0)
        if recent.count > 200 { recent.removeLast(recent.count - 200) }
        arrange(keepingSelectedRow: list.selected?.id != id)
    }

    /// Counts the live rows on each multiplexing connection and marks those that share one
    /// (only a row past the queue has a connection).
    private mutating func markMultiplexed() {
        var sharing: [String: Int] = [:]
        for row in active.values {
            row.multiplexedWith = 0
            if let connection = row.connection, connection.isDistinguishable { sharing[connection.ends, default: 0] += 1 }
        }
        let shared = sharing.filter { $0.value > 1 }
        multiplexed = (shared.values.reduce(0, +), shared.count)
        guard !shared.isEmpty else { return }
        for row in active.values {
            if let ends = row.connection?.ends, let count = shared[ends] { row.multiplexedWith = count }
        }
    }

    /// When the next recent row leaves, so the loop can wake for it.
    var nextExpiry: Date? {
        recent.compactMap(\.finishedAt).min().map { $0.addingTimeInterval(Self.recentSeconds + 0.05) }
    }

    private mutating func arrange(keepingSelectedRow: Bool = true) {
        var shown = live
        switch sort {
        case .started:
            // One agent's records come in id order already.
            if !zip(shown, shown.dropFirst()).allSatisfy({ $0.id < $1.id }) { shown.sort { $0.id < $1.id } }
        case .name: shown.sort { ($0.name, $0.id) < ($1.name, $1.id) }
        case .progress: shown.sort { ($0.fraction ?? -1, -$0.id) > ($1.fraction ?? -1, -$1.id) }
        }
        list.replace(shown + recent, keepingSelectedRow: keepingSelectedRow)
    }

    var filter: String { list.filter }


    mutating func cycleSort() {
        let all = Sort.allCases
        sort = all[(all.firstIndex(of: sort)! + 1) % all.count]
        arrange()
    }



    /// The row in flight of `request`, as the table was last read.
    func liveRow(for request: Request) -> Row? {
        liveByRequest[ObjectIdentifier(request)]
    }

    /// The selected row, when it is still in flight.
    var selectedLive: Row? {
        guard let row = list.selected, row.outcome == nil else { return nil }
        return row
    }
}

private extension TransferPhase {
    /// Its place in `allCases`, to count rows per phase in an array.
    var index: Int {
        switch self {
        case .queued: 0
        case .connecting: 1
        case .sending: 2
        case .receiving: 3
        }
    }
}
