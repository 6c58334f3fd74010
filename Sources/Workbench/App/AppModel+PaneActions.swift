import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// `x` in In flight: cancels the selected request.
    func cancelSelectedRow() {
        guard let row = inFlight.selectedLive else {
            say("select a request in flight to cancel it", .info)
            return
        }
        row.request.stop()
        say("cancelled \(row.name)", .warning)
    }

    /// `X` in In flight: asks, then cancels everything in flight.
    func confirmCancelAll() {
        let count = inFlight.live.count
        guard count > 0 else {
            say("nothing in flight", .info)
            return
        }
        overlay = .confirm(Confirmation(message: "Cancel all \(count) request\(count == 1 ? "" : "s") in flight?", consequence: .cancelAll))
    }

    /// `P` in Cache: asks, then deletes every entry.
    func confirmPurgeAll() {
        guard !cacheBrowser.rows.isEmpty else {
            say("the cache is empty", .info)
            return
        }
        overlay = .confirm(Confirmation(message: "Delete all \(cacheBrowser.rows.count) cache entries in \(cacheBrowser.directory)?",
                                        consequence: .purgeCache))
    }

    /// Enter in Cache, Runs or Events.
    func openSelected() {
        switch focus {
        case .cache: inspectCacheEntry()
        case .runs: openRunRow()
        case .events:
            guard eventLog.shown.indices.contains(eventLog.selection) else { return }
            let entry = eventLog.shown[eventLog.selection]
            guard entry.subjectKind == "request", workspace.requests[entry.subject] != nil else {
                say("\(entry.subject) is a \(entry.subjectKind): its runs are in the Runs pane (5)", .info)
                return
            }
            showResponse(of: entry.subject, exchange: nil)
        default: break
        }
    }

    /// A run's row runs it again; a request's row shows that request's response from this run.
    private func openRunRow() {
        guard let row = runHistory.selectedRow, let run = runHistory.selectedRun else { return }
        switch (row, run.kind) {
        case (.run, .batch(let batch, let names)):
            if workspace.batches[run.name] != nil {
                runBatch(run.name)
            } else {
                startBatch(names, continueOnFailure: batch.continueOnFailure, name: run.name, ignoringCache: false)
            }
        case (.run, .chain(let chain, _, _)):
            runChain(run.name, stepMode: chain.stepMode)
        case (.item(_, let index, _), .batch(let batch, let names)):
            showResponse(of: names[index], exchange: exchangesByRequest[ObjectIdentifier(batch.requests[index])])
        case (.members(_, let first, let count), .batch(let batch, let names)):
            let index = Self.memberToShow(batch.snapshot.states[first..<(first + count)]) ?? first
            showResponse(of: names[index], exchange: exchangesByRequest[ObjectIdentifier(batch.requests[index])])
        case (.members, .chain):
            break
        case (.item(_, let step, let member), .chain(_, let definition, _)):
            let request = run.chainSnapshot.flatMap { $0.steps.indices.contains(step) ? $0.steps[step].requests[member] : nil }
            showResponse(of: definition.steps[step].items[member].request.name,
                         exchange: request.flatMap { exchangesByRequest[ObjectIdentifier($0)] })
        }
    }

    /// Of a row of like requests, the one whose response says most: the first that failed,
    /// else the last that finished, else the first in flight.
    static func memberToShow(_ states: ArraySlice<GroupItemState>) -> Int? {
        states.firstIndex(of: .failed)
            ?? states.lastIndex { $0.isFinished }
            ?? states.firstIndex(of: .running)
    }

    /// Selects a request in the tree and shows `exchange` (or its latest) in the response.
    func showResponse(of name: String, exchange: Exchange?) {
        if let exchange, exchange.startedAt != nil { makeLatest(exchange) }
        if !tree.filter.isEmpty { tree.setFilter("") }
        if !tree.select(.request(name)) {
            tree.expandAll()
            tree.select(.request(name))
        }
        selectionChanged()
        focus = .exchange
        section = .response
    }

    /// Step mode in the Runs pane: next step, continue, retry, skip, stop — or, when the key
    /// does not apply, why not.
    func stepControl(_ action: Action) {
        guard let run = runHistory.selectedRun else {
            say("no run selected: start a chain with S in Requests", .info)
            return
        }
        if action == .stopRun {
            guard run.isRunning else {
                say("\(run.name) is not running", .info)
                return
            }
            run.stop()
            say("stopped \(run.name)", .warning)
            return
        }
        guard case .chain(let chain, _, _) = run.kind else {
            say("step keys drive chains; \(run.name) is a batch", .info)
            return
        }
        guard run.isRunning else {
            say("\(run.name) has ended: Enter on it runs it again", .info)
            return
        }
        guard let step = run.pausedStep else {
            say(chain.stepMode ? "\(run.name) is running a step: wait for it to pause" : "\(run.name) runs without pausing", .info)
            return
        }
        let failed = step.state == .failed
        switch action {
        case .nextStep where failed:
            say("step \(step.index + 1) failed: r retries it, > skips it, x stops the chain", .warning)
        case .nextStep:
            chain.advance()
        case .continueChain where failed:
            say("step \(step.index + 1) failed: r retries it or > skips it first", .warning)
        case .continueChain:
            chain.stepMode = false
            chain.advance()
            say("\(run.name) continues to the end without pausing", .info)
        case .retryStep where !failed:
            say("nothing to retry: step \(step.index + 1) has not run yet (Space runs it)", .info)
        case .retryStep:
            chain.retry()
        case .skipStep:
            chain.skip()
            say("skipped step \(step.index + 1)", .warning)
        default:
            break
        }
    }
}
