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
        guard let arriving = exchange.arriving, arriving.claimPass(fileSize: SpooledBody.currentSize(of: arriving.file)) else { return }
        let file = arriving.file
        let id = exchange.id
        let mailbox = self.mailbox
        // A thread of its own: the passes run while the transfer (and on the demo, its server)
        // keeps the cores busy, and the keys come first. The first screen's passes run at nice 5;
        // the long ones after them (a gigabyte's last passes read 256 and 512 MB) only when no
        // other thread wants a core (SCHED_IDLE): at nice 5, 6 of 453 keys still waited 5–18 ms
        // for a core beside them, since a nice thread keeps a share of time whoever waits.
        let thread = Thread {
            ThreadNiceness.lowerCurrentThread(to: 5)
            var isIdle = false
            // Passes follow one another while the file keeps doubling: a transfer that stalls
            // sends no more progress, and what it sent during a pass is then shown too.
            repeat {
                var bytes: Int64 = 0
                do {
                    let data = try SpooledBody.mappedPrefix(of: file)
                    bytes = Int64(data.count)
                    if !isIdle, bytes > ArrivingBodyLayout.screenfulPassBytes { isIdle = ThreadNiceness.makeCurrentThreadIdle() }
                    let body = FormattedBody.indexed(data, mimeType: nil, releasesPages: true, arriving: true) { partial in
                        guard !arriving.ticket.isCancelled else { return false }
                        mailbox.post(.bodyFormatted(exchange: id, body: partial))
                        return true
                    }
                    if let body, !arriving.ticket.isCancelled { mailbox.post(.bodyFormatted(exchange: id, body: body)) }
                } catch {
                    // The transfer removed the file (cancelled, failed): its own end says why.
                }
                arriving.passEnded(bytes: bytes)
            } while arriving.claimPass(fileSize: SpooledBody.currentSize(of: file))
        }
        thread.name = "arriving body"
        thread.start()
    }

    /// Whether `body`, just laid out for `exchange`, would show less than the screen has: a
    /// pass over the file as it arrived once the whole is shown (a pass runs only when no other
    /// thread wants a core, so its news can come after the whole's), or the first lines of the
    /// whole file, or of a new pass, behind the longer prefix already shown.
    func isBehind(_ body: FormattedBody, of exchange: Exchange) -> Bool {
        guard let current = exchange.body, !body.isComplete else { return false }
        guard !current.isComplete else { return true }
        return body.lineCount < current.lineCount && !body.continues(current)
    }
}
