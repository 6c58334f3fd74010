import CNCurses
import CourierWorkspace
import Workbench

/// Turns what `wget_wch` returns into ``Key``s: function keys, control characters, mouse
/// clicks and wheel steps, and bracketed paste (the text between the terminal's paste
/// markers arrives as one `.paste`).
struct KeyReader {
    /// Key codes the terminal's paste markers are bound to with `define_key`.
    static let pasteStart: Int32 = KEY_MAX + 1
    static let pasteEnd: Int32 = KEY_MAX + 2

    private var pasted: String?

    /// The next key, or nil when no input is waiting.
    mutating func next() -> Key? {
        while true {
            var character: wint_t = 0
            let result = wget_wch(courier_stdscr(), &character)
            if result == ERR { return nil }
            if result == KEY_CODE_YES {
                let code = Int32(bitPattern: character)
                if code == Self.pasteStart {
                    pasted = ""
                    continue
                }
                if code == Self.pasteEnd, let text = pasted {
                    pasted = nil
                    return .paste(text)
                }
                if let key = Self.functionKey(code) { return key }
                continue
            }
            guard let scalar = Unicode.Scalar(UInt32(character)) else { continue }
            if pasted != nil {
                pasted!.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
                continue
            }
            return Self.key(for: scalar)
        }
    }

    static func key(for scalar: Unicode.Scalar) -> Key {
        switch scalar.value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(scalar.value + 96)!))
        default: return .character(Character(scalar))
        }
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return mouse()
        case courier_key_f(1)...courier_key_f(12): return .function(Int(code - courier_key_f(0)))
        default: return nil
        }
    }

    private static func mouse() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = UInt(event.bstate)
        let kind: MouseEvent.Kind
        if state & UInt(courier_mouse_wheel_up()) != 0 {
            kind = .wheelUp
        } else if courier_mouse_wheel_down() != 0, state & UInt(courier_mouse_wheel_down()) != 0 {
            kind = .wheelDown
        } else if state & UInt(courier_mouse_button1_pressed() | courier_mouse_button1_clicked()) != 0 {
            kind = .press
        } else {
            return nil
        }
        return .mouse(MouseEvent(kind, row: Int(event.y), column: Int(event.x)))
    }
}
