import CourierWorkspace

/// Everything one screen shows, as data: what the curses front draws and tests read.
public struct Frame: Sendable, Equatable {
    public var size: Size
    public var panes: [PaneFrame] = []
    /// The tab bar of the one-pane layout (top row).
    public var tabBar: StyledLine?
    /// The HUD / status line (bottom row).
    public var statusLine = StyledLine()
    /// A window over the panes (help, palette, pickers, prompts), drawn last.
    public var overlay: PaneFrame?
    /// Where the terminal cursor shows while a field is being edited.
    public var cursor: Cursor?
    /// Shown alone when the terminal is too small for anything else.
    public var tooSmallMessage: String?

    public init(size: Size) {
        self.size = size
    }

    /// A screen position.
    public struct Cursor: Sendable, Hashable {
        public var row: Int
        public var column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }
}

/// One boxed pane: its border and title, and the lines inside.
public struct PaneFrame: Sendable, Equatable {
    /// Which pane this is, for mouse clicks; nil for overlays.
    public var pane: PaneID?
    /// The outer rectangle, border included.
    public var rect: Rect
    public var title: StyledLine
    /// Shown at the right end of the top border (counts, a position).
    public var badge: StyledLine?
    /// Shown in the bottom border (a position, a hint).
    public var footer: StyledLine?
    public var isFocused: Bool
    /// The pane's top border is drawn as a divider joined to the pane above it.
    public var joinsAbove = false
    /// Content rows, top to bottom; rows past the end are blank.
    public var lines: [StyledLine]

    public init(pane: PaneID?, rect: Rect, title: StyledLine, isFocused: Bool, lines: [StyledLine],
                badge: StyledLine? = nil, footer: StyledLine? = nil, joinsAbove: Bool = false) {
        self.pane = pane
        self.rect = rect
        self.title = title
        self.isFocused = isFocused
        self.lines = lines
        self.badge = badge
        self.footer = footer
        self.joinsAbove = joinsAbove
    }

    /// The rectangle inside the border.
    public var content: Rect { rect.inner }
}
