import Foundation

/// One step of a chain: a request, or a group of requests run in parallel as a batch,
/// optionally only when a condition over earlier results holds.
public struct ChainStep: Sendable {
    /// What a step sends.
    public enum Work: Sendable {
        /// One request.
        case request(Request)
        /// Run together; the step fails at the first failure.
        case group([Request])

        /// The step's requests: the one, or the group's in order.
        public var requests: [Request] {
            switch self {
            case .request(let request): return [request]
            case .group(let requests): return requests
            }
        }
    }

    /// What the step is called in snapshots and the workbench's chain pane, e.g. `GET /login`.
    public var title: String
    /// What the step sends.
    public var work: Work
    /// Evaluated just before the step would run; false skips it.
    public var condition: (@Sendable (ChainRequest) -> Bool)?
    /// Runs after the step succeeds and before the next starts; may add steps and record
    /// values (YTK's `addRequest:callback:`).
    public var callback: (@Sendable (ChainRequest, [Request]) -> Void)?

    /// A step; ``ChainRequest/addRequest(_:title:callback:when:)`` and
    /// ``ChainRequest/addGroup(_:title:callback:when:)`` make one with a title from the requests.
    public init(title: String, work: Work, condition: (@Sendable (ChainRequest) -> Bool)? = nil,
                callback: (@Sendable (ChainRequest, [Request]) -> Void)? = nil) {
        self.title = title
        self.work = work
        self.condition = condition
        self.callback = callback
    }
}

/// Where one step of a chain stands.
public struct ChainStepSnapshot: Sendable {
    /// The step's place in the chain, from 0.
    public let index: Int
    /// The step's title.
    public let title: String
    /// Where the step stands.
    public let state: GroupItemState
    /// The step's requests.
    public let requests: [Request]
    /// When the step last started; nil before it ran.
    public let startedAt: Date?
    /// When the step finished (or was skipped from a pause); nil before and while it runs.
    public let finishedAt: Date?
    /// Values the step's callback recorded with `setValue(_:forKey:)`.
    public let values: [String: String]
    /// The error of a failed step.
    public let error: RequestError?

    /// Seconds from the step's start to its finish, or to now while it runs; nil before it ran.
    public var duration: TimeInterval? {
        guard let startedAt else { return nil }
        return (finishedAt ?? Date()).timeIntervalSince(startedAt)
    }
}

/// Where a chain stands: what the workbench's chain pane shows.
public struct ChainSnapshot: Sendable {
    /// Every step's state, in order (steps added while running included).
    public let steps: [ChainStepSnapshot]
    /// The step running, waiting or failed in step mode; nil before the start and after the end.
    public let currentIndex: Int?
    /// Waiting for `advance()`, `retry()`, `skip()` or `stop()`.
    public let isPaused: Bool
    /// Whether the chain runs, paused or not.
    public let isRunning: Bool
    /// Every value recorded so far.
    public let values: [String: String]
}
