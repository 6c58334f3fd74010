import CourierWorkspace
import Foundation

extension AppModel {
    /// The status line now (``StatusLine``): what the shell and the session know of it, and
    /// the keys' hints (``KeyHints``) while no message is shown.
    func statusLine(now: Date) -> StyledLine {
        StatusLine(isBusy: isBusy, hud: session.hud.snapshot, exchangesInFlight: session.exchanges.values.filter(\.isInFlight).count,
                   runs: session.runs.runs, paneWork: panes.all.compactMap(\.busySummary), isOffline: session.engine.runner.offline != nil,
                   environment: session.environment, toast: toasts.shown.last, reloadError: session.reloadError, lastEvent: lastEvent,
                   hints: toasts.shown.isEmpty ? KeyHints.line(focused: focusedComponent, overlayOpen: overlay != nil) : StyledLine(),
                   glyphs: glyphs, width: size.columns).render(now: now)
    }
}
