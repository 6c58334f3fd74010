import CourierWorkspace

/// A window over the panes — help, the palette, a picker, a question, a prompt, text to
/// read — as a component: it takes every key until it closes. Keys are looked up in its
/// ``scopes`` in order, then as moves; a typing overlay (``Component/isTyping``) gets them
/// raw. The shell keeps open overlays on a stack and draws the top one.
protocol Overlay: Component {
    /// Where its keys are looked up, in order (``Component/scope`` first; every window takes
    /// the ``KeyMap/Scope/window`` keys).
    var scopes: [KeyMap.Scope] { get }
}

extension Overlay {
    var scopes: [KeyMap.Scope] { [scope, .window] }

    /// The action `key` means to this overlay: its scopes' own keys first, then a move.
    func action(for key: Key) -> Action? {
        for scope in scopes {
            if let action = KeyMap.ownAction(for: key, in: scope) { return action }
        }
        return KeyMap.ownAction(for: key, in: .list)
    }
}

/// The frame every overlay draws in: centred over the panes, as tall as its lines (within
/// the screen), with a title, a footer of keys and the cursor of a line being typed.
struct OverlayFrame {
    var title: String
    var lines: [StyledLine]
    var footer: StyledLine?
    /// Where the terminal's cursor goes, within the lines.
    var cursor: (row: Int, column: Int)?

    /// The columns inside the border of an overlay `preferredWidth` wide on `screen`.
    static func innerWidth(preferred: Int, screen: Rect) -> Int {
        min(screen.width - 4, preferred) - 2
    }

    /// Drawn centred on `screen`, the whole terminal (above its status line).
    func render(preferredWidth: Int, screen: Rect) -> PaneRender {
        let width = min(screen.width - 4, preferredWidth)
        let height = min(screen.height - 2, max(5, lines.count + 2))
        let rect = Rect(row: max(0, (screen.height - 1 - height) / 2), column: (screen.width - width) / 2, width: width, height: height)
        let frame = PaneFrame(pane: nil, rect: rect, title: StyledLine(title, .titleFocused), isFocused: true, lines: lines, footer: footer)
        let cursor = self.cursor.map { Frame.Cursor(row: rect.row + 1 + $0.row, column: rect.column + 1 + $0.column) }
        return PaneRender(frame: frame, cursor: cursor)
    }

    /// A scroll position moved by a moving action, or nil when the action is not one.
    static func scrolled(_ position: Int, by action: Action) -> Int? {
        switch action {
        case .up: return max(0, position - 1)
        case .down: return position + 1
        case .pageUp, .halfPageUp: return max(0, position - 10)
        case .pageDown, .halfPageDown: return position + 10
        case .top: return 0
        case .bottom: return 10_000
        default: return nil
        }
    }
}
