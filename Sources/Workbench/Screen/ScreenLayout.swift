import CourierWorkspace

/// Where each pane goes for a terminal size: every pane at once from 120×35 up, one pane
/// with a tab bar below that, the focused pane alone when zoomed, and a message below 40×12.
public struct ScreenLayout: Sendable, Equatable {
    public enum Mode: Sendable, Equatable {
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
    public static let minimum = Size(columns: 40, rows: 12)
    /// From this size up, every pane is on screen.
    public static let allPanes = Size(columns: 120, rows: 35)

    public var mode: Mode
    /// The outer rectangle of each pane on screen.
    public var rects: [PaneID: Rect]
    public var size: Size

    /// The layout for `size` with `focus` focused.
    public init(size: Size, focus: PaneID, zoomed: Bool) {
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
            rects = Self.panes(in: body, focus: focus)
        }
    }

    /// Requests over Runs, Cache, Cookies and Load on the left; Exchange over In flight beside
    /// Events on the right. A focused small pane grows, as lazygit's side panes do; a focused
    /// Load takes the Exchange's place, where its figures have room.
    private static func panes(in body: Rect, focus: PaneID) -> [PaneID: Rect] {
        let leftWidth = min(56, max(32, body.width * 30 / 100))
        let (left, right) = body.splitLeft(leftWidth)
        let leftPanes: [PaneID] = focus == .load ? [.requests, .runs, .cache, .cookies] : [.requests, .runs, .cache, .cookies, .load]
        let sideFocused = leftPanes.dropFirst().contains(focus)
        let leftWeights = leftPanes.map { pane in pane == .requests ? (sideFocused ? 5 : 7) : pane == focus ? 4 : 2 }
        let column = left.splitRows(weights: leftWeights, minimum: 4)
        let bottomShare = focus == .inFlight || focus == .events ? 45 : 28
        let (top, bottom) = right.splitTop(right.height * (100 - bottomShare) / 100)
        let strip = bottom.splitColumns(weights: [60, 40])
        var rects = Dictionary(uniqueKeysWithValues: zip(leftPanes, column))
        rects[focus == .load ? .load : .exchange] = top
        rects[.inFlight] = strip[0]
        rects[.events] = strip[1]
        return rects
    }

    /// The pane at a screen position, for mouse clicks.
    public func pane(atRow row: Int, column: Int) -> PaneID? {
        rects.first { $0.value.contains(row: row, column: column) }?.key
    }
}
