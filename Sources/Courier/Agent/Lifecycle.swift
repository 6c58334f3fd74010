import Foundation
import Synchronization

/// What a lifecycle event is about.
public enum LifecycleSubject: Sendable {
    /// A single request.
    case request(Request)
    /// A batch; its requests report events of their own.
    case batch(BatchRequest)
    /// A chain; its steps' requests report events of their own.
    case chain(ChainRequest)

    /// The object accessories receive as `subject`.
    public var object: AnyObject {
        switch self {
        case .request(let request): return request
        case .batch(let batch): return batch
        case .chain(let chain): return chain
        }
    }
}

/// One moment in the life of a request, batch or chain, for UIs and logs.
public struct LifecycleEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// Started: reported after the accessories' `requestWillStart`, before anything is sent.
        case started
        /// A transfer moved (at most about ten times a second per request).
        case progress(TransferProgress)
        /// Finished: nil error for success.
        case finished(RequestError?)
        /// Answered from the response cache, without the network.
        case fromCache
        /// Stopped before it finished; no failure callback follows.
        case cancelled
    }

    /// What happened.
    public let kind: Kind
    /// The request, batch or chain it happened to.
    public let subject: LifecycleSubject
    /// When the event was reported (the wall clock).
    public let date: Date
}

/// The agent's fan-out of lifecycle events to every `events()` stream.
final class EventHub: Sendable {
    private let streams = Mutex<(next: Int, continuations: [Int: AsyncStream<LifecycleEvent>.Continuation])>((0, [:]))
    /// How many streams are open: read without the lock, so that emitting to nobody (the
    /// usual case outside a UI) costs one atomic load.
    private let listeners = Atomic<Int>(0)

    /// Whether any stream is open.
    var hasListeners: Bool { listeners.load(ordering: .relaxed) > 0 }

    func stream(bufferingNewest limit: Int) -> AsyncStream<LifecycleEvent> {
        let (stream, continuation) = AsyncStream<LifecycleEvent>.makeStream(bufferingPolicy: .bufferingNewest(limit))
        let id = streams.withLock { streams in
            defer { streams.next += 1 }
            streams.continuations[streams.next] = continuation
            listeners.store(streams.continuations.count, ordering: .relaxed)
            return streams.next
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.streams.withLock { streams in
                streams.continuations[id] = nil
                self.listeners.store(streams.continuations.count, ordering: .relaxed)
            }
        }
        return stream
    }

    /// Reports a moment to every open stream. The event is only built when one is open.
    func emit(_ kind: @autoclosure () -> LifecycleEvent.Kind, _ subject: @autoclosure () -> LifecycleSubject) {
        guard hasListeners else { return }
        let continuations = streams.withLock { Array($0.continuations.values) }
        guard !continuations.isEmpty else { return }
        let event = LifecycleEvent(kind: kind(), subject: subject(), date: Date())
        continuations.forEach { $0.yield(event) }
    }
}

/// Calls the config's global accessories and then a subject's own, and reports the moment
/// on the agent's event stream: the one path requests, batches and chains share.
struct LifecycleFanout {
    let hub: EventHub
    let subject: LifecycleSubject
    /// The config's accessories, then the subject's own.
    let accessories: [any RequestAccessory]

    init(hub: EventHub, subject: LifecycleSubject, accessories: [any RequestAccessory]) {
        self.hub = hub
        self.subject = subject
        self.accessories = accessories
    }

    /// A batch's or chain's fan-out: `agent`'s config's accessories, then `own`.
    init(agent: NetworkAgent, subject: LifecycleSubject, own: [any RequestAccessory]) {
        self.init(hub: agent.eventHub, subject: subject, accessories: agent.config.accessories + own)
    }

    func willStart() {
        accessories.forEach { $0.requestWillStart(subject.object) }
        hub.emit(.started, subject)
    }

    func willStop() { accessories.forEach { $0.requestWillStop(subject.object) } }

    /// `outcome` is the event to report: finished, or cancelled for a stop.
    func didStop(_ outcome: LifecycleEvent.Kind) {
        accessories.forEach { $0.requestDidStop(subject.object) }
        hub.emit(outcome, subject)
    }
}
