import CourierWorkspace
import Courier
import Foundation

/// Sending: a request (each send an ``Exchange`` that becomes the request's latest), a batch,
/// a chain (in step mode or not, once per `each:` row), and stopping them.
extension WorkbenchSession {
    /// What Enter (`activating`) or Ctrl-G/`R` on a row of the tree does: sends its request
    /// (`ignoringCache` or not), runs its batch or chain — Enter on a chain paused in step mode
    /// runs its next step instead.
    func send(_ node: RequestTree.Node, activating: Bool, ignoringCache: Bool) {
        switch node {
        case .batch(let name): runBatch(name, ignoringCache: ignoringCache)
        case .chain(let name):
            if !activating || !advanceChain(name) { runChain(name, stepMode: false) }
        default:
            if let name = node.requestName { send(name, ignoringCache: ignoringCache) }
        }
    }

    /// Sends one request now; its exchange becomes the request's latest. A `paginate:`
    /// request fetches its pages instead (nil).
    @discardableResult
    func send(_ name: String, ignoringCache: Bool, origin: String? = nil) -> Exchange? {
        guard let definition = effectiveDefinition(of: name) else { return nil }
        if definition.paginate != nil {
            sendPages(name, definition: definition, ignoringCache: ignoringCache)
            notify(.revealExchange)
            return nil
        }
        let request = engine.makeRequest(definition, ignoreCache: ignoringCache)
        // A client or bidirectional stream stays open for messages typed in (i), until x.
        request.keepsCallOpen = definition.grpc != nil
        let exchange = register(name: name, request: request, origin: origin)
        if definition.cache != nil { exchange.cacheNote = ResponseCache.explain(request).summary }
        exchange.startedAt = Date()
        makeLatest(exchange)
        request.start()
        notify(.revealExchange)
        return exchange
    }

    /// Makes the exchange of a request about to start, so that its start, stop, stream and
    /// checks land on it.
    func register(name: String, request: WorkspaceRequest, origin: String?) -> Exchange {
        let exchange = Exchange(id: nextExchangeID, name: name, request: request, origin: origin)
        nextExchangeID += 1
        exchangesByRequest[ObjectIdentifier(request)] = exchange
        // A streamed response's events wait in the inbox; the loop hears of each batch once.
        let inbox = exchange.streamInbox
        let mailbox = self.mailbox
        // A gRPC call's messages arrive as their JSON (WorkspaceRequest.readable).
        request.streamEventHandler = { [request] _, event in
            if inbox.add(request.readable(event)) { mailbox.post(.streamEvents(request)) }
        }
        return exchange
    }

    /// Runs the workspace's batch `name`.
    func runBatch(_ name: String, ignoringCache: Bool = false) {
        guard let definition = workspace.batches[name] else { return }
        startBatch(workspace.members(ofBatch: name), continueOnFailure: definition.continueOnFailure, name: name,
                   ignoringCache: ignoringCache, hud: definition.hud)
    }

    /// Starts a batch of `names` and records it in the runs as `name`.
    func startBatch(_ names: [String], continueOnFailure: Bool, name: String, ignoringCache: Bool, hud: HUDSettings = HUDSettings()) {
        startBatch(names.map { Workspace.BatchMember(name: $0) }, continueOnFailure: continueOnFailure, name: name,
                   ignoringCache: ignoringCache, hud: hud)
    }

    /// Starts a batch of `members` (an `each:` member with its row's values) as `name`.
    func startBatch(_ members: [Workspace.BatchMember], continueOnFailure: Bool, name: String, ignoringCache: Bool,
                    hud: HUDSettings = HUDSettings()) {
        let origin = name == "marked" ? "marked batch" : "batch \(name)"
        let names = members.map(\.name)
        let requests = members.compactMap { member -> WorkspaceRequest? in
            guard let definition = effectiveDefinition(of: member.name) else { return nil }
            let scope = member.row.map(engine.runner.scope(for:))
            let request = engine.makeRequest(definition, scope: scope, ignoreCache: ignoringCache)
            _ = register(name: member.name, request: request, origin: member.row.map { "\(origin), \($0.label(member.name))" } ?? origin)
            return request
        }
        let batch = engine.runner.makeBatch(requests, continueOnFailure: continueOnFailure, hud: hud)
        runs.add(name: name, kind: .batch(batch, names: names), now: Date())
        batch.start()
        notify(.revealExchange)
    }

    /// Runs a chain; one with `each:` rows runs once per row, each a run of its own
    /// (`checkout [row 2]`), all at once.
    func runChain(_ name: String, stepMode: Bool) {
        guard let definition = workspace.chains[name] else { return }
        guard let rows = definition.each?.rows, !rows.isEmpty else {
            runChain(name, definition: definition, row: nil, stepMode: stepMode)
            return
        }
        guard !stepMode else {
            say("\(name) runs once per each: row (\(rows.count)); step mode goes through one chain at a time — Enter runs them all", .warning)
            return
        }
        for row in rows { runChain(name, definition: definition, row: row, stepMode: false) }
    }

    private func runChain(_ name: String, definition: ChainDefinition, row: DataRows.Row?, stepMode: Bool) {
        let run = ChainRun(runner: engine.runner, chain: definition, row: row, stepMode: stepMode) { [unowned self] in
            effectiveDefinition(of: $0) ?? workspace.requests[$0]!
        }
        let name = row?.label(name) ?? name
        for (step, requests) in run.stepRequests.enumerated() {
            for (member, (item, request)) in zip(definition.steps[step].items, requests).enumerated() {
                let exchange = register(name: item.request.name, request: request, origin: "chain \(name), step \(step + 1)")
                exchange.step = .stepMember(chain: name, step: step, member: member, request: item.request.name)
            }
        }
        let chain = run.chain
        runs.add(name: name, kind: .chain(chain, definition: definition, scope: run.scope), now: Date())
        let mailbox = self.mailbox
        // Subscribed before the start, so that no step's news is missed.
        let progress = chain.progress()
        Task.detached {
            for await snapshot in progress { mailbox.post(.chainProgress(chain: chain, snapshot: snapshot)) }
        }
        chain.start()
        if stepMode { say("\(name): step mode — S or Enter on the chain runs the next step, x stops it", .info, seconds: 6) }
    }

    /// `S` on a chain: starts it in step mode, or runs its next step when it is paused.
    func stepChain(_ name: String) {
        if !advanceChain(name) {
            if runs.latestChain(named: name)?.isRunning == true {
                say("\(name) is running a step", .info)
            } else {
                runChain(name, stepMode: true)
            }
        }
    }

    /// Runs the next step of a chain paused in step mode (retries a failed one). False when
    /// the chain is not paused.
    func advanceChain(_ name: String) -> Bool {
        guard let run = runs.latestChain(named: name), case .chain(let chain, _, _) = run.kind,
              let step = run.pausedStep else { return false }
        if step.state == .failed { chain.retry() } else { chain.advance() }
        return true
    }

    /// Enter on a run in Runs: runs it again.
    func rerun(_ run: RunRecord) {
        switch run.kind {
        case .batch(let batch, let names):
            if workspace.batches[run.name] != nil {
                runBatch(run.name)
            } else {
                startBatch(names, continueOnFailure: batch.continueOnFailure, name: run.name, ignoringCache: false)
            }
        case .chain(let chain, _, _):
            runChain(run.name, stepMode: chain.stepMode)
        }
    }

    /// `x`: stops the chain `chain` if it runs, else the listing or the exchange in flight of
    /// `request`; a stream ends as if the server had ended it.
    func cancel(chain: String?, request name: String?) {
        if let chain, let run = runs.latestChain(named: chain), run.isRunning {
            run.stop()
            say("stopped chain \(chain)", .warning)
            return
        }
        if let name, stopPaging(name) { return }
        guard let exchange = name.flatMap({ exchanges[$0] }), exchange.isInFlight else {
            say("nothing in flight to cancel here", .info)
            return
        }
        // A call still sending is half-closed first: the server has every message and answers.
        if exchange.request.grpcCall?.keepsSending == true, exchange.request.finishSending() {
            say("half-closed \(exchange.name): the server has every message (x again ends the call)", .info)
            return
        }
        // What came of a stream is its response (status, checks, history); anything else is
        // cancelled.
        if let view = exchange.streamView, exchange.request.endStream() {
            say("ended the stream of \(exchange.name) after \(view.lastSequence.groupedDigits) events", .warning)
            return
        }
        exchange.request.stop()
        say("cancelled \(exchange.name)", .warning)
    }
}
