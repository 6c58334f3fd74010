import CourierWorkspace
import Foundation

extension AppModel {
    /// Where each pane goes now: the size, the focus, zoom, the user's layout, and which panes
    /// have nothing to show (the accordion gives them a line).
    /// Worked out again only when one of those changed: the panes ask for their context (and
    /// so for the layout) for every engine update, thousands a second while a stream runs.
    var layout: ScreenLayout {
        let all = panes.all
        let inputs = LayoutInputs(size: size, focus: focus, zoomed: isZoomed, style: session.settings.layout, empty: all.map(\.isEmpty))
        if let memo = layoutMemo, memo.inputs == inputs { return memo.layout }
        let empty = Set(all.filter(\.isEmpty).map(\.id))
        let layout = ScreenLayout(size: size, focus: focus, zoomed: isZoomed, style: inputs.style, empty: empty)
        layoutMemo = (inputs, layout)
        return layout
    }

    /// What the screen shows now: drawn from state only (``tick(now:)`` reads what changes
    /// with time first).
    package func frame(now: Date = Date()) -> Frame {
        var frame = Frame(size: size)
        let layout = self.layout
        guard layout.mode != .tooSmall else {
            frame.tooSmallMessage = DisplayWidth.truncated(
                "Courier needs \(ScreenLayout.minimum.columns)×\(ScreenLayout.minimum.rows) at least (this is \(size))", to: size.columns)
            return frame
        }
        if layout.mode == .tabs {
            let bar = TabBar(focus: focus, width: size.columns)
            frame.tabBar = bar.line
            tabHits = bar.hits
        }
        let contextOf = paneContexts(now: now)
        for pane in PaneID.allCases {
            guard let rect = layout.rects[pane] else { continue }
            let render = panes.component(pane).render(context: contextOf(pane))
            guard rect.height > ScreenLayout.collapsedHeight else {
                frame.panes += render.frames.prefix(1).map { $0.titleOnly(in: rect) }
                continue
            }
            frame.panes += render.frames
            if let cursor = render.cursor { frame.cursor = cursor }
        }
        frame.statusLine = statusLine(now: now)
        if let overlay {
            let render = overlay.render(context: overlayContext(now: now))
            frame.overlay = render.frames.first
            if let cursor = render.cursor { frame.cursor = cursor }
        }
        return frame
    }

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

/// What a ``ScreenLayout`` is worked out from (``AppModel/layout``).
struct LayoutInputs: Equatable {
    var size: Size
    var focus: PaneID
    var zoomed: Bool
    var style: ScreenLayout.Style
    /// Each pane's emptiness, in the order of ``PaneSet/all``.
    var empty: [Bool]
}
