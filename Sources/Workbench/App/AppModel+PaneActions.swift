import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// Selects a request in the tree and shows `exchange` (or its latest) in the response.
    func showResponse(of name: String, exchange: Exchange?) {
        if let exchange, exchange.startedAt != nil { session.makeLatest(exchange) }
        tell(.reveal(.request(name)))
        selectionChanged()
        focus = .exchange
        tell(.showResponse)
    }

    /// `!`: the newest failure toast's event, in the Events pane.
    func showLastFailure() {
        tell(.showEvent(toasts.lastFailureEvent))
    }
}
