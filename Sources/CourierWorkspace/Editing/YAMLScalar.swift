import Courier
import Foundation
import Yams

/// Values written as YAML that reads them back as they were: a string stays a string (so
/// `"1"`, `"true"`, `""` and `"{{x}}"` are quoted), numbers, booleans and null are plain.
enum YAMLScalar {
    /// Where a scalar is written; a plain scalar may hold less in a flow collection.
    enum Position {
        case blockKey, blockValue, flowKey, flowValue
    }

    /// A string, plain when YAML reads that back as the same string, else double-quoted. With
    /// the style of the scalar it replaces, it keeps that style where it can: a quoted scalar
    /// stays quoted the same way, a plain one stays plain while that is safe.
    static func string(_ text: String, at position: Position, keeping style: Node.Scalar.Style? = nil) -> String {
        switch style {
        case .doubleQuoted?: return doubleQuoted(text)
        case .singleQuoted?: return singleQuoted(text) ?? doubleQuoted(text)
        default: return isPlainSafe(text, at: position) ? text : doubleQuoted(text)
        }
    }

    /// A JSON value: scalars as above, arrays and objects in flow style (members sorted, as
    /// JSON objects have no order).
    static func json(_ value: JSONValue, at position: Position, keeping style: Node.Scalar.Style? = nil) -> String {
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

    /// A number YAML reads as a float (`1.0`, not `1`, so that it stays a double).
    private static func number(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.inf" : ".inf" }
        return String(value)
    }

    /// Seconds and other doubles where a whole number may be written as one (`5`, `0.5`).
    static func seconds(_ value: Double) -> String {
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

    /// Whether `text` written plain at `position` reads back as that same string.
    static func isPlainSafe(_ text: String, at position: Position) -> Bool {
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || needsEscape($0) }) else { return false }
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

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        (0x7F...0x9F).contains(scalar.value) || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(scalar.value)
    }
}
