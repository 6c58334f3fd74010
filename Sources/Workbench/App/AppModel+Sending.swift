import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// The definition a send uses: the file's, with the composer's unsaved edits over it.
    func effectiveDefinition(of name: String) -> RequestDefinition? {
        // A request deleted from the file while edited keeps its draft, on what it was.
        guard let definition = workspace.requests[name] ?? draftOrigins[name]?.base else { return nil }
        return drafts[name].map { $0.applied(to: definition) } ?? definition
    }

    /// Enter in the Requests pane: sends the marked requests as a batch, sends a request,
    /// runs a batch or chain (advances a chain paused in step mode), folds a section.
    func activateSelection() {
        if !tree.marks.isEmpty {
            runMarked()
            return
        }
        switch tree.selectedNode {
        case .section?: panes.requests.toggleSection()
        case .batch(let name)?: runBatch(name)
        case .chain(let name)?:
            if !advanceChain(name) { runChain(name, stepMode: false) }
        case let node?:
            if let name = node.requestName { send(name, ignoringCache: false) }
        case nil: break
        }
    }

    /// `Ctrl-G`/`F5` anywhere, `R` in the Requests pane (ignoring the cache).
    func sendSelected(ignoringCache: Bool) {
        switch tree.selectedNode {
        case .batch(let name)?: runBatch(name, ignoringCache: ignoringCache)
        case .chain(let name)?: runChain(name, stepMode: false)
        case let node?:
            if let name = node.requestName { send(name, ignoringCache: ignoringCache) }
        case nil: break
        }
    }

    /// Sends one request now; its exchange becomes the request's latest.
    @discardableResult
    func send(_ name: String, ignoringCache: Bool, origin: String? = nil) -> Exchange? {
        guard let definition = effectiveDefinition(of: name) else { return nil }
        if definition.paginate != nil {
            sendPages(name, definition: definition, ignoringCache: ignoringCache)
            revealExchange()
            return nil
        }
        let request = session.makeRequest(definition, ignoreCache: ignoringCache)
        let exchange = register(name: name, request: request, origin: origin)
        if definition.cache != nil { exchange.cacheNote = ResponseCache.explain(request).summary }
        exchange.startedAt = Date()
        makeLatest(exchange)
        request.start()
        revealExchange()
        return exchange
    }

    /// Keeps the response in sight: in the one-pane layout, sending switches to it.
    func revealExchange() {
        if layout.mode != .panes, focus == .requests {
            focus = .exchange
            panes.exchange.show(.response)
        }
    }

    func register(name: String, request: WorkspaceRequest, origin: String?) -> Exchange {
        let exchange = Exchange(id: nextExchangeID, name: name, request: request, origin: origin)
        nextExchangeID += 1
        exchangesByRequest[ObjectIdentifier(request)] = exchange
        // A streamed response's events wait in the inbox; the loop hears of each batch once.
        let inbox = exchange.streamInbox
        let mailbox = self.mailbox
        request.streamEventHandler = { request, event in
            if inbox.add(event) { mailbox.post(.streamEvents(request)) }
        }
        return exchange
    }

    func runBatch(_ name: String, ignoringCache: Bool = false) {
        guard let definition = workspace.batches[name] else { return }
        startBatch(workspace.members(ofBatch: name), continueOnFailure: definition.continueOnFailure, name: name,
                   ignoringCache: ignoringCache, hud: definition.hud)
    }

    /// Space-marked requests, sent together as a batch that runs them all.
    private func runMarked() {
        let names = panes.requests.takeMarks()
        startBatch(names, continueOnFailure: true, name: "marked", ignoringCache: false)
        say("sending \(names.count) marked requests together", .info)
    }

    /// Starts a batch of `names` and records it in the Runs pane as `name`.
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
            let scope = member.row.map(session.runner.scope(for:))
            let request = session.makeRequest(definition, scope: scope, ignoreCache: ignoringCache)
            _ = register(name: member.name, request: request, origin: member.row.map { "\(origin), \($0.label(member.name))" } ?? origin)
            return request
        }
        let batch = session.runner.makeBatch(requests, continueOnFailure: continueOnFailure, hud: hud)
        panes.runs.add(name: name, kind: .batch(batch, names: names), now: Date())
        batch.start()
        revealExchange()
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
        let run = ChainRun(runner: session.runner, chain: definition, row: row, stepMode: stepMode) { [unowned self] in
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
        panes.runs.add(name: name, kind: .chain(chain, definition: definition, scope: run.scope), now: Date())
        let mailbox = self.mailbox
        // Subscribed before the start, so that no step's news is missed.
        let progress = chain.progress()
        Task.detached {
            for await snapshot in progress { mailbox.post(.chainProgress(chain: chain, snapshot: snapshot)) }
        }
        chain.start()
        if stepMode { say("\(name): step mode — S or Enter on the chain runs the next step, x stops it", .info, seconds: 6) }
    }

    /// `S`: starts the selected chain in step mode, or runs its next step when it is paused.
    func stepSelectedChain() {
        guard let name = selectedChainName else {
            say("S runs a chain step by step: select a chain", .warning)
            return
        }
        if !advanceChain(name) {
            if latestChainRun(named: name)?.isRunning == true {
                say("\(name) is running a step", .info)
            } else {
                runChain(name, stepMode: true)
            }
        }
    }

    /// Runs the next step of a chain paused in step mode (retries a failed one). False when
    /// the chain is not paused.
    private func advanceChain(_ name: String) -> Bool {
        guard let run = latestChainRun(named: name), case .chain(let chain, _, _) = run.kind,
              let step = run.pausedStep else { return false }
        if step.state == .failed { chain.retry() } else { chain.advance() }
        return true
    }

    /// The newest run of the chain `name`.
    func latestChainRun(named name: String) -> RunRecord? {
        panes.runs.history.runs.first { $0.isChain && $0.name == name }
    }

    /// The chain the selection is in (its row or one of its steps).
    var selectedChainName: String? {
        switch tree.selectedNode {
        case .chain(let name)?, .stepMember(let name, _, _, _)?: return name
        default: return nil
        }
    }

    /// `x`: stops the selected chain, or the selected request's exchange in flight.
    func cancelSelected() {
        if let name = selectedChainName, let run = latestChainRun(named: name), run.isRunning {
            run.stop()
            say("stopped chain \(name)", .warning)
            return
        }
        if let name = selectedRequestName, stopPaging(name) { return }
        guard let exchange = selectedExchange, exchange.isInFlight else {
            say("nothing in flight to cancel here", .info)
            return
        }
        // A stream ends as if the server had ended it: what came is its response (status,
        // checks, history); anything else is cancelled.
        if let view = exchange.streamView, exchange.request.endStream() {
            say("ended the stream of \(exchange.name) after \(view.lastSequence.groupedDigits) events", .warning)
            return
        }
        exchange.request.stop()
        say("cancelled \(exchange.name)", .warning)
    }

    /// The tree of the Requests pane, to read.
    var tree: RequestTree { panes.requests.tree }

    /// The request the selection shows in the Exchange pane.
    var selectedRequestName: String? { tree.selectedNode?.requestName }

    /// The latest exchange of the selected request.
    var selectedExchange: Exchange? { selectedRequestName.flatMap { exchanges[$0] } }
}
