import Synchronization

/// Keeps running batches and chains alive until they finish, so a caller may start one and
/// let go of it (YTKBatchRequestAgent and YTKChainRequestAgent). Each ``NetworkAgent`` has
/// one (`agent.groups`), holding the groups that run on it.
public final class GroupAgent: Sendable {
    /// The shared agent's groups: a convenience for callers; the engine itself uses the
    /// group's own agent.
    public static var shared: GroupAgent { NetworkAgent.shared.groups }

    init() {}

    private let running = Mutex<[ObjectIdentifier: LifecycleSubject]>([:])

    /// The batches running on the agent, in no particular order.
    public var runningBatches: [BatchRequest] {
        running.withLock { $0.values.compactMap { if case .batch(let batch) = $0 { return batch } else { return nil } } }
    }

    /// The chains running on the agent, in no particular order.
    public var runningChains: [ChainRequest] {
        running.withLock { $0.values.compactMap { if case .chain(let chain) = $0 { return chain } else { return nil } } }
    }

    func add(_ subject: LifecycleSubject) {
        running.withLock { $0[ObjectIdentifier(subject.object)] = subject }
    }

    func remove(_ object: RequestGroup) {
        running.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(object)) }
    }
}

/// How one request of a batch (or one step of a chain) stands.
public enum GroupItemState: String, Sendable, Codable {
    /// Not started yet.
    case pending
    /// A chain in step mode waits here until `advance()`.
    case waitingForAdvance
    /// Started; not finished.
    case running
    /// Finished successfully.
    case succeeded
    /// Finished with an error.
    case failed
    /// Stopped with its batch or chain, or after another request of a fail-fast batch failed.
    case cancelled
    /// A chain step whose condition was false, or that the user skipped.
    case skipped

    /// Whether the item is done: succeeded, failed, cancelled or skipped.
    public var isFinished: Bool { self != .pending && self != .waitingForAdvance && self != .running }
}
