import Courier
import Foundation
import Synchronization

/// A stream the runner ended itself, at `until:` or `maxEvents:`. The request is stopped
/// then: it keeps the stream's state, events and raw text, but no response head.
package struct EndedStream: Sendable {
    /// `until` or `maxEvents`.
    package var end: String
    /// The condition, or the limit.
    package var detail: String
    /// The event that ended it (the last one reported).
    package var lastEvent: StreamEvent
}

/// Watches the streams of a run's requests — one request, a batch's, a chain's — for the
/// runner: hands each event on, in the order they arrive, to be printed, and ends each
/// request's stream at its own `until:` or `maxEvents:` (saying why on the request,
/// ``WorkspaceRequest/endedStream``).
final class StreamWatch: Sendable {
    /// An event and the request whose stream delivered it.
    struct Watched: Sendable {
        let request: WorkspaceRequest
        let event: StreamEvent
    }

    /// The events, in order; finished by ``close()``.
    let events: AsyncStream<Watched>
    private let continuation: AsyncStream<Watched>.Continuation
    /// The requests whose stream this watch ended, until their next run.
    private let ended = Mutex<Set<ObjectIdentifier>>([])

    /// Holds at most `buffer` events the printer has not taken yet (the newest).
    init(buffer: Int = 100_000) {
        (events, continuation) = AsyncStream.makeStream(of: Watched.self, bufferingPolicy: .bufferingNewest(buffer))
    }

    /// Receives `request`'s events from now on.
    func attach(to request: WorkspaceRequest) {
        request.streamEventHandler = { [self] request, event in
            guard let request = request as? WorkspaceRequest else { return }
            receive(event, of: request)
        }
    }

    /// The run is over: the sequence ends after the events it holds.
    func close() { continuation.finish() }

    /// On the callback queue, in order for each request. Events of the same delivery that
    /// follow the one that ended the stream are not reported; a request's next run (a
    /// repeated step's next try) starts again at event 1.
    private func receive(_ event: StreamEvent, of request: WorkspaceRequest) {
        // A gRPC call's messages read (and print) as JSON.
        let event = request.readable(event)
        let definition = request.source.stream
        let key = ObjectIdentifier(request)
        let verdict: Verdict = ended.withLock { ended in
            if event.sequence == 1 { ended.remove(key) }
            guard !ended.contains(key) else { return .after }
            let verdict: Verdict = if definition.ends(at: event) {
                .end("until", definition.until!.text)
            } else if let limit = definition.maxEvents, event.sequence >= limit {
                .end("maxEvents", String(limit))
            } else {
                .goesOn
            }
            if case .end = verdict { ended.insert(key) }
            return verdict
        }
        if case .after = verdict { return }
        continuation.yield(Watched(request: request, event: event))
        guard case .end(let reason, let detail) = verdict else { return }
        request.endedStream = EndedStream(end: reason, detail: detail, lastEvent: event)
        // Ended as if the server had ended it: the response, its status and its checks stand.
        if !request.endStream() { request.stop() }
    }

    private enum Verdict {
        case goesOn, end(String, String), after
    }
}
