import CourierWorkspace

/// Everything one screen shows, as data: what the curses front draws and tests read.
package struct Frame: Sendable, Equatable {
    package var size: Size
    package var panes: [PaneFrame] = []
    /// The tab bar of the one-pane layout (top row).
    package var tabBar: StyledLine?
    /// The HUD / status line (bottom row).
    package var statusLine = StyledLine()
    /// A window over the panes (help, palette, pickers, prompts), drawn last.
    package var overlay: PaneFrame?
    /// Where the terminal cursor shows while a field is being edited.
    package var cursor: Cursor?
    /// Shown alone when the terminal is too small for anything else.
    package var tooSmallMessage: String?

    package init(size: Size) {
        self.size = size
    }

    /// A screen position.
    package struct Cursor: Sendable, Hashable {
        package var row: Int
        package var column: Int

        package init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }
}

/// One boxed pane: its border and title, and the lines inside.
package struct PaneFrame: Sendable, Equatable {
    /// Which pane this is, for mouse clicks; nil for overlays.
    package var pane: PaneID?
    /// The outer rectangle, border included.
    package var rect: Rect
    package var title: StyledLine
    /// Shown at the right end of the top border (counts, a position).
    package var badge: StyledLine?
    /// Shown in the bottom border (a position, a hint).
    package var footer: StyledLine?
    package var isFocused: Bool
    /// The pane's top border is drawn as a divider joined to the pane above it.
    package var joinsAbove = false
    /// Content rows, top to bottom; rows past the end are blank.
    package var lines: [StyledLine]

    package init(pane: PaneID?, rect: Rect, title: StyledLine, isFocused: Bool, lines: [StyledLine],
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
    package var content: Rect { rect.inner }

    /// This pane shrunk to its title line in `rect` (the accordion): its title and badge, no
    /// content, never focused.
    func titleOnly(in rect: Rect) -> PaneFrame {
        PaneFrame(pane: pane, rect: rect, title: title, isFocused: false, lines: [], badge: badge)
    }
}
