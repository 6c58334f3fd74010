import Foundation
import Synchronization

/// Told when a batch finishes (YTKBatchRequestDelegate). Held weakly.
public protocol BatchRequestDelegate: AnyObject, Sendable {
    /// Called on the callback queue when every request succeeded — or, with `continueOnFailure`,
    /// when every request ran and none failed (YTKBatchRequestDelegate's `batchRequestFinished:`).
    func batchRequestFinished(_ batch: BatchRequest)
    /// Called on the callback queue when the batch failed: at the first failure, or with
    /// `continueOnFailure` once every request ran and any failed (YTK's `batchRequestFailed:`).
    /// ``BatchRequest/failedRequest`` and ``BatchRequest/failedRequests`` say which.
    func batchRequestFailed(_ batch: BatchRequest)
}

extension BatchRequestDelegate {
    /// Does nothing: a delegate implements what it cares about.
    public func batchRequestFinished(_ batch: BatchRequest) {}
    /// Does nothing: a delegate implements what it cares about.
    public func batchRequestFailed(_ batch: BatchRequest) {}
}

/// Where a batch stands: what a UI shows while it runs.
public struct BatchSnapshot: Sendable {
    /// Each request's state, in the batch's order.
    public let states: [GroupItemState]
    /// How many requests the batch has.
    public var total: Int { states.count }
    /// How many have finished: succeeded, failed or cancelled.
    public var finished: Int { states.filter(\.isFinished).count }
    /// How many succeeded.
    public var succeeded: Int { states.filter { $0 == .succeeded }.count }
    /// How many failed (cancelled ones are not counted).
    public var failed: Int { states.filter { $0 == .failed }.count }
}

/// Requests started together (YTKBatchRequest). By default the batch succeeds when every
/// request succeeds and fails at the first failure, stopping the others; with
/// `continueOnFailure` every request runs and each one's outcome is reported (YTK #421).
/// Such a batch is a partial success: once every request ran, `run()` returns and
/// `failedRequests` lists the failures — unless `requireAll` asks it to throw. Its failure
/// callbacks and delegate still say that something failed, as YTK's do.
open class BatchRequest: RequestGroup, @unchecked Sendable {
    /// The requests, in the order given; they start in this order, at once.
    public let requests: [Request]
    /// Every request runs whatever the others do, and the batch reports each failure (YTK #421);
    /// false (the default): the first failure stops the others and fails the batch.
    public let continueOnFailure: Bool
    /// With `continueOnFailure`: `run()` throws when any request failed, as without it.
    public let requireAll: Bool

    struct State: Sendable {
        weak var delegate: (any BatchRequestDelegate)?
        var isRunning = false
        var items: [GroupItemState] = []
        var failedRequest: Request?
    }
    let state = Mutex(State())
    private let watchers = SnapshotWatchers<BatchSnapshot>()

    /// A batch of `requests`, not started. Fail-fast unless `continueOnFailure`; `requireAll` makes
    /// a partial success throw from `run()`.
    public init(requests: [Request], continueOnFailure: Bool = false, requireAll: Bool = false) {
        self.requests = requests
        self.continueOnFailure = continueOnFailure
        self.requireAll = requireAll
        super.init()
        state.withLock { $0.items = Array(repeating: .pending, count: requests.count) }
    }

    override var defaultAgent: NetworkAgent { requests.first?.agent ?? .shared }
    override var lifecycleSubject: LifecycleSubject { .batch(self) }

    /// Held weakly.
    public var delegate: (any BatchRequestDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }
    /// Whether the batch runs: from ``start()`` until its completion is delivered or it is stopped.
    public var isRunning: Bool { state.withLock { $0.isRunning } }
    /// The first request that failed.
    public var failedRequest: Request? { state.withLock { $0.failedRequest } }
    /// The requests that failed, in order (several only with `continueOnFailure`).
    public var failedRequests: [Request] {
        let items = state.withLock { $0.items }
        return zip(requests, items).filter { $0.1 == .failed }.map(\.0)
    }
    /// True when every request was answered from the response cache.
    public var isDataFromCache: Bool {
        !requests.isEmpty && requests.allSatisfy { ($0 as? CachedRequest)?.isDataFromCache == true }
    }
    /// A cheap copy of every request's state.
    public var snapshot: BatchSnapshot { BatchSnapshot(states: state.withLock { $0.items }) }

    /// The snapshot now and after every change, until the batch finishes.
    public func progress() -> AsyncStream<BatchSnapshot> { watchers.stream(startingWith: snapshot) }

    private func publish(final: Bool = false) { watchers.publish(snapshot, final: final) }

    // MARK: - Running

    /// Starts every request at once. Does nothing while the batch runs.
    open override func start() {
        let claimed = state.withLock { state -> Bool in
            guard !state.isRunning else { return false }
            watchers.beginRun()
            state.isRunning = true
            state.failedRequest = nil
            state.items = Array(repeating: .running, count: requests.count)
            return true
        }
        guard claimed else { return }
        keepWhileRunning(.batch(self))
        fanout.willStart()
        publish()
        if requests.isEmpty {
            agent.config.callbackQueue.async { self.complete() }
            return
        }
        for (index, request) in requests.enumerated() {
            request.setGroupObserver { [self] _, error in requestFinished(at: index, error: error) }
            request.start()
        }
    }

    /// Stops every request still running; no failure callback follows.
    open override func stop() {
        let wasRunning = state.withLock { state -> Bool in
            guard state.isRunning else { return false }
            state.isRunning = false
            state.delegate = nil
            state.items = state.items.map { $0.isFinished ? $0 : .cancelled }
            return true
        }
        cancelRun(wasRunning: wasRunning) { stopRequests(except: nil) }
        if wasRunning { publish(final: true) }
    }

    private func stopRequests(except finished: Int?) {
        for (index, request) in requests.enumerated() where index != finished {
            request.setGroupObserver(nil)
            request.stop()
        }
    }

    private func requestFinished(at index: Int, error: RequestError?) {
        enum Next { case wait, failFast, complete }
        let next = state.withLock { state -> Next in
            guard state.isRunning else { return .wait }
            state.items[index] = error == nil ? .succeeded : error?.code == .cancelled ? .cancelled : .failed
            if error != nil, state.failedRequest == nil { state.failedRequest = requests[index] }
            if error != nil, !continueOnFailure {
                state.items = state.items.map { $0.isFinished ? $0 : .cancelled }
                state.isRunning = false
                return .failFast
            }
            guard state.items.allSatisfy(\.isFinished) else { return .wait }
            state.isRunning = false
            return .complete
        }
        publish()
        switch next {
        case .wait:
            return
        case .failFast:
            stopRequests(except: index)
            agent.config.callbackQueue.async { self.complete() }
        case .complete:
            agent.config.callbackQueue.async { self.complete() }
        }
    }

    private func complete() {
        let (delegate, everyRequestRan) = state.withLock { state in
            state.isRunning = false
            return (state.delegate, !state.items.contains(.cancelled))
        }
        let partialSuccess = continueOnFailure && !requireAll && everyRequestRan
        finishRun(failedRequest: failedRequest, runThrows: !partialSuccess) { failed in
            if failed == nil { delegate?.batchRequestFinished(self) } else { delegate?.batchRequestFailed(self) }
        }
        publish(final: true)
    }
}
