import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// Bodies up to this size are laid out in one go; larger ones show their first screen first.
    static let quickFormatLimit = 256 * 1024

    /// Applies what the engine and background work posted; returns whether anything changed.
    @discardableResult
    public func applyUpdates(now: Date = Date()) -> Bool {
        let updates = mailbox.drain()
        for update in updates {
            // The components first: Events logs a stop before the shell's toast links to it.
            for pane in panes.all { carryOut(pane.apply(update, context: context(for: pane.id, now: now))) }
            apply(update, now: now)
        }
        if !updates.isEmpty { releaseOldExchanges() }
        return !updates.isEmpty
    }

    private func apply(_ update: EngineUpdate, now: Date) {
        switch update {
        case .started(let subject):
            if case .request(let request) = subject, let exchange = exchangesByRequest[ObjectIdentifier(request)] {
                exchange.startedAt = exchange.startedAt ?? now
                exchange.stoppedAt = nil
                makeLatest(exchange)
                lastEvent = "\(exchange.name) started"
                followChain(to: exchange)
            }
        case .stopped(let subject):
            stopped(subject, now: now)
        case .progress:
            break
        case .streamEvents(let request):
            if let exchange = exchangesByRequest[ObjectIdentifier(request)] { receiveStream(of: exchange) }
        case .chainProgress(let chain, _):
            guard let run = panes.runs.history.run(of: .chain(chain)) else { return }
            if let step = run.pausedStep {
                let verb = step.state == .failed ? "failed at" : "paused before"
                lastEvent = "\(run.name) \(verb) step \(step.index + 1) (\(step.title))"
            }
        case .bodyFormatted(let id, let body):
            // Only a request's latest exchange keeps a layout.
            guard let exchange = exchanges.values.first(where: { $0.id == id }), exchange.isLayingOut else { return }
            exchange.body = body
            if exchange.viewer == nil {
                exchange.viewer = BodyViewer(body: body)
            } else {
                exchange.viewer?.replaceBody(body)
            }
        case .pageRequested(let request, let name, let page):
            pageRequested(request, name: name, page: page)
        case .pagingStopped(let paged, let name):
            pagingStopped(paged, name: name)
        case .bodySearched, .historyLoaded, .historyOpened, .historyDiffed:
            break // the Exchange pane's
        case .loadRunStarted(_, let run):
            lastEvent = "load run of \(run.name) started"
        case .loadRunEnded, .loadRunSampled, .loadRunsListed, .loadRunRead:
            break // the Load pane's
        case .workspaceFileChanged:
            reload()
        case .openAuthorization(let url):
            effects.append(.copyToClipboard(url))
            open(TextOverlay(TextPanel(title: "Sign in to get a token — the URL is on the clipboard", lines: [
                StyledLine(url, .plain), "",
                StyledLine("Open it in a browser; Courier waits for the redirect on 127.0.0.1 and sends the request then.", .dim),
            ], kind: .authorization)))
        case .cacheWritten, .cacheListed:
            break // the Cache pane's: it asks for the read, and shows what was read
        case .cacheWriteFailed(let sentence):
            say(sentence, .warning, seconds: 8)
        case .authorizationNotice(let sentence):
            say(sentence, .warning, seconds: 10)
        case .historyFailed(let sentence):
            say("history: " + sentence, .warning, seconds: 10)
        case .historyExported(let path, let count):
            say("wrote \(count) exchange\(count == 1 ? "" : "s") to \(path) (HAR 1.2)", .success)
        }
    }

    private func stopped(_ subject: LifecycleSubject, now: Date) {
        cacheMarkers.removeAll()
        let eventID = panes.events.lastStopEvent
        switch subject {
        case .request(let subject):
            guard let exchange = exchangesByRequest[ObjectIdentifier(subject)] else { return }
            let request = exchange.request
            exchange.stoppedAt = now
            let streamed = endStream(of: exchange).map { " · \($0)" } ?? ""
            if request.isCancelled {
                lastEvent = "\(exchange.name) cancelled\(streamed)"
                return
            }
            if let error = request.error {
                lastEvent = "\(glyphs.failure) \(exchange.name): \(error.family) \(error.code.rawValue)\(streamed)"
                let onScreen = selectedRequestName == exchange.name
                    && (layout.mode == .panes || focus == .exchange)
                if exchanges[exchange.name] === exchange, !onScreen, !request.quietErrors {
                    say("\(glyphs.failure) \(exchange.name) \(error.code.rawValue) (! shows it in Events): \(error.message)", .failure,
                        seconds: 5, event: eventID)
                }
            } else {
                lastEvent = "\(exchange.name) \(request.responseStatusCode)\(request.isDataFromCache ? " from cache" : "")\(streamed)"
            }
            if request.cacheTimeInSeconds > 0 {
                // The entry is written in the background: read the directory when it is there.
                let mailbox = self.mailbox
                Task.detached {
                    await request.agent.waitForCacheWrites()
                    mailbox.post(.cacheWritten)
                }
            }
            if session.runner.offline == nil {
                var result = session.runner.result(of: request)
                if let page = exchange.page {
                    result.name = "\(exchange.name) [page \(page)]"
                    result.page = page
                }
                session.history?.record(request, result: result)
            }
            if exchanges[exchange.name] === exchange { layOut(exchange) }
        case .batch(let batch):
            guard let run = panes.runs.history.run(of: subject) else { return }
            let snapshot = batch.snapshot
            lastEvent = "\(run.name): \(snapshot.succeeded) of \(snapshot.total) ok"
            if snapshot.failed == 0 || !batch.quietErrors { say(lastEvent, snapshot.failed > 0 ? .warning : .success, event: eventID) }
        case .chain(let chain):
            guard let run = panes.runs.history.run(of: subject) else { return }
            lastEvent = "chain \(run.name) \(run.failed ? "failed" : "finished")"
            if !run.failed || !chain.quietErrors { say(lastEvent, run.failed ? .failure : .success, event: eventID) }
        }
    }

    /// While the selection is in a running chain, it moves to the step that starts, so the
    /// Exchange pane shows each step's request and then its response as it arrives.
    private func followChain(to exchange: Exchange) {
        guard case .stepMember(let chain, _, _, _)? = exchange.step, selectedChainName == chain,
              let node = exchange.step, tree.selectedNode != node, panes.requests.select(node) else { return }
        selectionChanged()
    }

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
