import CourierWorkspace
import Courier
import Foundation

/// The engine's news and the session's notices, as the shell routes them: the session takes
/// the news first and last, the panes in between; what the session asks for (a message, a
/// window, a selection) the shell carries out.
extension AppModel {
    /// Applies what the engine and background work posted; returns whether anything changed.
    @discardableResult
    package func applyUpdates(now: Date = Date()) -> Bool {
        let updates = session.mailbox.drain()
        let contextOf = paneContexts(now: now)
        for update in updates {
            if case .paneResult(let id, let result) = update {
                carryOut(panes.component(id).receive(result, context: contextOf(id)))
                continue
            }
            if case .serviceCatalog(let source, let result) = update {
                overlays.all(ServiceBrowser.self).forEach { $0.loaded(source, result) }
                continue
            }
            session.record(update, now: now)
            // The panes next: Events logs a stop before the session's message links to it.
            for pane in panes.all { carryOut(pane.apply(update, context: contextOf(pane.id))) }
            session.apply(update, now: now, stopEvent: lastStopEvent, isOnScreen: { [unowned self] name in
                selectedRequestName == name && (layout.mode == .panes || focus == .exchange)
            })
            takeSessionNotices()
        }
        if !updates.isEmpty { session.releaseOldExchanges() }
        return !updates.isEmpty
    }

    /// The Events entry the last stop was logged as.
    private var lastStopEvent: Int? { panes.role(EventLogging.self).lastStopEvent }

    /// Carries out what the session asked for since the last call.
    func takeSessionNotices() {
        for notice in session.takeNotices() {
            switch notice {
            case .say(let text, let style, let seconds, let event): say(text, style, seconds: seconds, event: event)
            case .lastEvent(let text): lastEvent = text
            case .effect(let effect): effects.append(effect)
            case .drawAtOnce: drawsAtOnce = true
            case .workspaceReloaded(let workspace, let orphans):
                tell(.workspaceReloaded(workspace, orphans: orphans))
            case .revealExchange: revealExchange()
            case .chainStepStarted(let node): tell(.chainStepStarted(node))
            case .select(let node): tell(.select(node))
            case .contractRead(let read): tell(.contractRead(read))
            case .readingWorkspace(let file, let contract, let generation):
                tell(.readingWorkspace(file: file, contract: contract, generation: generation))
            case .window(let panel): overlays.open(TextOverlay(panel))
            case .browseServices(let sources): overlays.open(ServiceBrowser(sources: sources))
            }
        }
    }

    /// Whether the news just applied should be drawn now rather than at the next paced frame
    /// (a stream's first events: the user is waiting for them); asking clears it.
    package func takeDrawAtOnce() -> Bool {
        defer { drawsAtOnce = false }
        return drawsAtOnce
    }
}
