/// Text from a server or a file made safe to print to a terminal: control characters —
/// escape sequences among them, which could retitle the window, recolour or rewrite the
/// screen, or answer back on the terminal's input — become visible and inert. (The
/// workbench's screen gets the same from ``DisplayWidth/sanitized(_:tabWidth:)``, which every
/// styled span goes through.)
package enum TerminalText {
    /// `cat -v` style: C0 controls as `^[`, `^M`…, DEL as `^?`, C1 controls as `?`. Newlines
    /// and tabs stay when `keepingLayout` (a body printed whole), else they are shown too.
    package static func neutralized(_ text: String, keepingLayout: Bool = false) -> String {
        guard needsWork(text) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09 where keepingLayout, 0x0A where keepingLayout: result.unicodeScalars.append(scalar)
            case 0x00...0x1F: result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: result += "^?"
            case 0x80...0x9F: result += "?"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` has a control character: a C0 byte, DEL, or a C1 control (UTF-8 `C2 80`–`C2 9F`).
    static func needsWork(_ text: String) -> Bool {
        var afterC2 = false
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (afterC2 && byte <= 0x9F) { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }
}
