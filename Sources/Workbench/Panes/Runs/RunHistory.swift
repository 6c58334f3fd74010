import CourierWorkspace
import Courier
import Foundation

/// A batch or chain the workbench started, as the Runs pane shows it.
final class RunRecord {
    enum Kind {
        /// The requests' names, in the batch's order.
        case batch(BatchRequest, names: [String])
        case chain(ChainRequest, definition: ChainDefinition, scope: VariableScope)
    }

    let id: Int
    let name: String
    let kind: Kind
    let startedAt: Date
    /// When it finished; set with ``finish(at:)``.
    private(set) var finishedAt: Date?
    /// The bytes of the responses its requests hold, counted when it finished.
    private(set) var responseBytes = 0
    /// A chain's latest snapshot (batches are read live: their snapshot is cheap).
    var chainSnapshot: ChainSnapshot?

    init(id: Int, name: String, kind: Kind, startedAt: Date) {
        self.id = id
        self.name = name
        self.kind = kind
        self.startedAt = startedAt
        if case .chain(let chain, _, _) = kind { chainSnapshot = chain.snapshot }
    }

    var isRunning: Bool {
        switch kind {
        case .batch(let batch, _): return batch.isRunning
        case .chain: return chainSnapshot?.isRunning ?? false
        }
    }

    var isChain: Bool {
        if case .chain = kind { return true }
        return false
    }

    /// The chain paused before a step (or after a failed one) in step mode.
    var pausedStep: ChainStepSnapshot? {
        guard let snapshot = chainSnapshot, snapshot.isRunning, snapshot.isPaused, let index = snapshot.currentIndex else { return nil }
        return snapshot.steps[index]
    }

    /// Whether it failed: a batch with a failed request, a chain with a failed step.
    var failed: Bool {
        switch kind {
        case .batch(let batch, _): return !batch.failedRequests.isEmpty
        case .chain(let chain, _, _): return chain.failedRequest != nil
        }
    }

    func duration(now: Date) -> TimeInterval { (finishedAt ?? now).timeIntervalSince(startedAt) }

    /// Marks it finished and counts the response bytes it holds.
    func finish(at date: Date) {
        finishedAt = date
        let requests: [Request] = switch kind {
        case .batch(let batch, _): batch.requests
        case .chain(let chain, _, _): chain.requests
        }
        responseBytes = requests.reduce(0) { $0 + ($1.responseData?.count ?? 0) }
    }

    /// Stops it (no failure callbacks follow).
    func stop() {
        switch kind {
        case .batch(let batch, _): batch.stop()
        case .chain(let chain, _, _): chain.stop()
        }
    }
}

/// Every batch and chain started in this session, newest first, as a tree: a run, and under
/// the run that is open, its requests (a batch) or its steps' requests (a chain).
struct RunHistory {
    /// A row of the Runs pane.
    enum Row: Equatable {
        case run(Int)
        /// A batch's request by position, or a chain's step and member.
        case item(run: Int, step: Int, member: Int)
        /// Consecutive requests of a batch with one name (an item with `times: N`), as one row.
        case members(run: Int, first: Int, count: Int)
    }

    /// The runs, from the session's log.
    let log: RunLog
    var runs: [RunRecord] { log.runs }
    private(set) var rows: [Row] = []
    private(set) var cursor = ListCursor()
    private var open: Set<Int> = []
    /// The log's version the rows were built from, and the newest run then.
    private var seenVersion = -1
    private var seenNewest = 0

    init(log: RunLog) {
        self.log = log
    }

    /// Follows the log: a run added at the top is opened and selected; runs let go of are
    /// closed. Call before reading the rows.
    mutating func sync() {
        guard seenVersion != log.version else { return }
        seenVersion = log.version
        open = open.filter { id in runs.contains { $0.id == id } }
        if let newest = runs.first, newest.id > seenNewest {
            seenNewest = newest.id
            open = [newest.id]
            rebuild()
            cursor.reset(count: rows.count, selecting: 0)
        } else {
            rebuild()
        }
    }

    func run(_ id: Int) -> RunRecord? { runs.first { $0.id == id } }

    var selection: Int { cursor.selection }

    /// The run of a batch or chain the engine tells of.
    func run(of subject: LifecycleSubject) -> RunRecord? { log.run(of: subject) }

    /// The run the selection is in.
    var selectedRun: RunRecord? {
        guard rows.indices.contains(selection) else { return nil }
        switch rows[selection] {
        case .run(let id), .item(let id, _, _), .members(let id, _, _): return run(id)
        }
    }

    var selectedRow: Row? { rows.indices.contains(selection) ? rows[selection] : nil }

    /// Items change as a chain adds steps; call after news.
    mutating func rebuild() {
        let kept = selectedRow
        rows = runs.flatMap { run -> [Row] in
            var rows: [Row] = [.run(run.id)]
            guard open.contains(run.id) else { return rows }
            switch run.kind {
            case .batch(_, let names):
                rows += Self.likeRuns(names).map { range in
                    range.count > 1 ? .members(run: run.id, first: range.lowerBound, count: range.count)
                        : .item(run: run.id, step: range.lowerBound, member: 0)
                }
            case .chain(_, let definition, _):
                for (step, definition) in definition.steps.enumerated() {
                    rows += definition.items.indices.map { .item(run: run.id, step: step, member: $0) }
                }
            }
            return rows
        }
        cursor.reset(count: rows.count, selecting: kept.flatMap { rows.firstIndex(of: $0) })
    }

    /// The stretches of equal names in a batch's list (an item with `times: N` is one).
    static func likeRuns(_ names: [String]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var first = 0
        while first < names.count {
            var end = first + 1
            while end < names.count, names[end] == names[first] { end += 1 }
            runs.append(first..<end)
            first = end
        }
        return runs
    }

    /// Moves the selection; left and right close and open the selected run.
    mutating func perform(_ action: Action, height: Int) {
        switch action {
        case .left, .right: toggleOpen(action == .right, height: height)
        default: _ = cursor.perform(action, height: height)
        }
    }

    mutating func click(windowRow: Int, height: Int) {
        cursor.click(windowRow: windowRow, height: height)
    }

    /// Opens or closes the selected run's items.
    private mutating func toggleOpen(_ expand: Bool, height: Int) {
        guard let run = selectedRun else { return }
        if expand { open.insert(run.id) } else { open.remove(run.id) }
        rebuild()
        if !expand, let index = rows.firstIndex(of: .run(run.id)) { cursor.select(index, height: height) }
    }

    func isOpen(_ id: Int) -> Bool { open.contains(id) }
}
