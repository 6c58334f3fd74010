/// Where a request is in one run. A run moves forward only through the transitions
/// ``canMove(to:)`` allows, and only through the request's own methods; `start()` claims a
/// run atomically, so of two concurrent starts exactly one proceeds.
///
/// ```
/// idle / finished / cancelled → preparing → queued → inFlight → processing → delivering → finished
///                                   │          ↑ │                 ↑  │
///                                   │          │ └─────────────────┘  │ (unsendable: fails before a transfer)
///                                   │          └──────────────────────┘ (retry, or a refused resume)
///                                   └→ delivering (an answer without the network: a cache hit)
/// any active phase → cancelled (stop)
/// ```
public enum RequestPhase: Sendable, Hashable, CustomStringConvertible {
    /// Never started.
    case idle
    /// Claimed by `start()`: settings read, cache looked up, request being built.
    case preparing
    /// Handed to the agent, waiting for a transfer slot (or for a retry).
    case queued
    /// The transfer runs.
    case inFlight
    /// The transfer ended; the outcome is being decided (serializer, validation, retry).
    case processing
    /// The outcome is stored; the callbacks are on their way to the callback queue.
    case delivering
    /// The callbacks ran (or are running): the request may be started again.
    case finished
    /// Stopped before it finished; no callback follows.
    case cancelled

    /// Whether a run is under way (YTK `isExecuting`).
    public var isActive: Bool {
        switch self {
        case .preparing, .queued, .inFlight, .processing, .delivering: return true
        case .idle, .finished, .cancelled: return false
        }
    }

    /// Whether a request in this phase may move to `next`.
    public func canMove(to next: RequestPhase) -> Bool {
        switch (self, next) {
        case (.idle, .preparing), (.finished, .preparing), (.cancelled, .preparing): return true
        case (.preparing, .queued), (.preparing, .delivering): return true
        case (.queued, .inFlight), (.queued, .processing): return true
        case (.inFlight, .processing): return true
        case (.processing, .queued), (.processing, .delivering): return true
        case (.delivering, .finished): return true
        case (_, .cancelled): return isActive
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .idle: "idle"
        case .preparing: "preparing"
        case .queued: "queued"
        case .inFlight: "in flight"
        case .processing: "processing"
        case .delivering: "delivering"
        case .finished: "finished"
        case .cancelled: "cancelled"
        }
    }
}
