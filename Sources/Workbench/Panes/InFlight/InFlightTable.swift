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
        case failed(code: Int)
        case cancelled
    }

    /// One request, in flight or just finished.
    struct Row {
        var id: Int
        var request: Request
        var name: String
        var method: String
        var url: String
        var phase: TransferPhase
        var priority: RequestPriority
        var received: Int64
        var expected: Int64?
        var startedAt: Date
        var rate: Double = 0
        var outcome: Outcome?
        var finishedAt: Date?
        var tag: Int
        /// Retries so far.
        var retries = 0
        /// The connection it runs on, once its request went out.
        var connection: TransferConnection?
        /// How many live transfers share its connection, itself included, when that is an
        /// HTTP/2 connection carrying more than one: they are multiplexed on it.
        var multiplexedWith = 0

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
    /// The rows in flight by request, made when the table is read (at most ten times a
    /// second): a lookup per row drawn (Runs, the response's progress) costs nothing more.
    private var liveByRequest: [ObjectIdentifier: Row] = [:]
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
    /// The live rows multiplexed on a shared HTTP/2 connection, and how many connections
    /// carry them, as of the last read.
    private(set) var multiplexed: (rows: Int, connections: Int) = (0, 0)

    /// Whether the table shows anything: live or recently finished requests.
    var isEmpty: Bool { live.isEmpty && recent.isEmpty }

    /// Reads the record table again, unless it was read less than `refreshInterval` ago.
    mutating func refresh(records: () -> [RequestRecord], name: (Request) -> String, now: Date, force: Bool = false) {
        guard force || now.timeIntervalSince(refreshedAt) >= Self.refreshInterval else { return }
        refreshedAt = now
        var nextSamples: [Int: (bytes: Int64, time: Date)] = [:]
        live = records().map { record in
            var row = Row(id: record.id, request: record.request, name: name(record.request), method: record.method.rawValue,
                          url: record.url, phase: record.phase, priority: record.priority, received: record.bytesReceived,
                          expected: record.expectedBytesToReceive, startedAt: record.startedAt, tag: record.request.tag,
                          retries: record.progress.retryCount, connection: record.connection)
            if record.phase != .queued {
                if let sample = samples[record.id], now > sample.time {
                    row.rate = max(0, Double(record.bytesReceived - sample.bytes) / now.timeIntervalSince(sample.time))
                }
                nextSamples[record.id] = (record.bytesReceived, now)
            }
            return row
        }
        samples = nextSamples
        markMultiplexed()
        counts = live.reduce(into: [:]) { $0[$1.phase, default: 0] += 1 }
        totalRate = live.reduce(0) { $0 + $1.rate }
        liveByRequest = Dictionary(live.map { (ObjectIdentifier($0.request), $0) }, uniquingKeysWith: { first, _ in first })
        recent.removeAll { now.timeIntervalSince($0.finishedAt ?? now) > Self.recentSeconds }
        arrange()
    }

    /// A request finished: it stays, with its outcome, for a few seconds. The selection
    /// stays where it is rather than following the row down to the finished ones.
    mutating func finished(_ request: Request, name: String, outcome: Outcome, startedAt: Date?, now: Date) {
        guard let id = request.taskID else { return }
        let wasLive = live.first { $0.id == id }
        if let wasLive {
            counts[wasLive.phase, default: 1] -= 1
            if counts[wasLive.phase] == 0 { counts[wasLive.phase] = nil }
            totalRate = max(0, totalRate - wasLive.rate)
        }
        var row = wasLive ?? Row(id: id, request: request, name: name, method: request.method.rawValue,
                                                      url: request.response?.url ?? request.requestURL, phase: .receiving,
                                                      priority: request.priority, received: 0, expected: nil,
                                                      startedAt: startedAt ?? now, tag: request.tag)
        row.outcome = outcome
        row.finishedAt = now
        if let metrics = request.metrics { row.received = metrics.bytesReceived }
        live.removeAll { $0.id == id }
        liveByRequest[ObjectIdentifier(request)] = nil
        recent.removeAll { $0.id == id }
        recent.insert(row, at: 0)
        if recent.count > 200 { recent.removeLast(recent.count - 200) }
        arrange(keepingSelectedRow: list.selected?.id != id)
    }

    /// Counts the live rows on each multiplexing connection and marks those that share one.
    private mutating func markMultiplexed() {
        var sharing: [String: Int] = [:]
        for row in live {
            if let connection = row.connection, connection.multiplexes { sharing[connection.ends, default: 0] += 1 }
        }
        let shared = sharing.filter { $0.value > 1 }
        multiplexed = (shared.values.reduce(0, +), shared.count)
        guard !shared.isEmpty else { return }
        for index in live.indices {
            if let ends = live[index].connection?.ends, let count = shared[ends] { live[index].multiplexedWith = count }
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
