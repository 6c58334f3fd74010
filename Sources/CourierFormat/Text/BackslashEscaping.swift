/// Text between quotes with backslash escapes, as C-like languages and formats write it
/// (Swift, Python, Go and JavaScript literals, Hurl strings, the shell's `$'…'`): a backslash
/// before the quote and before itself, `\n`, `\r` and `\t`, and for any other character
/// whatever escape the caller's format gives it.
package enum BackslashEscaping {
    /// `text` between `quote`s; `escape` gives another character's escape, or nil to write
    /// it as it is.
    package static func quoted(_ text: String, quote: Unicode.Scalar, escape: (Unicode.Scalar) -> String?) -> String {
        var result = String(quote)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case quote: result += "\\" + String(quote)
            default:
                if let escaped = escape(scalar) { result += escaped } else { result.unicodeScalars.append(scalar) }
            }
        }
        result.unicodeScalars.append(quote)
        return result
    }

    /// `value` in hexadecimal (lower case unless `uppercase`), at least `digits` long.
    package static func hex(_ value: UInt32, digits: Int, uppercase: Bool = false) -> String {
        let text = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
