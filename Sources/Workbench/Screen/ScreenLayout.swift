import CourierWorkspace

/// Where each pane goes for a terminal size: every pane at once from 120×35 up, one pane
/// with a tab bar below that, the focused pane alone when zoomed, and a message below 40×12.
package struct ScreenLayout: Sendable, Equatable {
    package enum Mode: Sendable, Equatable {
        /// Every pane (a focused Load in the Exchange's place).
        case panes
        /// One pane at a time under a tab bar.
        case tabs
        /// The focused pane over the whole screen (`z`).
        case zoomed
        /// Smaller than ``ScreenLayout/minimum``.
        case tooSmall
    }

    /// Below this nothing but a message fits.
    package static let minimum = Size(columns: 40, rows: 12)
    /// From this size up, every pane is on screen.
    package static let allPanes = Size(columns: 120, rows: 35)

    /// How the left column's side panes share it when every pane is on screen (`layout:` in
    /// the user config).
    package enum Style: String, Sendable, Equatable, CaseIterable {
        /// lazygit's accordion: the focused side pane takes the column but for Requests, the
        /// others shrink to their title line; a side pane with nothing to show is one line.
        case accordion
        /// Fixed shares: Requests most, each side pane a few lines, the focused one a few more.
        case grid
    }

    package var mode: Mode
    /// The outer rectangle of each pane on screen.
    package var rects: [PaneID: Rect]
    package var size: Size

    /// The layout for `size` with `focus` focused; `empty` are the panes with nothing to show.
    package init(size: Size, focus: PaneID, zoomed: Bool, style: Style = .accordion, empty: Set<PaneID> = []) {
        self.size = size
        rects = [:]
        if size.columns < Self.minimum.columns || size.rows < Self.minimum.rows {
            mode = .tooSmall
            return
        }
        let body = Rect(row: 0, column: 0, width: size.columns, height: size.rows - 1)
        if zoomed {
            mode = .zoomed
            rects[focus] = body
        } else if size.columns < Self.allPanes.columns || size.rows < Self.allPanes.rows {
            mode = .tabs
            rects[focus] = Rect(row: 1, column: 0, width: size.columns, height: size.rows - 2)
        } else {
            mode = .panes
            rects = Self.panes(in: body, focus: focus, style: style, empty: empty)
        }
    }

    /// A side pane shrunk to its title line.
    package static let collapsedHeight = 1

    /// Requests over Runs, Cache, Cookies, Load and Mock on the left (as an accordion or a grid);
    /// Exchange on the right; In flight beside Events at the bottom. With the accordion, the
    /// bottom strip spans the whole width (names to 24 characters at 120 columns) unless a side
    /// pane of the left column is focused, which then takes the column's whole height (a long
    /// chain's run); with the grid it is under the Exchange. A focused Load or Mock takes the
    /// Exchange's place, where its figures and calls have room.
    private static func panes(in body: Rect, focus: PaneID, style: Style, empty: Set<PaneID>) -> [PaneID: Rect] {
        let leftWidth = min(56, max(32, body.width * 30 / 100))
        let bottomShare = focus == .inFlight || focus == .events ? 45 : 28
        let sideFocused = [.runs, .cache, .cookies, .load, .mock].contains(focus)
        let across = style == .accordion && !sideFocused
        let (above, below) = body.splitTop(body.height * (100 - bottomShare) / 100)
        let (left, right) = (across ? above : body).splitLeft(leftWidth)
        // A focused Load or Mock takes the Exchange's place, where its figures and calls have room.
        let wide: PaneID? = focus == .load || focus == .mock ? focus : nil
        let leftPanes: [PaneID] = [PaneID.requests, .runs, .cache, .cookies, .load, .mock].filter { $0 != wide }
        let column = style == .accordion ? accordion(left, panes: leftPanes, focus: focus, empty: empty) : grid(left, panes: leftPanes, focus: focus)
        let (top, bottom) = across ? (right, below) : right.splitTop(right.height * (100 - bottomShare) / 100)
        let strip = bottom.splitColumns(weights: [60, 40])
        var rects = Dictionary(uniqueKeysWithValues: zip(leftPanes, column))
        rects[wide ?? .exchange] = top
        rects[.inFlight] = strip[0]
        rects[.events] = strip[1]
        return rects
    }

    /// The left column in fixed shares.
    private static func grid(_ left: Rect, panes: [PaneID], focus: PaneID) -> [Rect] {
        let sideFocused = panes.dropFirst().contains(focus)
        return left.splitRows(weights: panes.map { pane in pane == .requests ? (sideFocused ? 5 : 7) : pane == focus ? 4 : 2 }, minimum: 4)
    }

    /// The left column as an accordion: a focused side pane gets all but Requests' third and a
    /// title line for each other side pane; otherwise side panes with nothing to show are a
    /// title line and the rest share as in the grid.
    private static func accordion(_ left: Rect, panes: [PaneID], focus: PaneID, empty: Set<PaneID>) -> [Rect] {
        let sides = Array(panes.dropFirst())
        var heights: [Int]
        if sides.contains(focus) {
            let requests = max(6, left.height * 30 / 100)
            let focused = max(3, left.height - requests - (sides.count - 1) * collapsedHeight)
            heights = [requests] + sides.map { $0 == focus ? focused : collapsedHeight }
        } else {
            let open = panes.filter { $0 == .requests || !empty.contains($0) }
            let room = left.height - (panes.count - open.count) * collapsedHeight
            let shares = Rect(row: 0, column: 0, width: 1, height: room).splitRows(weights: open.map { $0 == .requests ? 7 : 2 }, minimum: 4)
            var next = shares.makeIterator()
            heights = panes.map { open.contains($0) ? next.next()?.height ?? 0 : collapsedHeight }
        }
        // Rounding's remainder to the focused side pane, else to the last pane that is open.
        let grows = panes.firstIndex(of: focus) ?? panes.lastIndex { heights[panes.firstIndex(of: $0)!] > collapsedHeight } ?? 0
        heights[grows] += left.height - heights.reduce(0, +)
        var row = left.row
        return heights.map { height in
            defer { row += height }
            return Rect(row: row, column: left.column, width: left.width, height: height)
        }
    }

    /// The pane at a screen position, for mouse clicks.
    package func pane(atRow row: Int, column: Int) -> PaneID? {
        rects.first { $0.value.contains(row: row, column: column) }?.key
    }
}
