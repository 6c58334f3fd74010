import Foundation
import Synchronization

/// Told when a chain finishes (YTKChainRequestDelegate). Held weakly.
public protocol ChainRequestDelegate: AnyObject, Sendable {
    func chainRequestFinished(_ chain: ChainRequest)
    func chainRequestFailed(_ chain: ChainRequest, failedRequest: Request)
}

extension ChainRequestDelegate {
    public func chainRequestFinished(_ chain: ChainRequest) {}
    public func chainRequestFailed(_ chain: ChainRequest, failedRequest: Request) {}
}

/// Steps run one after another (YTKChainRequest): each step's callback runs after it succeeds
/// and before the next starts, and may add steps — "send A; depending on A's result send B and
/// C; depending on B and C send D". A step may be a parallel group and may be conditional.
/// In step mode the chain pauses before each step until `advance()`, and after a failure
/// until `retry()`, `skip()` or `stop()`.
open class ChainRequest: @unchecked Sendable {
    struct Step: Sendable {
        var definition: ChainStep
        var state = GroupItemState.pending
        var startedAt: Date?
        var finishedAt: Date?
        var values: [String: String] = [:]
        var error: RequestError?
    }

    struct State: Sendable {
        var agent: NetworkAgent?
        var tag = 0
        weak var delegate: (any ChainRequestDelegate)?
        var accessories: [any RequestAccessory] = []
        var success: (@Sendable (ChainRequest) -> Void)?
        var failure: (@Sendable (ChainRequest) -> Void)?
        var continuation: CheckedContinuation<Void, any Error>?
        var steps: [Step] = []
        var current: Int?
        var isRunning = false
        var isPaused = false
        var stepMode = false
        var values: [String: String] = [:]
        var failedRequest: Request?
        var runningBatch: BatchRequest?
        var watchers: [Int: AsyncStream<ChainSnapshot>.Continuation] = [:]
        var nextWatcher = 0
    }
    let state = Mutex(State())

    public init(stepMode: Bool = false) {
        state.withLock { $0.stepMode = stepMode }
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

    public func addStep(_ step: ChainStep) {
        state.withLock { $0.steps.append(Step(definition: step)) }
        publish()
    }

    // MARK: - Settings and state

    /// The agent whose config and event stream the chain uses; the first step's agent unless set.
    public var agent: NetworkAgent {
        get {
            state.withLock { $0.agent ?? $0.steps.first?.definition.work.requests.first?.agent } ?? .shared
        }
        set { state.withLock { $0.agent = newValue } }
    }
    public var tag: Int {
        get { state.withLock { $0.tag } }
        set { state.withLock { $0.tag = newValue } }
    }
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
    public var accessories: [any RequestAccessory] {
        get { state.withLock { $0.accessories } }
        set { state.withLock { $0.accessories = newValue } }
    }
    public func addAccessory(_ accessory: any RequestAccessory) { state.withLock { $0.accessories.append(accessory) } }
    public var isRunning: Bool { state.withLock { $0.isRunning } }
    /// The request that failed the chain.
    public var failedRequest: Request? { state.withLock { $0.failedRequest } }
    public var requests: [Request] { state.withLock { $0.steps.flatMap(\.definition.work.requests) } }

    /// Records a value for later steps' conditions, against the step running now.
    public func setValue(_ value: String, forKey key: String) {
        state.withLock { state in
            state.values[key] = value
            if let current = state.current { state.steps[current].values[key] = value }
        }
    }

    public func value(forKey key: String) -> String? { state.withLock { $0.values[key] } }

    /// A cheap copy of every step's state.
    public var snapshot: ChainSnapshot { state.withLock { Self.snapshot(of: $0) } }

    /// A snapshot now and after every change, until the chain finishes.
    public func progress() -> AsyncStream<ChainSnapshot> {
        let (stream, continuation) = AsyncStream<ChainSnapshot>.makeStream(bufferingPolicy: .bufferingNewest(64))
        state.withLock { state in
            continuation.yield(Self.snapshot(of: state))
            state.watchers[state.nextWatcher] = continuation
            state.nextWatcher += 1
        }
        return stream
    }

    var fanout: LifecycleFanout { LifecycleFanout(agent: agent, subject: .chain(self), own: accessories) }

    static func snapshot(of state: State) -> ChainSnapshot {
        let steps = state.steps.enumerated().map { index, step in
            ChainStepSnapshot(index: index, title: step.definition.title, state: step.state,
                              requests: step.definition.work.requests, startedAt: step.startedAt,
                              finishedAt: step.finishedAt, values: step.values, error: step.error)
        }
        return ChainSnapshot(steps: steps, currentIndex: state.current, isPaused: state.isPaused,
                             isRunning: state.isRunning, values: state.values)
    }

    func publish(final: Bool = false) {
        let (snapshot, watchers) = state.withLock { state in
            defer { if final { state.watchers.removeAll() } }
            return (Self.snapshot(of: state), Array(state.watchers.values))
        }
        for watcher in watchers {
            watcher.yield(snapshot)
            if final { watcher.finish() }
        }
    }
}
