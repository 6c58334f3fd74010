import Courier
import Foundation

/// Bodies spooled to a file, shown while they arrive (``ArrivingBodyLayout``).
extension WorkbenchSession {
    /// Takes a request's progress: once its body goes to a spool file, its layout follows the
    /// file (see ``ArrivingBodyLayout``).
    func progressed(_ request: Request, _ progress: TransferProgress) {
        guard let file = progress.spoolFile, let exchange = exchangesByRequest[ObjectIdentifier(request)],
              exchange.isInFlight, exchanges[exchange.name] === exchange else { return }
        if exchange.arriving == nil {
            guard !exchange.isLayingOut else { return }
            exchange.isLayingOut = true
            exchange.arriving = ArrivingBodyLayout(file: file)
        }
        followArrivingBody(of: exchange)
    }

    /// Lays out the bodies arriving in spool files again where their files doubled since: at
    /// every tick, since the engine's progress news (ten a second at most) may end before the
    /// bytes do when a transfer stalls.
    func followArrivingBodies() {
        for exchange in exchanges.values where exchange.arriving != nil && exchange.isInFlight {
            followArrivingBody(of: exchange)
        }
    }

    private func followArrivingBody(of exchange: Exchange) {
        guard let arriving = exchange.arriving, arriving.claimPass(fileSize: Self.fileSize(arriving.file)) else { return }
        let file = arriving.file
        let id = exchange.id
        let mailbox = self.mailbox
        // A thread of its own at nice 5: the passes run while the transfer (and on the demo, its
        // server) keeps the cores busy, and the keys come first (at the pool's priority, 3 of 407
        // keys took over 16 ms while a gigabyte arrived).
        let thread = Thread {
            ThreadNiceness.lowerCurrentThread(to: 5)
            // Passes follow one another while the file keeps doubling: a transfer that stalls
            // sends no more progress, and what it sent during a pass is then shown too.
            repeat {
                var bytes: Int64 = 0
                do {
                    let data = try SpooledBody.mappedPrefix(of: file)
                    bytes = Int64(data.count)
                    let body = FormattedBody.indexed(data, mimeType: nil, releasesPages: true, arriving: true) { partial in
                        mailbox.post(.bodyFormatted(exchange: id, body: partial))
                        return !arriving.ticket.isCancelled
                    }
                    if let body, !arriving.ticket.isCancelled { mailbox.post(.bodyFormatted(exchange: id, body: body)) }
                } catch {
                    // The transfer removed the file (cancelled, failed): its own end says why.
                }
                arriving.passEnded(bytes: bytes)
            } while arriving.claimPass(fileSize: Self.fileSize(file))
        }
        thread.name = "arriving body"
        thread.start()
    }

    private static func fileSize(_ file: URL) -> Int64 {
        var status = stat()
        return stat(file.path, &status) == 0 ? Int64(status.st_size) : 0
    }

    /// Whether `body`, just laid out for `exchange`, would show less than the screen has: the
    /// first lines of the whole file, or of a new pass, behind the longer prefix already shown.
    func isBehind(_ body: FormattedBody, of exchange: Exchange) -> Bool {
        guard let current = exchange.body, !current.isComplete, !body.isComplete else { return false }
        return body.lineCount < current.lineCount && !body.continues(current)
    }
}
