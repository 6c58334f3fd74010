import CourierWorkspace
import Courier
import Foundation

/// What a long session keeps. Every send makes an exchange; a batch of thousands makes
/// thousands. Only each request's latest exchange has its body laid out for the viewer (an
/// older one is laid out again if it is opened from Runs or Events), and besides the latest
/// ones, in-flight ones and the newest ``keptFinishedExchanges``, finished exchanges are let go.
extension WorkbenchSession {
    /// Makes `exchange` the one the Exchange pane shows for its request: the one it replaces
    /// gives up its layout, and a finished one is laid out if it is not already.
    func makeLatest(_ exchange: Exchange) {
        if let previous = exchanges[exchange.name], previous !== exchange {
            previous.body = nil
            previous.viewer = nil
            previous.streamView = nil
            previous.isLayingOut = false
        }
        exchanges[exchange.name] = exchange
        if exchange.stoppedAt != nil, exchange.body == nil, !exchange.isLayingOut { layOut(exchange) }
    }

    /// Lets go of the oldest finished exchanges beyond `keptFinishedExchanges` that are not
    /// a request's latest. Cheap when there is nothing to let go.
    func releaseOldExchanges() {
        let limit = keptFinishedExchanges + exchanges.count
        guard exchangesByRequest.count > limit else { return }
        let latest = Set(exchanges.values.map(ObjectIdentifier.init))
        let finished = exchangesByRequest.filter { !$0.value.isInFlight && !latest.contains(ObjectIdentifier($0.value)) }
        let doomed = finished.sorted { $0.value.id > $1.value.id }.dropFirst(keptFinishedExchanges)
        for (key, _) in doomed { exchangesByRequest.removeValue(forKey: key) }
    }

    /// Bodies up to this size are laid out in one go; larger ones show their first screen first.
    static let quickFormatLimit = 256 * 1024

    /// Lays out an exchange's body off the input loop; a large one shows its first screen
    /// before the whole of it is ready.
    func layOut(_ exchange: Exchange) {
        guard let data = exchange.gathered?.body ?? exchange.request.responseData else {
            exchange.body = nil
            exchange.viewer = nil
            return
        }
        let mime = exchange.gathered != nil ? "application/json" : exchange.request.response?.mimeType
        let id = exchange.id
        exchange.isLayingOut = true
        if data.count <= Self.quickFormatLimit {
            let body = FormattedBody.format(data, mimeType: mime, lineLimit: nil)
            exchange.body = body
            exchange.viewer = BodyViewer(body: body)
            return
        }
        let mailbox = self.mailbox
        DispatchQueue.global(qos: .userInitiated).async {
            mailbox.post(.bodyFormatted(exchange: id, body: FormattedBody.format(data, mimeType: mime, lineLimit: 200)))
            mailbox.post(.bodyFormatted(exchange: id, body: FormattedBody.format(data, mimeType: mime, lineLimit: nil)))
        }
    }
}
