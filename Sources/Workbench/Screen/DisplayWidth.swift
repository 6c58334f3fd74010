import CourierWorkspace

/// How many terminal columns text takes, as ncursesw will draw it: measured per Unicode
/// scalar with the C library's `wcwidth` table (``DisplayWidthTable``), so that a layout made
/// here lines up with the screen even for CJK text and emoji.
package enum DisplayWidth {
    /// 0, 1 or 2 columns. Control characters count as one: ``sanitized(_:)`` replaces them
    /// before text reaches the screen.
    @inline(__always)
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        if contains(DisplayWidthTable.doubleWidth, value) { return 2 }
        if contains(DisplayWidthTable.zeroWidth, value) { return 0 }
        return 1
    }

    /// The columns of a whole string.
    package static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return text.utf8.count }
        for scalar in text.unicodeScalars { total += of(scalar) }
        return total
    }

    /// The longest prefix of `text` that fits in `columns`, and its width. A wide character
    /// that would straddle the edge is left out (the caller pads the gap).
    package static func prefix(of text: Substring, fitting columns: Int) -> (text: Substring, width: Int) {
        guard columns > 0 else { return (text[text.startIndex..<text.startIndex], 0) }
        var width = 0
        var end = text.unicodeScalars.startIndex
        for index in text.unicodeScalars.indices {
            let next = width + of(text.unicodeScalars[index])
            if next > columns { break }
            width = next
            end = text.unicodeScalars.index(after: index)
        }
        return (Substring(text.unicodeScalars[text.unicodeScalars.startIndex..<end]), width)
    }

    /// `text` cut to `columns`, ending in `…` when something was cut.
    package static func truncated(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard of(text) > columns else { return text }
        guard columns > 0 else { return "" }
        let room = columns - of(ellipsis)
        guard room > 0 else { return String(prefix(of: Substring(ellipsis), fitting: columns).text) }
        return String(prefix(of: Substring(text), fitting: room).text) + ellipsis
    }

    /// `text` cut in the middle to `columns` (`http://host/…/end`), for URLs and paths.
    package static func middleTruncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns > 2 else { return truncated(text, to: columns) }
        let tail = (columns - 1) / 2
        let head = columns - 1 - tail
        let start = prefix(of: Substring(text), fitting: head).text
        let reversed = String(text.unicodeScalars.reversed().map(Character.init))
        let end = prefix(of: Substring(reversed), fitting: tail).text
        return start + "…" + String(end.unicodeScalars.reversed().map(Character.init))
    }

    /// `text` padded with spaces to `columns`, or cut to it with an ellipsis.
    package static func padded(_ text: String, to columns: Int) -> String {
        let width = of(text)
        // A value cut to fit its column says so.
        if width > columns { return truncated(text, to: columns) }
        return text + String(repeating: " ", count: columns - width)
    }

    /// Whether the terminal can show `scalar` as it is: not a control character and not a
    /// scalar the C library calls unprintable.
    package static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
        if value < 0x300 { return true }
        return !contains(DisplayWidthTable.unprintable, value)
    }

    /// `text` safe to hand to the screen: tabs become `tabWidth` spaces, line breaks and
    /// other control characters (escape sequences from a server included) and unprintable
    /// scalars become `�`.
    package static func sanitized(_ text: some StringProtocol, tabWidth: Int = 4) -> String {
        var clean = true
        for scalar in text.unicodeScalars where !isPrintable(scalar) {
            clean = false
            break
        }
        if clean { return String(text) }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                result.append(contentsOf: String(repeating: " ", count: tabWidth).unicodeScalars)
            } else if isPrintable(scalar) {
                result.append(scalar)
            } else {
                result.append("\u{FFFD}")
            }
        }
        return String(result)
    }

    /// Binary search in a flattened `[low, high, …]` range table.
    @inline(__always)
    private static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = table.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < table[middle * 2] {
                high = middle - 1
            } else if value > table[middle * 2 + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
