import CourierWorkspace
import Courier
import Foundation

/// Every batch and chain the session started, newest first: what the Runs pane lists, the
/// status line counts, and the variables window reads captures from. Bounded: at most
/// ``limit`` runs, and the oldest finished ones are let go once the responses they hold pass
/// ``keptResponseBytes``.
final class RunLog {
    private(set) var runs: [RunRecord] = []
    /// Changes whenever a run is added, finished or let go (the Runs pane rebuilds its rows).
    private(set) var version = 0
    /// Response bytes the finished runs may hold besides the newest run's.
    var keptResponseBytes = 256 << 20
    static let limit = 100
    private var nextID = 1

    /// Adds a run at the top.
    @discardableResult
    func add(name: String, kind: RunRecord.Kind, now: Date) -> RunRecord {
        let run = RunRecord(id: nextID, name: name, kind: kind, startedAt: now)
        nextID += 1
        runs.insert(run, at: 0)
        if runs.count > Self.limit { runs.removeLast(runs.count - Self.limit) }
        version += 1
        return run
    }

    /// The run of a batch or chain the engine tells of.
    func run(of subject: LifecycleSubject) -> RunRecord? {
        runs.first { run in
            switch (subject, run.kind) {
            case (.batch(let batch), .batch(let b, _)): return b === batch
            case (.chain(let chain), .chain(let c, _, _)): return c === chain
            default: return false
            }
        }
    }

    /// The newest run of the chain `name`.
    func latestChain(named name: String) -> RunRecord? {
        runs.first { $0.isChain && $0.name == name }
    }

    /// A batch or chain stopped: its run is finished (a chain's last snapshot kept), and the
    /// oldest finished runs are let go if they hold too much.
    func stopped(_ subject: LifecycleSubject, at date: Date) {
        guard let run = run(of: subject) else { return }
        run.finish(at: date)
        if case .chain(let chain) = subject { run.chainSnapshot = chain.snapshot }
        trim()
        version += 1
    }

    /// A chain moved on: its run keeps the snapshot.
    func progressed(_ chain: ChainRequest, _ snapshot: ChainSnapshot) {
        run(of: .chain(chain))?.chainSnapshot = snapshot
        version += 1
    }

    /// Lets go of the oldest finished runs once the responses they hold pass the budget (the
    /// newest run and running ones always stay), so running a large batch again and again
    /// does not grow the session without bound.
    private func trim() {
        var held = 0
        runs = runs.enumerated().filter { index, run in
            guard index > 0, run.finishedAt != nil else { return true }
            held += run.responseBytes
            return held <= keptResponseBytes
        }.map(\.element)
    }
}
