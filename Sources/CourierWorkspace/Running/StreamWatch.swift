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

/// Watches a request's stream for the runner: hands each event on, in order, to be printed,
/// and stops the request at its `until:` or `maxEvents:` (saying why on the request,
/// ``WorkspaceRequest/endedStream``).
final class StreamWatch: Sendable {
    /// The events, in order; finished when the stream ends or is ended.
    let events: AsyncStream<StreamEvent>
    private let continuation: AsyncStream<StreamEvent>.Continuation
    private let definition: StreamDefinition
    private let ended = Mutex(false)

    /// Holds at most `buffer` events the printer has not taken yet (the newest).
    init(_ definition: StreamDefinition, buffer: Int = 100_000) {
        self.definition = definition
        (events, continuation) = AsyncStream.makeStream(of: StreamEvent.self, bufferingPolicy: .bufferingNewest(buffer))
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

    /// On the callback queue, in order. Events of the same delivery that follow the one
    /// that ended the stream are not reported.
    private func receive(_ event: StreamEvent, of request: WorkspaceRequest) {
        let verdict: Verdict = ended.withLock { ended in
            guard !ended else { return .after }
            let verdict: Verdict = if definition.ends(at: event) {
                .end("until", definition.until!.text)
            } else if let limit = definition.maxEvents, event.sequence >= limit {
                .end("maxEvents", String(limit))
            } else {
                .goesOn
            }
            if case .end = verdict { ended = true }
            return verdict
        }
        if case .after = verdict { return }
        continuation.yield(event)
        guard case .end(let reason, let detail) = verdict else { return }
        request.endedStream = EndedStream(end: reason, detail: detail, lastEvent: event)
        // Ended as if the server had ended it: the response, its status and its checks stand.
        if !request.endStream() { request.stop() }
        continuation.finish()
    }

    private enum Verdict {
        case goesOn, end(String, String), after
    }
}
