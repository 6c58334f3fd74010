import CourierWorkspace
import Courier
import Foundation

/// The engine's news, as the session takes it: runs finished, exchanges started and stopped
/// (recorded in the history, their bodies laid out), listings' pages, bodies formatted, the
/// file changed — and what the user should be told of it.
extension WorkbenchSession {
    /// What must be true before the panes hear `update`: a stopped batch or chain is finished
    /// in the runs (its duration and last snapshot are what Runs and Events show).
    func record(_ update: EngineUpdate, now: Date) {
        switch update {
        case .stopped(let subject): runs.stopped(subject, at: now)
        case .chainProgress(let chain, let snapshot): runs.progressed(chain, snapshot)
        default: break
        }
    }

    /// Takes `update` after the panes heard it. `stopEvent` is the Events entry a stop was
    /// logged as (a failure's message links to it); `isOnScreen` says whether a request's
    /// response is in view (its failure needs no message then).
    func apply(_ update: EngineUpdate, now: Date, stopEvent: Int?, isOnScreen: (String) -> Bool) {
        switch update {
        case .started(let subject):
            if case .request(let request) = subject, let exchange = exchangesByRequest[ObjectIdentifier(request)] {
                exchange.startedAt = exchange.startedAt ?? now
                exchange.stoppedAt = nil
                makeLatest(exchange)
                notify(.lastEvent("\(exchange.name) started"))
                if let step = exchange.step { notify(.chainStepStarted(step)) }
            }
        case .stopped(let subject):
            stopped(subject, now: now, event: stopEvent, isOnScreen: isOnScreen)
        case .streamEvents(let request):
            if let exchange = exchangesByRequest[ObjectIdentifier(request)] { receiveStream(of: exchange) }
        case .chainProgress(let chain, _):
            guard let run = runs.run(of: .chain(chain)), let step = run.pausedStep else { return }
            let verb = step.state == .failed ? "failed at" : "paused before"
            notify(.lastEvent("\(run.name) \(verb) step \(step.index + 1) (\(step.title))"))
        case .bodyFormatted(let id, let body):
            // Only a request's latest exchange keeps a layout.
            guard let exchange = exchanges.values.first(where: { $0.id == id }), exchange.isLayingOut,
                  !isBehind(body, of: exchange) else { return }
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
        case .loadRunStarted(_, let run, _):
            notify(.lastEvent("load run of \(run.name) started"))
        case .workspaceRead(let reading):
            finishRead(reading)
        case .openAuthorization(let url):
            notify(.effect(.copyToClipboard(url)))
            notify(.window(.authorization(url: url)))
        case .cacheWriteFailed(let sentence):
            say(sentence, .warning, seconds: 8)
        case .cookieJarProblem(let sentence):
            say("cookies: " + sentence, .warning, seconds: 10)
        case .authorizationNotice(let sentence):
            say(sentence, .warning, seconds: 10)
        case .demoServerNotice(let sentence):
            say(sentence, .warning, seconds: 12)
        case .historyFailed(let sentence):
            say("history: " + sentence, .warning, seconds: 10)
        case .historyExported(let path, let count):
            say("wrote \(count) exchange\(count == 1 ? "" : "s") to \(path) (HAR 1.2)", .success)
        case .progress(let request, let progress):
            progressed(request, progress)
        case .loadRunEnded, .cacheWritten, .cookieJarRead, .paneResult, .serviceCatalog:
            break // the panes'
        }
    }

    private func stopped(_ subject: LifecycleSubject, now: Date, event: Int?, isOnScreen: (String) -> Bool) {
        cacheMarkers.removeAll()
        switch subject {
        case .request(let subject):
            guard let exchange = exchangesByRequest[ObjectIdentifier(subject)] else { return }
            let request = exchange.request
            exchange.stoppedAt = now
            let streamed = endStream(of: exchange).map { " · \($0)" } ?? ""
            if request.isCancelled {
                notify(.lastEvent("\(exchange.name) cancelled\(streamed)"))
                return
            }
            if let error = request.error {
                notify(.lastEvent("\(glyphs.failure) \(exchange.name): \(request.failureWords(error))\(streamed)"))
                if exchanges[exchange.name] === exchange, !isOnScreen(exchange.name), !request.quietErrors {
                    say("\(glyphs.failure) \(exchange.name) \(error.code.rawValue) (! shows it in Events): \(error.message)", .failure,
                        seconds: 5, event: event)
                }
            } else {
                let status = request.grpcStatus.map { $0.code.name } ?? "\(request.responseStatusCode)"
                notify(.lastEvent("\(exchange.name) \(status)\(request.isDataFromCache ? " from cache" : "")\(streamed)"))
            }
            if request.cacheTimeInSeconds > 0 {
                // The entry is written in the background: read the directory when it is there.
                let mailbox = self.mailbox
                Task.detached {
                    await request.agent.waitForCacheWrites()
                    mailbox.post(.cacheWritten)
                }
            }
            if engine.runner.offline == nil {
                var result = engine.runner.result(of: request)
                if let page = exchange.page {
                    result.name = "\(exchange.name) [page \(page)]"
                    result.page = page
                }
                engine.history?.record(request, result: result)
            }
            if exchanges[exchange.name] === exchange { layOut(exchange) }
        case .batch(let batch):
            guard let run = runs.run(of: subject) else { return }
            let snapshot = batch.snapshot
            let summary = "\(run.name): \(snapshot.succeeded) of \(snapshot.total) ok"
            notify(.lastEvent(summary))
            if snapshot.failed == 0 || !batch.quietErrors { say(summary, snapshot.failed > 0 ? .warning : .success, event: event) }
        case .chain(let chain):
            guard let run = runs.run(of: subject) else { return }
            let summary = "chain \(run.name) \(run.failed ? "failed" : "finished")"
            notify(.lastEvent(summary))
            if !run.failed || !chain.quietErrors { say(summary, run.failed ? .failure : .success, event: event) }
        }
    }
}
