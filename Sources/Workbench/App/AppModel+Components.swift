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
        paneContexts(now: now)(pane)
    }

    /// Makes each pane's context, at `now`: what every pane shares (the base URL, under the
    /// agent's lock; the glyphs; the session's readers) is read once for a round of panes, and
    /// each pane's rectangle when its context is made (a pane's work may change the layout
    /// for the next).
    func paneContexts(now: Date = Date()) -> (PaneID) -> PaneContext {
        let session = self.session
        let baseURL = session.engine.agent.config.baseURL, revealsSecrets = session.revealsSecrets, glyphs = self.glyphs
        let describe: (LifecycleSubject) -> SubjectDescription = { [unowned session] in session.describe($0, now: now) }
        let transfer: (Request) -> InFlightTable.Row? = { [unowned self] in panes.role(TransferTabling.self).liveRow(for: $0) }
        let preview: (String, VariableScope) -> String? = { [unowned session] name, scope in session.preview(of: name, scope: scope) }
        return { [unowned self] pane in
            var rect = layout.rects[pane] ?? Rect(row: 0, column: 0, width: 0, height: 0)
            // A pane shrunk to its title line works with room for a row, as if open: no pane's
            // arithmetic meets a negative content height.
            if rect.height == ScreenLayout.collapsedHeight { rect.height = 3 }
            return PaneContext(rect: rect, isFocused: focus == pane, now: now, glyphs: glyphs, baseURL: baseURL,
                               revealsSecrets: revealsSecrets, describe: describe, transfer: transfer, preview: preview)
        }
    }

    /// Tells every pane `message` (each acts on what concerns it) and carries out what they ask.
    func tell(_ message: PaneMessage, now: Date = Date()) {
        let contextOf = paneContexts(now: now)
        for pane in panes.all { carryOut(pane.hear(message, context: contextOf(pane.id))) }
    }

    /// Carries out what a pane, or the window `source`, asked for, then what the session
    /// asked for meanwhile.
    func carryOut(_ work: [PaneWork], from source: (any Overlay)? = nil) {
        defer { takeSessionNotices() }
        for item in work {
            switch item {
            case .say(let text, let style, let seconds, let event): say(text, style, seconds: seconds, event: event)
            case .focus(let pane): focus = pane
            case .showResponse(let name, let sent):
                showResponse(of: name, exchange: sent.flatMap { session.exchangesByRequest[ObjectIdentifier($0)] })
            case .inspect(let inspection):
                tell(.inspect(inspection))
                focus = .exchange
            case .confirm(let confirmation): overlays.open(ConfirmOverlay(confirmation))
            case .prompt(let prompt): overlays.open(PromptOverlay(prompt))
            case .rerun(let run): session.rerun(run)
            case .refreshCache:
                session.cacheMarkers.removeAll()
                reloadCache()
            case .reloadCache(let now): reloadCache(now: now)
            case .selectionChanged: selectionChanged()
            case .workspace(let action): performInShell(action)
            case .close: if let source { overlays.close(source) }
            case .perform(let action): perform(action)
            case .reveal(let node):
                tell(.reveal(node))
                focus = .requests
                selectionChanged()
            case .switchEnvironment(let name): session.switchEnvironment(to: name)
            case .copyAsCode(let name, let language): session.copyAsCode(name, language: language)
            case .confirmed(let consequence): confirmed(consequence)
            case .submit(let purpose, let text):
                switch answer(purpose, text: text) {
                case .refused(let reason): (source as? PromptOverlay)?.refuse(reason)
                case .done(let work):
                    if let source { overlays.close(source) }
                    carryOut(work)
                }
            case .editWorkspaceFile: effects.append(.openEditor(path: session.workspacePath, line: session.reloadError?.location?.line ?? 1))
            case .resolveConflict(let action, let name): session.resolveConflict(action, of: name)
            case .reloadServices(let source): session.reloadServices(source)
            case .newCall(let call):
                overlays.open(PromptOverlay(Prompt(title: "Name of the request of \(call.method.name)",
                                                   editor: LineEditor(session.uniqueName(call.suggestedName)), purpose: .newCall(call))))
            }
        }
    }

    /// Selects a request in the tree and shows `exchange` (or its latest) in the response.
    func showResponse(of name: String, exchange: Exchange?) {
        if let exchange, exchange.startedAt != nil { session.makeLatest(exchange) }
        tell(.reveal(.request(name)))
        selectionChanged()
        focus = .exchange
        tell(.showResponse)
    }

    /// Brings up to date what changes with time, before a frame: the record table of
    /// requests in flight (at most ten times a second while any run), a body shown while it
    /// arrives in its spool file (``ArrivingBodyLayout``), the cache listing when
    /// an entry's time ran out or a minute passed, the Cache pane's verdict when its inputs
    /// changed, and a load run's figures once a second. `force` reads the record table now.
    package func tick(now: Date = Date(), force: Bool = false) {
        toasts.expire(now: now)
        let tick = PaneTick(isBusy: isBusy, force: force, agents: { [unowned session] in session.inFlightAgents },
                            requestName: { [unowned session] in session.requestName(of: $0) })
        let contextOf = paneContexts(now: now)
        for pane in panes.all { carryOut(pane.tick(tick, context: contextOf(pane.id))) }
        if session.judgementsAreStale { judgeSelectedRequestsCache(now: now) }
        session.followArrivingBodies()
        let holder = panes.role(SelectionHolding.self)
        session.judgeCacheMarkers(of: holder.visibleRequestNames(context: contextOf(holder.id)))
    }
}
