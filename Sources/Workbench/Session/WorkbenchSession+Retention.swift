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
            previous.layoutTicket?.cancel()
            previous.layoutTicket = nil
            previous.arriving?.ticket.cancel()
            previous.arriving = nil
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
    /// before the whole of it is ready. A body past ``FormattedBody/indexedLayoutThreshold``, or
    /// one spooled to a file, is laid out from its bytes (the file mapped, not read into memory),
    /// the lines indexed so far shown a few times a second.
    func layOut(_ exchange: Exchange) {
        let id = exchange.id
        exchange.arriving?.ticket.cancel()
        exchange.arriving = nil
        let mailbox = self.mailbox
        if let spooled = exchange.request.responseSpooledBody {
            let mime = exchange.request.response?.mimeType
            let ticket = startLayout(of: exchange)
            DispatchQueue.global(qos: .userInitiated).async {
                let body: FormattedBody?
                do {
                    body = FormattedBody.indexed(try spooled.mapped(), mimeType: mime, releasesPages: true) { partial in
                        mailbox.post(.bodyFormatted(exchange: id, body: partial))
                        return !ticket.isCancelled
                    }
                } catch {
                    body = FormattedBody.note("could not read the body from \(spooled.url.path): \(error.localizedDescription)")
                }
                if let body { mailbox.post(.bodyFormatted(exchange: id, body: body)) }
            }
            return
        }
        guard let data = exchange.gathered?.body ?? exchange.request.responseData else {
            exchange.body = nil
            exchange.viewer = nil
            return
        }
        let mime = exchange.gathered != nil ? "application/json" : exchange.request.response?.mimeType
        if data.count <= Self.quickFormatLimit {
            exchange.isLayingOut = true
            let body = FormattedBody.format(data, mimeType: mime, lineLimit: nil)
            exchange.body = body
            exchange.viewer = BodyViewer(body: body)
            return
        }
        let ticket = startLayout(of: exchange)
        DispatchQueue.global(qos: .userInitiated).async {
            if data.count > FormattedBody.indexedLayoutThreshold {
                let body = FormattedBody.indexed(data, mimeType: mime, markupAsText: false) { partial in
                    mailbox.post(.bodyFormatted(exchange: id, body: partial))
                    return !ticket.isCancelled
                }
                if let body { mailbox.post(.bodyFormatted(exchange: id, body: body)) }
                return
            }
            mailbox.post(.bodyFormatted(exchange: id, body: FormattedBody.format(data, mimeType: mime, lineLimit: 200)))
            mailbox.post(.bodyFormatted(exchange: id, body: FormattedBody.format(data, mimeType: mime, lineLimit: nil)))
        }
    }

    private func startLayout(of exchange: Exchange) -> LayoutTicket {
        let ticket = LayoutTicket()
        exchange.isLayingOut = true
        exchange.layoutTicket = ticket
        return ticket
    }
}
