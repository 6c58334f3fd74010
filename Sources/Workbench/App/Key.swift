import CourierWorkspace

/// A key press or mouse event, as the curses front decodes it. The workbench decides what
/// it means (``KeyMap``), so that key handling is tested without a terminal.
package enum Key: Sendable, Hashable, CustomStringConvertible {
    /// A printable character.
    case character(Character)
    /// Ctrl plus a letter: `.control("s")` is Ctrl-S.
    case control(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// Text pasted in one piece (bracketed paste).
    case paste(String)
    /// A click or wheel step at a screen position.
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize

    package var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-\(letter.uppercased())"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .function(let number): return "F\(number)"
        case .paste: return "paste"
        case .mouse: return "mouse"
        case .resize: return "resize"
        }
    }
}

/// A mouse event at a screen cell.
package struct MouseEvent: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case press, wheelUp, wheelDown
    }

    package var kind: Kind
    package var row: Int
    package var column: Int

    package init(_ kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }
}
