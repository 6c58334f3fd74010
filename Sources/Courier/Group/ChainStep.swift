import Foundation

/// One step of a chain: a request, or a group of requests run in parallel as a batch,
/// optionally only when a condition over earlier results holds.
public struct ChainStep: Sendable {
    public enum Work: Sendable {
        case request(Request)
        /// Run together; the step fails at the first failure.
        case group([Request])

        public var requests: [Request] {
            switch self {
            case .request(let request): return [request]
            case .group(let requests): return requests
            }
        }
    }

    public var title: String
    public var work: Work
    /// Evaluated just before the step would run; false skips it.
    public var condition: (@Sendable (ChainRequest) -> Bool)?
    /// Runs after the step succeeds and before the next starts; may add steps and record
    /// values (YTK's `addRequest:callback:`).
    public var callback: (@Sendable (ChainRequest, [Request]) -> Void)?

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
    public let index: Int
    public let title: String
    public let state: GroupItemState
    public let requests: [Request]
    public let startedAt: Date?
    public let finishedAt: Date?
    /// Values the step's callback recorded with `setValue(_:forKey:)`.
    public let values: [String: String]
    /// The error of a failed step.
    public let error: RequestError?

    public var duration: TimeInterval? {
        guard let startedAt else { return nil }
        return (finishedAt ?? Date()).timeIntervalSince(startedAt)
    }
}

/// Where a chain stands: what the workbench's chain pane shows.
public struct ChainSnapshot: Sendable {
    public let steps: [ChainStepSnapshot]
    /// The step running, waiting or failed in step mode; nil before the start and after the end.
    public let currentIndex: Int?
    /// Waiting for `advance()`, `retry()`, `skip()` or `stop()`.
    public let isPaused: Bool
    public let isRunning: Bool
    /// Every value recorded so far.
    public let values: [String: String]
}
