import Courier
import CourierFormatCore
import Foundation

/// The value a check compares with, as written: JSON-ish literals whose text may hold
/// `{{variables}}` and captures, filled in when the check is evaluated.
public indirect enum CheckValue: Sendable, Hashable, CustomStringConvertible {
    /// A number, `true`, `false` or `null`.
    case literal(JSONValue)
    /// Quoted or bare text; its placeholders are filled in.
    case text(String)
    /// A value that is one `{{name}}`: the variable's text read as JSON when it is JSON (`3`,
    /// `true`, `[1, 2]`), else as text; so `== {{count}}` compares numbers.
    case placeholder(String)
    case list([CheckValue])
    case object([String: CheckValue])

    /// The value with its placeholders filled in by `render` (a ``VariableScope``'s `render`).
    public func resolved(_ render: (String) throws(TemplateError) -> String) throws(TemplateError) -> JSONValue {
        switch self {
        case .literal(let value):
            return value
        case .text(let text):
            return .string(try render(text))
        case .placeholder(let name):
            let text = try render("{{\(name)}}")
            return (try? JSONValue(parsing: Data(text.utf8))) ?? .string(text)
        case .list(let items):
            var values: [JSONValue] = []
            for item in items { values.append(try item.resolved(render)) }
            return .array(values)
        case .object(let members):
            var values: [String: JSONValue] = [:]
            for (key, member) in members { values[key] = try member.resolved(render) }
            return .object(values)
        }
    }

    public var description: String {
        switch self {
        case .literal(let value): return value.checkText
        case .text(let text): return JSONValue.string(text).description
        case .placeholder(let name): return "{{\(name)}}"
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\(JSONValue.string($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    // MARK: - Reading

    /// Reads all of `text` (which starts `offset` characters into the check) as one value:
    /// a quoted string (`"…"` with JSON escapes, or `'…'`), a number, `true`, `false`,
    /// `null`, a list `[…]`, one `{{name}}`, or else the bare text itself.
    static func parse(_ text: Substring, offset: Int) throws(CheckSyntaxError) -> CheckValue {
        var reader = Reader(text: text, offset: offset)
        let value = try reader.value(bareUntil: [])
        reader.skipSpaces()
        guard reader.rest.isEmpty else { throw CheckSyntaxError(reason: "unexpected \"\(reader.rest)\" after the value", offset: reader.offset) }
        return value
    }

    /// A scalar as the words of a bare value read.
    static func scalar(_ word: String) -> CheckValue {
        switch word {
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "null": return .literal(.null)
        default: break
        }
        if let number = Int(word) { return .literal(.int(number)) }
        if let number = Double(word), number.isFinite, word.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true {
            return .literal(.double(number))
        }
        let found = Template.placeholders(in: word)
        if found.count == 1, found[0].literal == nil, found[0].range == word.startIndex..<word.endIndex {
            return .placeholder(found[0].name)
        }
        return .text(word)
    }

    /// A cursor over a value's text that counts characters for error columns.
    private struct Reader {
        var rest: Substring
        var offset: Int

        init(text: Substring, offset: Int) {
            rest = text
            self.offset = offset
        }

        mutating func advance(_ count: Int = 1) {
            rest = rest.dropFirst(count)
            offset += count
        }

        mutating func skipSpaces() {
            while rest.first?.isWhitespace == true { advance() }
        }

        /// One value; a bare one runs to the end or to the first of `stops`.
        mutating func value(bareUntil stops: Set<Character>) throws(CheckSyntaxError) -> CheckValue {
            skipSpaces()
            switch rest.first {
            case nil:
                throw CheckSyntaxError(reason: "a value is missing", offset: offset)
            case "\"":
                return .text(try doubleQuoted())
            case "'":
                return .text(try singleQuoted())
            case "[":
                return try list()
            default:
                let word = rest.prefix { !stops.contains($0) }
                let trimmed = word.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { throw CheckSyntaxError(reason: "a value is missing", offset: offset) }
                advance(word.count)
                return CheckValue.scalar(trimmed)
            }
        }

        private mutating func doubleQuoted() throws(CheckSyntaxError) -> String {
            let start = offset
            var index = rest.index(after: rest.startIndex)
            var escaped = false
            while index < rest.endIndex, escaped || rest[index] != "\"" {
                escaped = !escaped && rest[index] == "\\"
                index = rest.index(after: index)
            }
            guard index < rest.endIndex else { throw CheckSyntaxError(reason: "the quoted string is not closed", offset: start) }
            let quoted = rest[...index]
            guard case .string(let text)? = try? JSONValue(parsing: Data(quoted.utf8)) else {
                throw CheckSyntaxError(reason: "\(quoted) is not a valid quoted string (JSON escapes: \\\" \\\\ \\n \\t \\uXXXX)", offset: start)
            }
            advance(quoted.count)
            return text
        }

        private mutating func singleQuoted() throws(CheckSyntaxError) -> String {
            let start = offset
            advance()
            guard let close = rest.firstIndex(of: "'") else { throw CheckSyntaxError(reason: "the quoted string is not closed", offset: start) }
            let text = String(rest[..<close])
            advance(text.count + 1)
            return text
        }

        private mutating func list() throws(CheckSyntaxError) -> CheckValue {
            let start = offset
            advance()
            var items: [CheckValue] = []
            skipSpaces()
            if rest.first == "]" {
                advance()
                return .list([])
            }
            while true {
                items.append(try value(bareUntil: [",", "]"]))
                skipSpaces()
                switch rest.first {
                case ",": advance()
                case "]":
                    advance()
                    return .list(items)
                default: throw CheckSyntaxError(reason: "the list is not closed with \"]\"", offset: rest.isEmpty ? start : offset)
                }
            }
        }
    }
}
