import Foundation
import Synchronization

/// What batches and chains share: the caller's settings (agent, tag, accessories), the
/// completion handlers and an awaiting `run()`, and YTK's ending sequence. Subclasses run
/// the requests.
open class RequestGroup: @unchecked Sendable {
    struct Handlers: Sendable {
        var agent: NetworkAgent?
        var tag = 0
        var hudText: String?
        var quietErrors = false
        var accessories: [any RequestAccessory] = []
        var success: (@Sendable (RequestGroup) -> Void)?
        var failure: (@Sendable (RequestGroup) -> Void)?
        var continuation: CheckedContinuation<Void, any Error>?
        /// Where the group is kept while it runs: its agent's groups when it started.
        var keptBy: GroupAgent?
    }
    let handlers = Mutex(Handlers())

    init() {}

    /// The agent when none is set: the one of the group's first request.
    var defaultAgent: NetworkAgent { .shared }
    /// How the group appears to accessories and in lifecycle events.
    var lifecycleSubject: LifecycleSubject { preconditionFailure("\(type(of: self)) must provide lifecycleSubject") }

    /// Starts the group. Does nothing while it runs.
    open func start() { preconditionFailure("\(type(of: self)) must override start()") }
    /// Stops every request still running; no failure callback follows.
    open func stop() { preconditionFailure("\(type(of: self)) must override stop()") }

    // MARK: - Settings of the caller

    /// The agent whose config (callback queue, global accessories) and event stream the group
    /// uses; the first request's agent unless set.
    public var agent: NetworkAgent {
        get { handlers.withLock { $0.agent } ?? defaultAgent }
        set { handlers.withLock { $0.agent = newValue } }
    }
    /// The caller's number for the group (YTK's `tag`); the engine does not read it. 0 unless set.
    public var tag: Int {
        get { handlers.withLock { $0.tag } }
        set { handlers.withLock { $0.tag = newValue } }
    }
    /// Shown by a loading indicator while the group runs (YTK's HUD plugin's
    /// `animatingText`); its requests may carry their own. See ``HUDSubject``.
    public var hudText: String? {
        get { handlers.withLock { $0.hudText } }
        set { handlers.withLock { $0.hudText = newValue } }
    }
    /// Keeps the group's failure out of a loading indicator's toasts (YTK's
    /// `isHideErrorToast`); its requests say so for themselves.
    public var quietErrors: Bool {
        get { handlers.withLock { $0.quietErrors } }
        set { handlers.withLock { $0.quietErrors = newValue } }
    }
    /// The group's own accessories, called after the config's for the group's start and stop (its
    /// requests' moments go to their own accessories, not these). Set before starting.
    public var accessories: [any RequestAccessory] {
        get { handlers.withLock { $0.accessories } }
        set { handlers.withLock { $0.accessories = newValue } }
    }
    /// Appends an accessory to ``accessories`` (YTK's `addAccessory:`).
    public func addAccessory(_ accessory: any RequestAccessory) {
        handlers.withLock { $0.accessories.append(accessory) }
    }

    // MARK: - Starting

    /// Sets the completion handlers (called on the callback queue after the delegate) and starts.
    public func start(success: (@Sendable (Self) -> Void)?, failure: (@Sendable (Self) -> Void)?) {
        var onSuccess: (@Sendable (RequestGroup) -> Void)?
        var onFailure: (@Sendable (RequestGroup) -> Void)?
        if let success { onSuccess = { group in success(group as! Self) } }
        if let failure { onFailure = { group in failure(group as! Self) } }
        handlers.withLock { [onSuccess, onFailure] handlers in
            handlers.success = onSuccess
            handlers.failure = onFailure
        }
        start()
    }

    /// Starts and waits: returns the finished group or throws a ``GroupFailure``; cancelling
    /// the task stops the group.
    @discardableResult
    public func run() async throws -> Self {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                handlers.withLock { $0.continuation = continuation }
                start()
                if Task.isCancelled { stop() }
            }
        } onCancel: {
            self.stop()
        }
        return self
    }

    // MARK: - Ending (for subclasses)

    /// Keeps the group alive in its agent's ``NetworkAgent/groups`` until it ends.
    func keepWhileRunning(_ subject: LifecycleSubject) {
        let groups = agent.groups
        handlers.withLock { $0.keptBy = groups }
        groups.add(subject)
    }

    /// Lets go of the group where ``keepWhileRunning(_:)`` kept it.
    private func letGo() {
        handlers.withLock { handlers in
            defer { handlers.keptBy = nil }
            return handlers.keptBy
        }?.remove(self)
    }

    var fanout: LifecycleFanout { LifecycleFanout(agent: agent, subject: lifecycleSubject, own: accessories) }

    /// YTK's group ending: accessories willStop → delegate → closure → the agent lets go of
    /// the group → accessories didStop; then an awaiting `run()` resumes — throwing a
    /// ``GroupFailure`` for a failure unless `runThrows` is false (a partial success).
    func finishRun(failedRequest: Request?, runThrows: Bool = true, notifyDelegate: (Request?) -> Void) {
        let (success, failure, continuation) = handlers.withLock { handlers in
            defer {
                handlers.success = nil
                handlers.failure = nil
                handlers.continuation = nil
            }
            return (handlers.success, handlers.failure, handlers.continuation)
        }
        let fanout = self.fanout
        let error = failedRequest.map { $0.error ?? .cancelled }
        fanout.willStop()
        notifyDelegate(failedRequest)
        if error == nil { success?(self) } else { failure?(self) }
        letGo()
        fanout.didStop(.finished(error))
        if let failedRequest, let error, runThrows {
            continuation?.resume(throwing: GroupFailure(failedRequest: failedRequest, error: error))
        } else {
            continuation?.resume()
        }
    }

    /// The stop sequence once a subclass has marked itself stopped: willStop, `stopWork`,
    /// didStop, and `run()` throws ``RequestError/cancelled``. When the group was not
    /// running, only a pending `run()` is released.
    func cancelRun(wasRunning: Bool, stopWork: () -> Void) {
        let continuation = handlers.withLock { handlers in
            defer {
                handlers.continuation = nil
                if wasRunning {
                    handlers.success = nil
                    handlers.failure = nil
                }
            }
            return handlers.continuation
        }
        guard wasRunning else {
            continuation?.resume(throwing: RequestError.cancelled)
            return
        }
        let fanout = self.fanout
        fanout.willStop()
        stopWork()
        letGo()
        fanout.didStop(.cancelled)
        continuation?.resume(throwing: RequestError.cancelled)
    }
}

/// The `progress()` streams of a batch or chain: each gets the snapshot now and after every
/// change, and ends with the group.
final class SnapshotWatchers<Snapshot: Sendable>: Sendable {
    private struct State {
        var next = 0
        var continuations: [Int: AsyncStream<Snapshot>.Continuation] = [:]
        /// The last snapshot of a finished run, for streams opened after the end.
        var final: Snapshot?
    }
    private let state = Mutex(State())

    func stream(startingWith snapshot: Snapshot) -> AsyncStream<Snapshot> {
        let (stream, continuation) = AsyncStream<Snapshot>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let ended = state.withLock { state -> Snapshot? in
            if let final = state.final { return final }
            continuation.yield(snapshot)
            state.continuations[state.next] = continuation
            state.next += 1
            return nil
        }
        if let ended {
            continuation.yield(ended)
            continuation.finish()
        }
        return stream
    }

    /// A new run: streams opened from now on follow it instead of getting the last run's end.
    /// Called by `start()` inside the lock that claims the run, so that a stream is opened either
    /// before (and gets the end) or after (and follows the run) — never a publish: a late one of
    /// the run that ended (a step's launch publishing after its quick request already finished
    /// the chain) would forget the end, and a stream opened then would wait for a run that is over.
    func beginRun() {
        state.withLock { $0.final = nil }
    }

    /// Sends the snapshot to every stream open now; the final one is also kept for streams
    /// opened later. The snapshot is made only when a stream or the end needs it: a group
    /// publishes at every step, and a snapshot copies every step (a chain of a thousand steps
    /// spent most of its time making snapshots nobody read).
    func publish(_ makeSnapshot: @autoclosure () -> Snapshot, final: Bool) {
        let needed = state.withLock { state -> Bool in
            final || !state.continuations.isEmpty
        }
        guard needed else { return }
        let snapshot = makeSnapshot()
        let continuations = state.withLock { state in
            defer { if final { state.continuations.removeAll() } }
            if final { state.final = snapshot }
            return Array(state.continuations.values)
        }
        for continuation in continuations {
            continuation.yield(snapshot)
            if final { continuation.finish() }
        }
    }
}
