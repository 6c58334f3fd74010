import CourierWorkspace
import Foundation

extension AppModel {
    /// What the screen shows now: drawn from state only (``tick(now:)`` reads what changes
    /// with time first).
    public func frame(now: Date = Date()) -> Frame {
        var frame = Frame(size: size)
        let layout = ScreenLayout(size: size, focus: focus, zoomed: isZoomed)
        guard layout.mode != .tooSmall else {
            frame.tooSmallMessage = DisplayWidth.truncated(
                "Courier needs \(ScreenLayout.minimum.columns)×\(ScreenLayout.minimum.rows) at least (this is \(size))", to: size.columns)
            return frame
        }
        if layout.mode == .tabs { frame.tabBar = tabBar() }
        for pane in PaneID.allCases {
            guard let rect = layout.rects[pane] else { continue }
            switch pane {
            case .exchange:
                let parts = exchangeParts(in: rect)
                frame.panes.append(composerPane(in: parts.composer, frame: &frame))
                frame.panes.append(responsePane(in: parts.response, now: now, frame: &frame))
            case .requests, .inFlight, .cache, .runs, .events:
                guard let component = panes.component(pane) else { continue }
                let render = component.render(context: context(for: pane, now: now))
                frame.panes.append(render.frame)
                if let cursor = render.cursor { frame.cursor = cursor }
            }
        }
        frame.statusLine = statusLine(now: now)
        if let overlay { frame.overlay = overlayPane(overlay, frame: &frame) }
        return frame
    }

    /// The Exchange pane's composer (top) and response (below, sharing a border row).
    func exchangeParts(in rect: Rect) -> (composer: Rect, response: Rect) {
        let wanted = 4 + max(4, composerLineCount + 1)
        let height = min(max(7, wanted), max(7, rect.height * 45 / 100))
        let composer = Rect(row: rect.row, column: rect.column, width: rect.width, height: min(height, rect.height - 4))
        let response = Rect(row: composer.bottom - 1, column: rect.column, width: rect.width, height: rect.bottom - composer.bottom + 1)
        return (composer, response)
    }

    /// Rows inside a pane's border, for paging.
    func contentHeight(of pane: PaneID) -> Int {
        let layout = ScreenLayout(size: size, focus: focus, zoomed: isZoomed)
        guard let rect = layout.rects[pane] else { return 1 }
        if pane == .exchange {
            let parts = exchangeParts(in: rect)
            return (section == .composer ? parts.composer : parts.response).inner.height - 1
        }
        return rect.inner.height
    }

    /// The title of a pane: its number and name, brighter when focused.
    func title(_ pane: PaneID, _ extra: String = "", focused: Bool) -> StyledLine {
        StyledLine.build { line in
            line.append("\(pane.rawValue)", focused ? .accent : .dim)
            line.append(" \(pane.title)", focused ? .titleFocused : .title)
            if !extra.isEmpty { line.append(" \(extra)", .dim) }
        }
    }

    /// The one-pane layout's tab bar: every pane by number, the focused one highlighted.
    private func tabBar() -> StyledLine {
        var line = StyledLine()
        var column = 0
        var hits: [(pane: PaneID, columns: Range<Int>)] = []
        for pane in PaneID.allCases {
            let label = " \(pane.rawValue) \(pane.title) "
            line.append(label, pane == focus ? .tabActive : .tabInactive)
            let width = DisplayWidth.of(label)
            hits.append((pane, column..<column + width))
            column += width
            line.append(" ", .tabInactive)
            column += 1
        }
        tabHits = hits
        return line
    }
}
