import CourierWorkspace

/// Byte classes for the body scanners, ASCII only.
extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    var isHexDigit: Bool {
        isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f"))
    }

    var isASCIILetter: Bool { self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z") }

    /// Space, tab, line feed, vertical tab, form feed or carriage return.
    var isWhitespace: Bool { self == UInt8(ascii: " ") || (self >= 0x09 && self <= 0x0D) }

    /// Whether a `<` followed by this byte starts a tag, comment or declaration: a letter, `/`,
    /// `!`, `?`, `_` or `:`. Any other `<` is text.
    var opensMarkupAfterLessThan: Bool {
        isASCIILetter || self == UInt8(ascii: "/") || self == UInt8(ascii: "!") || self == UInt8(ascii: "?")
            || self == UInt8(ascii: "_") || self == UInt8(ascii: ":")
    }
}
