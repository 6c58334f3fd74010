import CourierWorkspace
import Foundation

extension AppModel {
    /// Where each pane goes now: the size, the focus, zoom, the user's layout, and which panes
    /// have nothing to show (the accordion gives them a line).
    var layout: ScreenLayout {
        ScreenLayout(size: size, focus: focus, zoomed: isZoomed, style: session.settings.layout, empty: Set(panes.all.filter(\.isEmpty).map(\.id)))
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
        if layout.mode == .tabs { frame.tabBar = tabBar() }
        for pane in PaneID.allCases {
            guard let rect = layout.rects[pane] else { continue }
            let render = panes.component(pane).render(context: context(for: pane, now: now))
            guard rect.height > ScreenLayout.collapsedHeight else {
                // Shrunk to its title line: the pane's title and badge, no content.
                frame.panes += render.frames.prefix(1).map { PaneFrame(pane: pane, rect: rect, title: $0.title, isFocused: false, lines: [],
                                                                          badge: $0.badge) }
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

    /// The one-pane layout's tab bar: every pane by number, the focused one highlighted (the
    /// labels' own spaces part them; one space each when they would not fit otherwise, as eight
    /// in 80 columns).
    private func tabBar() -> StyledLine {
        var line = StyledLine()
        var column = 0
        var hits: [(pane: PaneID, columns: Range<Int>)] = []
        let roomy = PaneID.allCases.reduce(0) { $0 + DisplayWidth.of(" \($1.rawValue) \($1.title) ") } <= size.columns
        for pane in PaneID.allCases {
            let label = " \(pane.rawValue) \(pane.title)" + (roomy ? " " : "")
            line.append(label, pane == focus ? .tabActive : .tabInactive)
            let width = DisplayWidth.of(label)
            hits.append((pane, column..<column + width))
            column += width
        }
        tabHits = hits
        return line
    }
}
