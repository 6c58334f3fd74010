import CourierWorkspace
import Foundation

extension AppModel {
    /// The status line now (``StatusLine``): what the shell and the session know of it.
    func statusLine(now: Date) -> StyledLine {
        StatusLine(isBusy: isBusy, hud: session.hud.snapshot, exchangesInFlight: session.exchanges.values.filter(\.isInFlight).count,
                   runs: session.runs.runs, paneWork: panes.all.compactMap(\.busySummary), isOffline: session.engine.runner.offline != nil,
                   environment: session.environment, toast: toasts.last, reloadError: session.reloadError, lastEvent: lastEvent,
                   hints: toasts.isEmpty ? hintLine() : StyledLine(), glyphs: glyphs, width: size.columns).render(now: now)
    }

    /// Whether a key's hint applies to what is selected: the focused pane says when not.
    private func hintApplies(_ action: Action) -> Bool {
        focusedComponent.disabledReason(for: action) == nil
    }

    /// Key hints for what the keys do now, lazygit style.
    private func hintLine() -> StyledLine {
        // Every hint comes from the key table, rebound keys included.
        let hints: [(key: String, label: String)]
        if let typing = focusedComponent.typingHints {
            hints = typing.actions.compactMap { KeyMap.hint($0, in: typing.scope) }
        } else if overlay != nil {
            hints = [KeyMap.hint(.closeWindow, in: .window)].compactMap { $0 }
        } else {
            hints = KeyMap.hints(for: scope, where: hintApplies)
        }
        var line = StyledLine()
        for hint in hints {
            line.append(hint.key, .hintKey)
            line.append(" \(hint.label)  ", .hintText)
        }
        return line
    }
}
