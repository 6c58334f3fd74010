import CourierFormat
import Foundation

/// String literals of the languages code is generated in: double-quoted, with a backslash
/// before `"` and `\`, and escapes for line breaks, tabs and other control characters, each
/// as its language writes them. Other characters (`$`, `{`, unicode) are written as they are:
/// none of these literals interpolates.
enum CodeLiteral {
    enum Style {
        /// `\x1b`
        case python, go
        /// `\u001b`; U+2028 and U+2029 escaped too.
        case javaScript
        /// `\u{1b}`, `\0`
        case swift
    }

    /// `text` as a double-quoted literal of `style`.
    static func quoted(_ text: String, _ style: Style) -> String {
        BackslashEscaping.quoted(text, quote: "\"") { scalar in
            if style == .javaScript, scalar == "\u{2028}" || scalar == "\u{2029}" { return "\\u" + hex(scalar.value, digits: 4) }
            guard scalar.value < 0x20 || scalar.value == 0x7f else { return nil }
            switch style {
            case .python, .go: return "\\x" + hex(scalar.value, digits: 2)
            case .javaScript: return "\\u" + hex(scalar.value, digits: 4)
            case .swift: return scalar.value == 0 ? "\\0" : "\\u{" + hex(scalar.value, digits: 1) + "}"
            }
        }
    }

    /// `value` in hexadecimal, at least `digits` long.
    static func hex(_ value: UInt32, digits: Int) -> String { BackslashEscaping.hex(value, digits: digits) }

    /// The bytes in hexadecimal, two digits each.
    static func hex(_ data: Data) -> String {
        data.map { hex(UInt32($0), digits: 2) }.joined()
    }

    /// A word for a POSIX shell: each piece quoted (``ShellWords/quote(_:)``), each variable
    /// as `"$NAME"`, the pieces side by side: `'Authorization: Bearer '"$API_TOKEN"`.
    static func shellWord(_ text: SecretText) -> String {
        guard let plain = text.plain else {
            return text.expression(literal: ShellWords.quote, variable: { "\"$\($0)\"" }, join: "")
        }
        return ShellWords.quote(plain)
    }
}
