import CourierWorkspace
import Courier
import Foundation

/// Streamed responses: their events reach the exchange's stream view in batches, one per
/// turn of the input loop however many arrived, and stay there when the stream ends.
extension WorkbenchSession {
    /// Moves the events waiting in an exchange's inbox to its stream view (made at the first
    /// event). Only a request's latest exchange shows a stream; an older one's events are dropped
    /// here (the request keeps its own).
    func receiveStream(of exchange: Exchange) {
        let events = exchange.streamInbox.take()
        guard exchanges[exchange.name] === exchange, !events.isEmpty else { return }
        if exchange.streamView == nil {
            exchange.streamView = StreamView(capacity: exchange.request.streamLimits.keptEvents)
            notify(.drawAtOnce)
        }
        exchange.streamView?.append(events)
    }

    /// A request stopped: its stream view takes the kept events it has not had yet (those the
    /// handler no longer delivers after a stop) and says how the stream ended. Returns
    /// `streamed 25 events` for the status line, or nil when the response did not stream.
    func endStream(of exchange: Exchange) -> String? {
        receiveStream(of: exchange)
        let request = exchange.request
        guard var state = request.streamState ?? exchange.streamView.map({ view in
            var state = StreamState(mode: view.kind == .line ? .lines : view.kind == .chunk ? .chunks : view.kind == .message ? .messages : .events)
            state.events = view.lastSequence
            return state
        }) else { return nil }
        if exchanges[exchange.name] === exchange {
            var view = exchange.streamView ?? StreamView(capacity: request.streamLimits.keptEvents)
            view.append(request.streamEvents.map(request.readable))
            let ending = if request.isCancelled {
                "stopped"
            } else if let error = request.error {
                "\(glyphs.failure) " + request.failureWords(error)
            } else {
                "ended"
            }
            view.finish(ending)
            exchange.streamView = view
        }
        state.ended = true
        state.events = max(state.events, exchange.streamView?.lastSequence ?? 0)
        return state.description
    }
}
