import Yams

/// The tag of a plain scalar without an explicit one, exactly as Yams' `Resolver.default`
/// gives it (YAML 1.1's bool, int, float, merge, null, timestamp and value rules, tried in that
/// order; anything else is a string) — without its regular expressions. Yams runs up to seven
/// ICU regular expressions on every scalar whose tag is read: that was over half of a
/// workspace's parse, and brought ICU's regex engine into every process that reads one.
/// `PlainScalarTagTests` compares the two on every rule's examples and on random text.
package enum PlainScalarTag {
    /// The tag Yams' default resolver gives `text`.
    package static func name(of text: String) -> Tag.Name {
        // Most scalars are names, URLs and text: a first byte no rule starts with settles it.
        guard let first = text.utf8.first else { return .null }
        if !mayStartATag[Int(first)] { return .str }
        var bytes = Array(text.utf8)
        // ICU's `$` also matches before one line terminator that ends the input: LF, VT, FF,
        // CR, CR LF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
        if bytes.suffix(2).elementsEqual([0x0D, 0x0A]) {
            bytes.removeLast(2)
        } else if let last = text.unicodeScalars.last, [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(last.value) {
            bytes.removeLast(String(last).utf8.count)
        }
        return bytes.withUnsafeBufferPointer { name(of: Scan($0)) }
    }

    /// The first bytes of a bool, int, float, merge, null, timestamp or value: digits, signs,
    /// `.`, `~`, `<`, `=` and the initials of yes/no/true/false/on/off/null in each case — and
    /// of a line terminator, which alone is an empty scalar before it (null).
    private static let mayStartATag: [Bool] = (0..<256).map { byte in
        "0123456789+-.~<=yYnNtTfFoO".utf8.contains(UInt8(byte)) || (0x0A...0x0D).contains(byte) || byte == 0xC2 || byte == 0xE2
    }

    private static func name(of scan: Scan) -> Tag.Name {
        if isBool(scan) { return .bool }
        if isInt(scan) { return .int }
        if isFloat(scan) { return .float }
        if scan.equals("<<") { return .merge }
        if scan.isEmpty || scan.equals("~") || scan.equals("null") || scan.equals("Null") || scan.equals("NULL") { return .null }
        if isTimestamp(scan) { return .timestamp }
        if scan.equals("=") { return .value }
        return .str
    }

    private static let booleans: [String] = ["yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE",
                                              "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF"]

    private static func isBool(_ scan: Scan) -> Bool {
        scan.count <= 5 && booleans.contains { scan.equals($0) }
    }

    /// `[-+]?0b[0-1_]+ | [-+]?0o?[0-7_]+ | [-+]?(?:0|[1-9][0-9_]*) | [-+]?0x[0-9a-fA-F_]+ |
    /// [-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+`
    private static func isInt(_ whole: Scan) -> Bool {
        var scan = whole
        scan.skipSign()
        var rest = scan
        if rest.skip("0b"), rest.skipMany(of: isBinary), rest.isEmpty { return true }
        rest = scan
        if rest.skip("0") {
            var octal = rest
            _ = octal.skip("o")
            if octal.skipMany(of: isOctal), octal.isEmpty { return true }
            if rest.isEmpty { return true }  // "0"
        }
        rest = scan
        if rest.skip("0x"), rest.skipMany(of: isHex), rest.isEmpty { return true }
        rest = scan
        guard rest.skipOne(where: isNonZeroDigit) else { return false }
        _ = rest.skipMany(of: isDigitOrUnderscore)
        if rest.isEmpty { return true }
        return rest.skipSexagesimalGroups() && rest.isEmpty
    }

    /// `[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)? | \.[0-9_]+(?:[eE][-+][0-9]+)? |
    /// [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]* | [-+]?\.(?:inf|Inf|INF) | \.(?:nan|NaN|NAN)`
    private static func isFloat(_ whole: Scan) -> Bool {
        if whole.equals(".nan") || whole.equals(".NaN") || whole.equals(".NAN") { return true }
        var unsigned = whole
        if unsigned.skip("."), unsigned.skipMany(of: isDigitOrUnderscore) {
            if unsigned.isEmpty { return true }
            if unsigned.skipOne(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }), unsigned.skipOne(where: isSign),
               unsigned.skipMany(of: isDigit), unsigned.isEmpty { return true }
        }
        var scan = whole
        scan.skipSign()
        if scan.equals(".inf") || scan.equals(".Inf") || scan.equals(".INF") { return true }
        guard scan.skipOne(where: isDigit) else { return false }
        _ = scan.skipMany(of: isDigitOrUnderscore)
        var decimal = scan
        if decimal.skip(".") { _ = decimal.skipMany(of: isDigitOrUnderscore) }
        if decimal.isEmpty { return true }
        if decimal.skipOne(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            _ = decimal.skipOne(where: isSign)
            if decimal.skipMany(of: isDigit), decimal.isEmpty { return true }
        }
        var sexagesimal = scan
        guard sexagesimal.skipSexagesimalGroups(), sexagesimal.skip(".") else { return false }
        _ = sexagesimal.skipMany(of: isDigitOrUnderscore)
        return sexagesimal.isEmpty
    }

    /// `[0-9]{4}-[0-9]{2}-[0-9]{2} | [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}
    /// (?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?`
    private static func isTimestamp(_ whole: Scan) -> Bool {
        var date = whole
        if date.skipExactly(4, of: isDigit), date.skip("-"), date.skipExactly(2, of: isDigit), date.skip("-"),
           date.skipExactly(2, of: isDigit), date.isEmpty { return true }
        var scan = whole
        guard scan.skipExactly(4, of: isDigit), scan.skip("-"), scan.skipBetween(1, 2, of: isDigit), scan.skip("-") else { return false }
        let beforeDay = scan
        // A day of one or two digits, then the time: try both, as the expression backtracks.
        for dayDigits in [2, 1] {
            var time = beforeDay
            guard time.skipExactly(dayDigits, of: isDigit) else { continue }
            if time.skipOne(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) {
            } else if !time.skipMany(of: isBlank) {
                continue
            }
            if timeMatches(time) { return true }
        }
        return false
    }

    /// `[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?` to the end.
    private static func timeMatches(_ start: Scan) -> Bool {
        for hourDigits in [2, 1] {
            var scan = start
            guard scan.skipExactly(hourDigits, of: isDigit), scan.skip(":"), scan.skipExactly(2, of: isDigit), scan.skip(":"),
                  scan.skipExactly(2, of: isDigit) else { continue }
            if scan.skip(".") { _ = scan.skipMany(of: isDigit) }
            if scan.isEmpty { return true }
            _ = scan.skipMany(of: isBlank)  // only before a zone: `[ \t]*` is inside the zone's group
            if scan.skip("Z") { if scan.isEmpty { return true } else { continue } }
            guard scan.skipOne(where: isSign) else { continue }
            for zoneDigits in [2, 1] {
                var zone = scan
                guard zone.skipExactly(zoneDigits, of: isDigit) else { continue }
                if zone.isEmpty { return true }
                if zone.skip(":"), zone.skipExactly(2, of: isDigit), zone.isEmpty { return true }
            }
        }
        return false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isNonZeroDigit(_ byte: UInt8) -> Bool { byte >= 0x31 && byte <= 0x39 }
    private static func isDigitOrUnderscore(_ byte: UInt8) -> Bool { isDigit(byte) || byte == 0x5F }
    private static func isBinary(_ byte: UInt8) -> Bool { byte == 0x30 || byte == 0x31 || byte == 0x5F }
    private static func isOctal(_ byte: UInt8) -> Bool { (byte >= 0x30 && byte <= 0x37) || byte == 0x5F }
    private static func isHex(_ byte: UInt8) -> Bool {
        isDigitOrUnderscore(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
    private static func isSign(_ byte: UInt8) -> Bool { byte == 0x2B || byte == 0x2D }
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// A position in the scalar's bytes; each `skip` moves it only when it succeeds.
    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var isEmpty: Bool { position == bytes.count }
        var count: Int { bytes.count - position }

        func equals(_ text: String) -> Bool {
            text.utf8.count == count && text.utf8.elementsEqual(bytes[position...])
        }

        mutating func skip(_ text: String) -> Bool {
            let length = text.utf8.count
            guard count >= length, text.utf8.elementsEqual(bytes[position..<position + length]) else { return false }
            position += length
            return true
        }

        mutating func skipSign() { _ = skipOne(where: PlainScalarTag.isSign) }

        mutating func skipOne(where matches: (UInt8) -> Bool) -> Bool {
            guard position < bytes.count, matches(bytes[position]) else { return false }
            position += 1
            return true
        }

        /// One or more; false (and nothing skipped) when there is none.
        mutating func skipMany(of matches: (UInt8) -> Bool) -> Bool {
            let start = position
            while position < bytes.count, matches(bytes[position]) { position += 1 }
            return position > start
        }

        mutating func skipExactly(_ count: Int, of matches: (UInt8) -> Bool) -> Bool {
            skipBetween(count, count, of: matches)
        }

        /// Greedy: at most `most`, at least `least`.
        mutating func skipBetween(_ least: Int, _ most: Int, of matches: (UInt8) -> Bool) -> Bool {
            var taken = 0
            while taken < most, position + taken < bytes.count, matches(bytes[position + taken]) { taken += 1 }
            guard taken >= least else { return false }
            position += taken
            return true
        }

        /// `(?::[0-5]?[0-9])+`, as many groups as there are; false when there is none.
        mutating func skipSexagesimalGroups() -> Bool {
            var groups = 0
            while true {
                var group = self
                guard group.skip(":") else { break }
                // `[0-5]?[0-9]`: two digits when the first is 0–5 and a digit follows, else one.
                if group.position + 1 < group.bytes.count, group.bytes[group.position] >= 0x30, group.bytes[group.position] <= 0x35,
                   PlainScalarTag.isDigit(group.bytes[group.position + 1]) {
                    group.position += 2
                } else if !group.skipOne(where: PlainScalarTag.isDigit) {
                    break
                }
                self = group
                groups += 1
            }
            return groups > 0
        }
    }
}
