import CourierWorkspace
import Courier
import Foundation

/// The shell's side of the pane components: the context each is handed, the work they
/// return, and what changes with time (``tick(now:)``) — read here, before drawing, so that
/// drawing reads only state.
extension AppModel {
    /// The focused pane.
    var focusedComponent: any Pane { panes.component(focus) }

    /// What `pane` may read of the workbench, at `now`.
    func context(for pane: PaneID, now: Date = Date()) -> PaneContext {
        var rect = layout.rects[pane] ?? Rect(row: 0, column: 0, width: 0, height: 0)
        // A pane shrunk to its title line works with room for a row, as if open: no pane's
        // arithmetic meets a negative content height.
        if rect.height == ScreenLayout.collapsedHeight { rect.height = 3 }
        return PaneContext(rect: rect, isFocused: focus == pane, now: now, glyphs: glyphs, baseURL: session.agent.config.baseURL,
                           revealsSecrets: revealsSecrets, describe: { [unowned self] in describe($0, now: now) },
                           transfer: { [unowned self] in panes.inFlight.table.liveRow(for: $0) },
                           preview: { [unowned self] name, scope in preview(of: name, scope: scope) })
    }

    /// A request, batch or chain as the workbench names it: a request's workspace name, a
    /// batch's or chain's run name, with its start and duration.
    func describe(_ subject: LifecycleSubject, now: Date) -> SubjectDescription {
        switch subject {
        case .request(let request):
            let exchange = exchangesByRequest[ObjectIdentifier(request)]
            return SubjectDescription(kind: "request", name: exchange?.name ?? request.hudText ?? "—", startedAt: exchange?.startedAt,
                                      duration: exchange?.elapsed(now: now))
        case .batch, .chain:
            let run = panes.runs.history.run(of: subject)
            let kind = if case .batch = subject { "batch" } else { "chain" }
            return SubjectDescription(kind: kind, name: run?.name ?? kind, startedAt: run?.startedAt, duration: run?.duration(now: now))
        }
    }

    /// What a workspace request would send with `scope`'s values: `GET https://…`.
    private func preview(of name: String, scope: VariableScope) -> String? {
        guard let base = effectiveDefinition(of: name) else { return nil }
        let request = session.makeRequest(base, scope: scope)
        guard let prepared = try? request.preparedRequest() else { return "\(base.method.rawValue) \(base.url)" }
        return "\(prepared.method.rawValue) \(revealsSecrets ? prepared.url : scope.redact(prepared.url))"
    }

    /// Carries out what a pane, or the window `source`, asked for.
    func carryOut(_ work: [PaneWork], from source: (any Overlay)? = nil) {
        for item in work {
            switch item {
            case .say(let text, let style, let seconds, let event): say(text, style, seconds: seconds, event: event)
            case .focus(let pane): focus = pane
            case .showResponse(let name, let sent):
                showResponse(of: name, exchange: sent.flatMap { exchangesByRequest[ObjectIdentifier($0)] })
            case .inspect(let inspection):
                panes.exchange.inspect(inspection)
                focus = .exchange
            case .confirm(let confirmation): open(ConfirmOverlay(confirmation))
            case .prompt(let prompt): open(PromptOverlay(prompt))
            case .rerun(let run): rerun(run)
            case .refreshCache:
                cacheMarkers.removeAll()
                reloadCache()
            case .reloadCache(let now): reloadCache(now: now)
            case .selectionChanged: selectionChanged()
            case .workspace(let action): performInShell(action)
            case .close: if let source { close(source) }
            case .perform(let action): perform(action)
            case .reveal(let node):
                panes.requests.reveal(node)
                focus = .requests
                selectionChanged()
            case .switchEnvironment(let name): switchEnvironment(to: name)
            case .confirmed(let consequence): confirmed(consequence)
            case .submit(let purpose, let text):
                switch answer(purpose, text: text) {
                case .refused(let reason): (source as? PromptOverlay)?.refuse(reason)
                case .done(let work):
                    if let source { close(source) }
                    carryOut(work)
                }
            case .editWorkspaceFile: effects.append(.openEditor(path: workspacePath, line: reloadError?.location?.line ?? 1))
            case .resolveConflict(let action, let name): resolveConflict(action, of: name)
            }
        }
    }

    /// Enter on a run in Runs: runs it again.
    private func rerun(_ run: RunRecord) {
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

    /// Brings up to date what changes with time, before a frame: the record table of
    /// requests in flight (at most ten times a second while any run), the cache listing when
    /// an entry's time ran out or a minute passed, the Cache pane's verdict when its inputs
    /// changed, and a load run's figures once a second. `force` reads the record table now.
    public func tick(now: Date = Date(), force: Bool = false) {
        expireToasts(now: now)
        let agents = inFlightAgents
        let tick = PaneTick(isBusy: isBusy, force: force,
                            records: { agents.count == 1 ? agents[0].records() : agents.flatMap { $0.records() } },
                            requestName: { [unowned self] in requestName(of: $0) })
        for pane in panes.all { carryOut(pane.tick(tick, context: context(for: pane.id, now: now))) }
        if cacheVerdictIsStale { judgeSelectedRequestsCache(now: now) }
        for name in panes.requests.visibleRequestNames(context: context(for: .requests, now: now)) where cacheMarkers[name] == nil {
            _ = hasFreshCacheEntry(name)
        }
    }

    /// The agents that may have requests in flight: this session's and earlier ones' (an
    /// environment switch or a reload leaves their requests running).
    var inFlightAgents: [NetworkAgent] {
        var agents = [session.agent]
        for exchange in exchanges.values where exchange.isInFlight && !agents.contains(where: { $0 === exchange.request.agent }) {
            agents.append(exchange.request.agent)
        }
        return agents
    }

    /// The workspace name a request was sent for; for one that is no workspace request (a
    /// token fetch), what it calls itself (its `hudText`).
    func requestName(of request: Request) -> String {
        if let exchange = exchangesByRequest[ObjectIdentifier(request)] {
            return exchange.page.map { "\(exchange.name) [page \($0)]" } ?? exchange.name
        }
        // Seen before its exchange was registered (a page made off the input loop).
        return (request as? WorkspaceRequest)?.source.name ?? request.hudText ?? "—"
    }
}
