import Foundation
import Synchronization

/// Told when a chain finishes (YTKChainRequestDelegate). Held weakly.
public protocol ChainRequestDelegate: AnyObject, Sendable {
    /// Called on the callback queue when every step succeeded or was skipped
    /// (YTKChainRequestDelegate's `chainRequestFinished:`).
    func chainRequestFinished(_ chain: ChainRequest)
    /// Called on the callback queue when a step failed, with the request that failed
    /// (YTKChainRequestDelegate's `chainRequestFailed:failedBaseRequest:`). In step mode a
    /// failed step pauses the chain instead (``ChainRequest/retry()``, ``ChainRequest/skip()``
    /// or ``RequestGroup/stop()``), and a stop calls no delegate.
    func chainRequestFailed(_ chain: ChainRequest, failedRequest: Request)
}

extension ChainRequestDelegate {
    /// Does nothing: a delegate implements what it cares about.
    public func chainRequestFinished(_ chain: ChainRequest) {}
    /// Does nothing: a delegate implements what it cares about.
    public func chainRequestFailed(_ chain: ChainRequest, failedRequest: Request) {}
}

/// Steps run one after another (YTKChainRequest): each step's callback runs after it succeeds
/// and before the next starts, and may add steps — "send A; depending on A's result send B and
/// C; depending on B and C send D". A step may be a parallel group and may be conditional.
/// In step mode the chain pauses before each step until `advance()`, and after a failure
/// until `retry()`, `skip()` or `stop()`.
open class ChainRequest: RequestGroup, @unchecked Sendable {
    struct Step: Sendable {
        var definition: ChainStep
        var state = GroupItemState.pending
        var startedAt: Date?
        var finishedAt: Date?
        var values: [String: String] = [:]
        var error: RequestError?
    }

    struct State: Sendable {
        weak var delegate: (any ChainRequestDelegate)?
        var steps: [Step] = []
        var current: Int?
        var isRunning = false
        var isPaused = false
        var stepMode = false
        var values: [String: String] = [:]
        var failedRequest: Request?
        var runningBatch: BatchRequest?
    }
    let state = Mutex(State())
    private let watchers = SnapshotWatchers<ChainSnapshot>()

    /// An empty chain; add steps with ``addRequest(_:title:callback:when:)``,
    /// ``addGroup(_:title:callback:when:)`` or ``addStep(_:)``. With `stepMode` it pauses before
    /// each step until ``advance()``.
    public init(stepMode: Bool = false) {
        super.init()
        state.withLock { $0.stepMode = stepMode }
    }

    override var defaultAgent: NetworkAgent {
        state.withLock { $0.steps.first?.definition.work.requests.first?.agent } ?? .shared
    }
    override var lifecycleSubject: LifecycleSubject { .chain(self) }

    // MARK: - Starting and stopping

    /// Starts the first step (or, in step mode, waits for `advance()`). Does nothing while running.
    open override func start() {
        let claimed = state.withLock { state -> Bool in
            guard !state.isRunning else { return false }
            watchers.beginRun()
            state.isRunning = true
            state.isPaused = false
            state.failedRequest = nil
            state.current = nil
            state.values = [:]
            for index in state.steps.indices {
                state.steps[index].state = .pending
                state.steps[index].values = [:]
                state.steps[index].error = nil
                state.steps[index].startedAt = nil
                state.steps[index].finishedAt = nil
            }
            return true
        }
        guard claimed else { return }
        keepWhileRunning(.chain(self))
        fanout.willStart()
        runNext()
    }

    /// Stops the running step and drops the rest; no failure callback follows.
    open override func stop() {
        let (wasRunning, batch, current) = state.withLock { state -> (Bool, BatchRequest?, ChainStep?) in
            guard state.isRunning else { return (false, nil, nil) }
            state.isRunning = false
            state.isPaused = false
            state.delegate = nil
            let current = state.current.map { state.steps[$0].definition }
            for index in state.steps.indices where !state.steps[index].state.isFinished {
                state.steps[index].state = .cancelled
            }
            defer { state.runningBatch = nil }
            return (true, state.runningBatch, current)
        }
        cancelRun(wasRunning: wasRunning) {
            if let batch {
                batch.stop()
            } else if let current {
                for request in current.work.requests {
                    request.setGroupObserver(nil)
                    request.stop()
                }
            }
        }
        if wasRunning { publish(final: true) }
    }

    // MARK: - Building

    /// Adds a step sending one request (YTK `addRequest:callback:`). A trailing closure is the
    /// callback; `when` makes the step conditional.
    public func addRequest(_ request: Request, title: String? = nil,
                           callback: (@Sendable (ChainRequest, Request) -> Void)? = nil,
                           when condition: (@Sendable (ChainRequest) -> Bool)? = nil) {
        var stepCallback: (@Sendable (ChainRequest, [Request]) -> Void)?
        if let callback { stepCallback = { chain, requests in callback(chain, requests[0]) } }
        let stepTitle = title ?? "\(request.method.rawValue) \(request.requestURL)"
        addStep(ChainStep(title: stepTitle, work: .request(request), condition: condition, callback: stepCallback))
    }

    /// Adds a step sending several requests at once, as a batch that fails at the first failure.
    public func addGroup(_ requests: [Request], title: String? = nil,
                         callback: (@Sendable (ChainRequest, [Request]) -> Void)? = nil,
                         when condition: (@Sendable (ChainRequest) -> Bool)? = nil) {
        addStep(ChainStep(title: title ?? requests.map { "\($0.method.rawValue) \($0.requestURL)" }.joined(separator: " ∥ "),
                          work: .group(requests), condition: condition, callback: callback))
    }

    /// Adds a step made by hand, after the others; a running chain takes it when it gets there (a
    /// step's callback may add the next).
    public func addStep(_ step: ChainStep) {
        state.withLock { $0.steps.append(Step(definition: step)) }
        publish()
    }

    // MARK: - Settings and state

    /// Pause before each step until `advance()`. Set before starting.
    public var stepMode: Bool {
        get { state.withLock { $0.stepMode } }
        set { state.withLock { $0.stepMode = newValue } }
    }
    /// Held weakly.
    public var delegate: (any ChainRequestDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }
    /// Whether the chain runs: from ``start()`` until it finishes or is stopped, paused or not.
    public var isRunning: Bool { state.withLock { $0.isRunning } }
    /// The request that failed the chain.
    public var failedRequest: Request? { state.withLock { $0.failedRequest } }
    /// Every step's requests, in step order.
    public var requests: [Request] { state.withLock { $0.steps.flatMap(\.definition.work.requests) } }

    /// Records a value for later steps' conditions, against the step running now.
    public func setValue(_ value: String, forKey key: String) {
        state.withLock { state in
            state.values[key] = value
            if let current = state.current { state.steps[current].values[key] = value }
        }
    }

    /// The value last recorded for `key` with ``setValue(_:forKey:)`` in this run, or nil.
    public func value(forKey key: String) -> String? { state.withLock { $0.values[key] } }

    /// A cheap copy of every step's state.
    public var snapshot: ChainSnapshot { state.withLock { Self.snapshot(of: $0) } }

    /// The snapshot now and after every change, until the chain finishes.
    public func progress() -> AsyncStream<ChainSnapshot> { watchers.stream(startingWith: snapshot) }

    static func snapshot(of state: State) -> ChainSnapshot {
        let steps = state.steps.enumerated().map { index, step in
            ChainStepSnapshot(index: index, title: step.definition.title, state: step.state,
                              requests: step.definition.work.requests, startedAt: step.startedAt,
                              finishedAt: step.finishedAt, values: step.values, error: step.error)
        }
        return ChainSnapshot(steps: steps, currentIndex: state.current, isPaused: state.isPaused,
                             isRunning: state.isRunning, values: state.values)
    }

    func publish(final: Bool = false) { watchers.publish(snapshot, final: final) }
}
