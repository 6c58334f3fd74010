import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// Selects a request in the tree and shows `exchange` (or its latest) in the response.
    func showResponse(of name: String, exchange: Exchange?) {
        if let exchange, exchange.startedAt != nil { session.makeLatest(exchange) }
        panes.requests.reveal(.request(name))
        selectionChanged()
        focus = .exchange
        panes.exchange.show(.response)
    }

    /// `!`: the newest failure toast's event, in the Events pane.
    func showLastFailure() {
        guard let event = toasts.last(where: { $0.event != nil && $0.style == .failure })?.event ?? panes.events.lastFailure else {
            say("no failure to show", .info)
            return
        }
        let before = focus
        focus = .events
        if !panes.events.select(event: event, context: context(for: .events)) {
            focus = before
            say("that event is no longer in the log", .warning)
        }
    }
}
