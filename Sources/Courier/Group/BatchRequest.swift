import Foundation
import Synchronization

/// Told when a batch finishes (YTKBatchRequestDelegate). Held weakly.
public protocol BatchRequestDelegate: AnyObject, Sendable {
    func batchRequestFinished(_ batch: BatchRequest)
    func batchRequestFailed(_ batch: BatchRequest)
}

extension BatchRequestDelegate {
    public func batchRequestFinished(_ batch: BatchRequest) {}
    public func batchRequestFailed(_ batch: BatchRequest) {}
}

/// Where a batch stands: what a UI shows while it runs.
public struct BatchSnapshot: Sendable {
    public let states: [GroupItemState]
    public var total: Int { states.count }
    public var finished: Int { states.filter(\.isFinished).count }
    public var succeeded: Int { states.filter { $0 == .succeeded }.count }
    public var failed: Int { states.filter { $0 == .failed }.count }
}

/// Requests started together (YTKBatchRequest). By default the batch succeeds when every
/// request succeeds and fails at the first failure, stopping the others; with
/// `continueOnFailure` every request runs and each one's outcome is reported (YTK #421).
open class BatchRequest: @unchecked Sendable {
    public let requests: [Request]
    public let continueOnFailure: Bool

    struct State: Sendable {
        var agent: NetworkAgent?
        var tag = 0
        weak var delegate: (any BatchRequestDelegate)?
        var accessories: [any RequestAccessory] = []
        var success: (@Sendable (BatchRequest) -> Void)?
        var failure: (@Sendable (BatchRequest) -> Void)?
        var continuation: CheckedContinuation<Void, any Error>?
        var isRunning = false
        var items: [GroupItemState] = []
        var failedRequest: Request?
        var watchers: [Int: AsyncStream<BatchSnapshot>.Continuation] = [:]
        var nextWatcher = 0
    }
    let state = Mutex(State())

    public init(requests: [Request], continueOnFailure: Bool = false) {
        self.requests = requests
        self.continueOnFailure = continueOnFailure
        state.withLock { $0.items = Array(repeating: .pending, count: requests.count) }
    }

    /// The agent whose config (callback queue, global accessories) and event stream the batch
    /// uses; the first request's agent unless set.
    public var agent: NetworkAgent {
        get { state.withLock { $0.agent } ?? requests.first?.agent ?? .shared }
        set { state.withLock { $0.agent = newValue } }
    }
    public var tag: Int {
        get { state.withLock { $0.tag } }
        set { state.withLock { $0.tag = newValue } }
    }
    /// Held weakly.
    public var delegate: (any BatchRequestDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }
    public var accessories: [any RequestAccessory] {
        get { state.withLock { $0.accessories } }
        set { state.withLock { $0.accessories = newValue } }
    }
    public func addAccessory(_ accessory: any RequestAccessory) { state.withLock { $0.accessories.append(accessory) } }
    public var isRunning: Bool { state.withLock { $0.isRunning } }
    /// The first request that failed.
    public var failedRequest: Request? { state.withLock { $0.failedRequest } }
    /// The requests that failed, in order (several only with `continueOnFailure`).
    public var failedRequests: [Request] {
        let items = state.withLock { $0.items }
        return zip(requests, items).filter { $0.1 == .failed }.map(\.0)
    }
    /// A cheap copy of every request's state.
    public var snapshot: BatchSnapshot { BatchSnapshot(states: state.withLock { $0.items }) }

    /// A snapshot now and after every change, until the batch finishes.
    public func progress() -> AsyncStream<BatchSnapshot> {
        let (stream, continuation) = AsyncStream<BatchSnapshot>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.yield(snapshot)
        state.withLock { state in
            state.watchers[state.nextWatcher] = continuation
            state.nextWatcher += 1
        }
        return stream
    }

    private var fanout: LifecycleFanout {
        LifecycleFanout(agent: agent, subject: .batch(self), own: accessories)
    }

    // MARK: - Running

    /// Starts every request at once. Does nothing while the batch runs.
    open func start() {
        let claimed = state.withLock { state -> Bool in
            guard !state.isRunning else { return false }
            state.isRunning = true
            state.failedRequest = nil
            state.items = Array(repeating: .running, count: requests.count)
            return true
        }
        guard claimed else { return }
        GroupAgent.shared.add(.batch(self))
        fanout.willStart()
        publish()
        if requests.isEmpty {
            agent.config.callbackQueue.async { self.complete(failure: nil) }
            return
        }
        for (index, request) in requests.enumerated() {
            request.state.withLock { $0.groupObserver = { [self] _, error in requestFinished(at: index, error: error) } }
            request.start()
        }
    }

    /// Sets the completion handlers and starts.
    public func start(success: (@Sendable (BatchRequest) -> Void)?, failure: (@Sendable (BatchRequest) -> Void)?) {
        state.withLock { state in
            state.success = success
            state.failure = failure
        }
        start()
    }

    /// Starts and waits: returns the finished batch or throws a ``GroupFailure``.
    @discardableResult
    public func run() async throws -> Self {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                state.withLock { $0.continuation = continuation }
                start()
                if Task.isCancelled { stop() }
            }
        } onCancel: {
            self.stop()
        }
        return self
    }

    /// Stops every request still running; no failure callback follows.
    public func stop() {
        let (wasRunning, continuation) = state.withLock { state in
            defer { state.continuation = nil }
            guard state.isRunning else { return (false, state.continuation) }
            state.isRunning = false
            state.delegate = nil
            state.success = nil
            state.failure = nil
            state.items = state.items.map { $0.isFinished ? $0 : .cancelled }
            return (true, state.continuation)
        }
        guard wasRunning else {
            continuation?.resume(throwing: RequestError.cancelled)
            return
        }
        let fanout = self.fanout
        fanout.willStop()
        stopRequests(except: nil)
        fanout.didStop(.cancelled)
        publish(final: true)
        continuation?.resume(throwing: RequestError.cancelled)
        GroupAgent.shared.remove(self)
    }

    private func stopRequests(except finished: Int?) {
        for (index, request) in requests.enumerated() where index != finished {
            request.state.withLock { $0.groupObserver = nil }
            request.stop()
        }
    }

    private func requestFinished(at index: Int, error: RequestError?) {
        enum Next { case wait, failFast, complete }
        let next = state.withLock { state -> Next in
            guard state.isRunning else { return .wait }
            state.items[index] = error == nil ? .succeeded : .failed
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
            agent.config.callbackQueue.async { self.complete(failure: self.failedRequest) }
        case .complete:
            agent.config.callbackQueue.async { self.complete(failure: self.failedRequest) }
        }
    }

    /// YTK's batch callback order: accessories willStop → delegate → closure → accessories didStop.
    private func complete(failure failedRequest: Request?) {
        let (delegate, success, failure, continuation) = state.withLock { state in
            defer {
                state.success = nil
                state.failure = nil
                state.continuation = nil
                state.isRunning = false
            }
            return (state.delegate, state.success, state.failure, state.continuation)
        }
        let fanout = self.fanout
        let error = failedRequest.map { $0.error ?? .cancelled }
        fanout.willStop()
        if error == nil {
            delegate?.batchRequestFinished(self)
            success?(self)
        } else {
            delegate?.batchRequestFailed(self)
            failure?(self)
        }
        fanout.didStop(.finished(error))
        publish(final: true)
        if let failedRequest, let error {
            continuation?.resume(throwing: GroupFailure(failedRequest: failedRequest, error: error))
        } else {
            continuation?.resume()
        }
        GroupAgent.shared.remove(self)
    }

    private func publish(final: Bool = false) {
        let (snapshot, watchers) = state.withLock { state in
            defer { if final { state.watchers.removeAll() } }
            return (BatchSnapshot(states: state.items), Array(state.watchers.values))
        }
        for watcher in watchers {
            watcher.yield(snapshot)
            if final { watcher.finish() }
        }
    }
}
