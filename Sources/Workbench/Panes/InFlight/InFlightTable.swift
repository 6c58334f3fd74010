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

        init(id: Int, request: Request, name: String, method: String, url: String, phase: TransferPhase,
             priority: RequestPriority, received: Int64, expected: Int64?, startedAt: Date, tag: Int,
             retries: Int = 0, connection: TransferConnection? = nil) {
            self.id = id
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
    private(set) var recent: [Row] = []
    /// The rows shown: live ones filtered and sorted, then the recent ones. The selection at
    /// the top stays at the top (the newest activity, as `tail -f` follows a file);
    /// elsewhere it stays on its row.
    var list = FilteredList<Row>(follow: .top, id: { $0.id }) { row, needle in
        row.name.lowercased().contains(needle) || row.url.lowercased().contains(needle) || String(row.tag) == needle
    }
    private(set) var sort = Sort.started
    private(set) var refreshedAt = Date.distantPast
    private var samples: [Int: (bytes: Int64, time: Date)] = [:]

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

    /// Reads the record table again, unless it was read less than `refreshInterval` ago.
    mutating func refresh(records: () -> [RequestRecord], name: (Request) -> String, now: Date, force: Bool = false) {
        guard force || now.timeIntervalSince(refreshedAt) >= Self.refreshInterval else { return }
        refreshedAt = now
        var nextSamples: [Int: (bytes: Int64, time: Date)] = [:]
        // A row lives as long as its request is in flight: read again, it is updated in
        // place, and only a new request's row is made (and named).
        generation += 1
        let records = records()
        var rows: [Row] = []
        rows.reserveCapacity(records.count)
        for record in records {
            let key = ObjectIdentifier(record.request)
            let row: Row
            if let known = liveByRequest[key], known.id == record.id {
                row = known
                row.phase = record.phase
                row.received = record.bytesReceived
                row.expected = record.expectedBytesToReceive
                row.retries = record.progress.retryCount
                row.connection = record.connection
                row.rate = 0
                row.multiplexedWith = 0
                row.stream = record.stream
            } else {
                row = Row(id: record.id, request: record.request, name: name(record.request), method: record.method.rawValue,
                          url: record.url, phase: record.phase, priority: record.priority, received: record.bytesReceived,
                          expected: record.expectedBytesToReceive, startedAt: record.startedAt, tag: record.request.tag,
                          retries: record.progress.retryCount, connection: record.connection)
                row.stream = record.stream
                liveByRequest[key] = row
            }
            row.generation = generation
            if record.phase != .queued {
                if let sample = samples[record.id], now > sample.time {
                    row.rate = max(0, Double(record.bytesReceived - sample.bytes) / now.timeIntervalSince(sample.time))
                }
                nextSamples[record.id] = (record.bytesReceived, now)
            }
            rows.append(row)
        }
        live = rows
        if liveByRequest.count > live.count {
            let current = generation
            liveByRequest = liveByRequest.filter { $0.value.generation == current }
        }
        samples = nextSamples
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
        let row = wasLive ?? Row(id: id, request: request, name: name, method: request.method.rawValue,
                                 url: request.response?.url ?? request.requestURL, phase: .receiving,
                                 priority: request.priority, received: 0, expected: nil, startedAt: startedAt ?? now, tag: request.tag)
        row.outcome = outcome
        row.finishedAt = now
        if let metrics = request.metrics { row.received = metrics.bytesReceived }
        if let wasLive { live.removeAll { $0 === wasLive } }
        if wasLive != nil { liveByRequest[ObjectIdentifier(request)] = nil }
        recent.removeAll { $0.id == id }
        recent.insert(row, at: 0)
        if recent.count > 200 { recent.removeLast(recent.count - 200) }
        arrange(keepingSelectedRow: list.selected?.id != id)
    }

    /// Counts the live rows on each multiplexing connection and marks those that share one.
    private mutating func markMultiplexed() {
        var sharing: [String: Int] = [:]
        for row in live {
            if let connection = row.connection, connection.isDistinguishable { sharing[connection.ends, default: 0] += 1 }
        }
        let shared = sharing.filter { $0.value > 1 }
        multiplexed = (shared.values.reduce(0, +), shared.count)
        guard !shared.isEmpty else { return }
        for row in live {
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
