import Courier
import Foundation
import Yams

/// Values written as YAML that reads them back as they were, in YAML 1.1 parsers (PyYAML, Yams)
/// and YAML 1.2 ones alike: a string stays a string (so `"1"`, `"true"`, `"yes"`, `""` and
/// `"{{x}}"` are quoted), numbers, booleans and null are plain.
package enum YAMLScalar {
    /// Where a scalar is written; a plain scalar may hold less in a flow collection.
    package enum Position {
        case blockKey, blockValue, flowKey, flowValue
    }

    /// A string, plain when YAML reads that back as the same string, else double-quoted. With
    /// the style of the scalar it replaces, it keeps that style where it can: a quoted scalar
    /// stays quoted the same way, a plain one stays plain while that is safe.
    /// A key in a flow mapping longer than an implicit key may be is made explicit (`? "…"`);
    /// a block mapping's key needs its line's indentation for that: ``blockKey(_:indentation:keeping:)``.
    static func string(_ text: String, at position: Position, keeping style: Node.Scalar.Style? = nil) -> String {
        let written: String
        switch style {
        case .doubleQuoted?: written = doubleQuoted(text)
        case .singleQuoted?: written = singleQuoted(text) ?? doubleQuoted(text)
        default: written = isPlainSafe(text, at: position) ? text : doubleQuoted(text)
        }
        return position == .flowKey && isTooLongForAnImplicitKey(written) ? "? " + written : written
    }

    /// A block mapping's key, for a line indented by `indentation` spaces: as
    /// ``string(_:at:keeping:)`` writes it, or, when longer than libyaml (and so Yams) reads as
    /// an implicit key, as an explicit one: `? "…"`, a line break and the indentation, so that
    /// the `:` written next starts the value's line at the key's column.
    ///
    /// ```yaml
    /// headers:
    ///   ? "X-2000-characters…"
    ///   : value
    /// ```
    static func blockKey(_ text: String, indentation: Int, keeping style: Node.Scalar.Style? = nil) -> String {
        let written = string(text, at: .blockKey, keeping: style)
        guard isTooLongForAnImplicitKey(written) else { return written }
        return "? " + written + "\n" + String(repeating: " ", count: indentation)
    }

    /// The most characters libyaml reads between an implicit key's start and its `:` is 1,024
    /// ("could not find expected ':'" past that); keys are made explicit a little earlier.
    static let implicitKeyLimit = 1_000

    private static func isTooLongForAnImplicitKey(_ written: String) -> Bool {
        written.unicodeScalars.count > implicitKeyLimit
    }

    /// A JSON value: scalars as above, arrays and objects in flow style (members sorted, as
    /// JSON objects have no order).
    package static func json(_ value: JSONValue, at position: Position, keeping style: Node.Scalar.Style? = nil) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return self.number(number)
        case .string(let text): return string(text, at: position, keeping: style)
        case .array(let items):
            return "[" + items.map { json($0, at: .flowValue) }.joined(separator: ", ") + "]"
        case .object(let members):
            let entries = members.keys.sorted().map { string($0, at: .flowKey) + ": " + json(members[$0]!, at: .flowValue) }
            return "{" + entries.joined(separator: ", ") + "}"
        }
    }

    /// A number YAML reads as a float (`1.0`, not `1`, so that it stays a double), in both
    /// versions: YAML 1.1 (PyYAML) reads `1e+21` as a string, wanting a `.` in the mantissa
    /// and a signed exponent, so an exponent is written `1.0e+21`.
    private static func number(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.inf" : ".inf" }
        let text = String(value)
        guard let e = text.firstIndex(of: "e") else { return text }
        let mantissa = text[..<e], exponent = text[text.index(after: e)...]
        let sign = exponent.hasPrefix("-") || exponent.hasPrefix("+") ? "" : "+"
        return mantissa + (mantissa.contains(".") ? "" : ".0") + "e" + sign + exponent
    }

    /// Seconds and other doubles where a whole number may be written as one (`5`, `0.5`).
    package static func seconds(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : number(value)
    }

    /// JSON string syntax, which YAML reads too, with the characters libyaml refuses raw
    /// (DEL, C1 controls, BOM) or reads as line breaks (NEL, U+2028, U+2029) escaped.
    static func doubleQuoted(_ text: String) -> String {
        var result = ""
        for scalar in CurlImport.quoted(text).unicodeScalars {
            if needsEscape(scalar) {
                result += String(format: "\\u%04X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `'text'` with apostrophes doubled; nil when the text has characters a single-quoted
    /// scalar cannot hold as they are (line breaks, controls).
    static func singleQuoted(_ text: String) -> String? {
        let unsafe = text.unicodeScalars.contains { $0.value < 0x20 || needsEscape($0) }
        return unsafe ? nil : "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Whether `text` written plain at `position` reads back as that same string, in Yams and
    /// in the parsers that read plain scalars otherwise (``isPortablePlain(_:inFlow:)``).
    static func isPlainSafe(_ text: String, at position: Position) -> Bool {
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || needsEscape($0) }),
              isPortablePlain(text, inFlow: position == .flowKey || position == .flowValue) else { return false }
        let probe: String
        switch position {
        case .blockKey: probe = text + ": v"
        case .blockValue: probe = "k: " + text
        case .flowKey: probe = "{" + text + ": v}"
        case .flowValue: probe = "{k: " + text + "}"
        }
        guard let node = try? Yams.compose(yaml: probe), node.mapping?.count == 1, let pair = node.mapping?.first else {
            return false
        }
        let read = position == .blockKey || position == .flowKey ? pair.key : pair.value
        guard case .scalar(let scalar) = read else { return false }
        return scalar.string == text && scalar.style == .plain && Tag.Name(rawValue: read.tag.rawValue) == .str
    }

    /// Whether no YAML parser Yams disagrees with reads `text`, written plain, otherwise than as
    /// that string. PyYAML ends a plain scalar in a flow collection at any of `,?[]{}` and at a
    /// `:` (`{description: Ever wonder how?}` fails there); YAML 1.1 reads `y`, `n`, `yes`,
    /// `off`… as booleans and `12:30` as a number (Yams does not know `y` and `n`); YAML 1.2
    /// reads `+.5` and `.5e3` as numbers (Yams does not). Text that might be any of these is
    /// quoted, which every parser reads as text.
    private static func isPortablePlain(_ text: String, inFlow: Bool) -> Bool {
        if inFlow, text.contains(where: { ",?[]{}:".contains($0) }) { return false }
        let word = text.lowercased()
        if ["y", "n", "yes", "no", "true", "false", "on", "off", "null", "~", "<<", "="].contains(word) { return false }
        return !mayBeNumber(word)
    }

    /// Whether `text` (lower-cased) might be a number, a date or a time in YAML 1.1 or 1.2: a
    /// digit (after a sign or a dot) and nothing but what numbers, sexagesimals and timestamps
    /// are written with (`0x1f`, `0o17`, `0b101`, `1_000`, `1:20`, `.5e3`, `2001-12-14 21:59:43.10 -5`),
    /// or an infinity or not-a-number.
    private static func mayBeNumber(_ text: String) -> Bool {
        let unsigned = text.first == "+" || text.first == "-" ? text.dropFirst() : Substring(text)
        if unsigned == ".inf" || unsigned == ".nan" { return true }
        let digits = unsigned.first == "." ? unsigned.dropFirst() : unsigned
        guard let first = digits.first, first.isASCII, first.isNumber else { return false }
        return unsigned.allSatisfy { $0.isHexDigit || "xobtz_.:+- ".contains($0) }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        (0x7F...0x9F).contains(scalar.value) || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(scalar.value)
    }
}
