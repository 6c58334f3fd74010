import CourierFormatCore
import Foundation
import HTTPTypes

/// A mistake in a check's text, `offset` characters from its start.
struct CheckSyntaxError: Error {
    let reason: String
    let offset: Int
}

/// Reads a check's line, `SUBJECT [count] [not] PREDICATE [VALUE]`, left to right, counting
/// characters for the column of a mistake.
struct CheckParser {
    private var rest: Substring
    private(set) var offset = 0

    init(_ text: String) {
        rest = Substring(text)
    }

    private static let subjectHelp = "status, header NAME, cookie NAME, $.json.path, xpath EXPR, body, bytes, sha256, duration, contentType, url, redirects, trailer NAME or messages"

    mutating func subject() throws(CheckSyntaxError) -> CheckSubject {
        skipSpaces()
        let start = offset
        let first = word()
        if first.hasPrefix("$") {
            do {
                return .json(try JSONPath(parsing: String(first)))
            } catch {
                throw CheckSyntaxError(reason: "\(error.reason) in the JSON path \(first)", offset: start)
            }
        }
        if let subject = CheckSubject.keywords[String(first)] { return subject }
        switch first {
        case "header":
            let name = try operand("a header name: header Content-Type")
            guard HTTPField.Name(String(name)) != nil else {
                throw CheckSyntaxError(reason: "expected a header name: header Content-Type, not \"\(name)\"", offset: offset - name.count)
            }
            return .header(String(name))
        case "trailer":
            let name = try operand("a trailer name: trailer grpc-message")
            guard HTTPField.Name(String(name)) != nil else {
                throw CheckSyntaxError(reason: "expected a trailer name: trailer grpc-message, not \"\(name)\"", offset: offset - name.count)
            }
            return .trailer(String(name))
        case "cookie":
            let name = try operand("a cookie name: cookie session, or cookie session[HttpOnly] for an attribute")
            guard let open = name.firstIndex(of: "[") else { return .cookie(name: String(name), attribute: nil) }
            guard name.last == "]", name.index(after: open) < name.index(before: name.endIndex) else {
                throw CheckSyntaxError(reason: "expected cookie NAME[ATTRIBUTE], like cookie session[Path]", offset: offset - name.count)
            }
            return .cookie(name: String(name[..<open]), attribute: String(name[name.index(after: open)..<name.index(before: name.endIndex)]))
        case "xpath":
            skipSpaces()
            let at = offset
            let expression = rest.first == "\"" || rest.first == "'" ? try quoted() : String(try operand("an XPath expression: xpath //title"))
            if !LibXML2.isValidXPath(expression) {
                throw CheckSyntaxError(reason: "\"\(expression)\" is not a valid XPath 1.0 expression", offset: at)
            }
            return .xpath(expression)
        case "":
            throw CheckSyntaxError(reason: "a subject is missing: expected \(Self.subjectHelp)", offset: start)
        default:
            let hint = first.first == "." ? "; a JSON path starts with $, like $\(first)" : Suggestion.clause(for: String(first), in: CheckSubject.names)
            throw CheckSyntaxError(reason: "unknown subject \"\(first)\"\(hint) (expected \(Self.subjectHelp))", offset: start)
        }
    }

    /// Whether the next word is `word`, consuming it if so.
    mutating func keyword(_ keyword: String) -> Bool {
        skipSpaces()
        guard rest.hasPrefix(keyword), rest.dropFirst(keyword.count).first?.isWhitespace ?? true else { return false }
        advance(keyword.count)
        return true
    }

    /// `[not] OPERATOR [VALUE]` up to the end. With `valueGiven` (the map form, whose value
    /// is a key of its own) the text holds no value and this says whether one must be given.
    mutating func predicate(valueGiven: Bool? = nil) throws(CheckSyntaxError) -> CheckPredicate {
        let negated = keyword("not")
        skipSpaces()
        let start = offset
        let op: CheckPredicate.Operator
        if let symbol = CheckPredicate.Operator.symbols.first(where: { rest.hasPrefix($0.rawValue) }) {
            op = symbol
            advance(symbol.rawValue.count)
        } else {
            let name = word()
            let names = CheckPredicate.Operator.allCases.filter { !CheckPredicate.Operator.symbols.contains($0) && $0 != .matchesSchema }
                .map(\.rawValue)
            guard let named = CheckPredicate.Operator(rawValue: String(name)), names.contains(String(name)) else {
                let what = name.isEmpty ? "a predicate is missing" : "unknown predicate \"\(name)\"\(Suggestion.clause(for: String(name), in: names))"
                throw CheckSyntaxError(reason: "\(what) (expected ==, !=, >, >=, <, <=, \(names.joined(separator: ", ")), optionally after not)", offset: start)
            }
            op = named
        }
        skipSpaces()
        if let valueGiven {
            try end()
            guard valueGiven == op.takesValue else {
                throw CheckSyntaxError(reason: op.takesValue ? "\(op.rawValue) needs a value: add value: …" : "\(op.rawValue) takes no value", offset: start)
            }
            return CheckPredicate(op, nil, negated: negated)
        }
        guard op.takesValue else {
            try end()
            return CheckPredicate(op, nil, negated: negated)
        }
        guard !rest.isEmpty else { throw CheckSyntaxError(reason: "\(op.rawValue) needs a value after it", offset: offset) }
        let valueStart = offset
        let value: CheckValue
        if op == .matches, rest.first == "/" {
            value = .text(try Self.regex(String(rest), offset: valueStart))
        } else {
            value = try CheckValue.parse(rest, offset: valueStart)
            if op == .matches, case .text(let pattern) = value { _ = try Self.regex(pattern, offset: valueStart) }
        }
        if op == .in, !(value.isList || value.isPlaceholder) {
            throw CheckSyntaxError(reason: "in takes a list, like in [200, 201]", offset: valueStart)
        }
        rest = rest[rest.endIndex...]
        return CheckPredicate(op, value, negated: negated)
    }

    /// Fails unless only spaces are left.
    mutating func end() throws(CheckSyntaxError) {
        skipSpaces()
        guard rest.isEmpty else { throw CheckSyntaxError(reason: "unexpected \"\(rest)\"", offset: offset) }
    }

    /// The pattern of `/re/flags` (flags among `imsx`, written inline as `(?i)re`) or of a
    /// bare pattern, checked to compile unless it holds placeholders.
    static func regex(_ text: String, offset: Int) throws(CheckSyntaxError) -> String {
        var pattern = text
        if text.hasPrefix("/") {
            guard let close = text.lastIndex(of: "/"), close > text.startIndex else {
                throw CheckSyntaxError(reason: "the regular expression is not closed with /", offset: offset)
            }
            let flags = text[text.index(after: close)...]
            guard flags.allSatisfy({ "imsx".contains($0) }) else {
                throw CheckSyntaxError(reason: "unknown regular expression flags \"\(flags)\" (expected i, m, s or x)", offset: offset)
            }
            pattern = (flags.isEmpty ? "" : "(?\(flags))") + text[text.index(after: text.startIndex)..<close]
        }
        if Template.references(in: pattern).isEmpty {
            do {
                _ = try NSRegularExpression(pattern: pattern)
            } catch {
                throw CheckSyntaxError(reason: "/\(pattern)/ is not a valid regular expression", offset: offset)
            }
        }
        return pattern
    }

    // MARK: - Words

    private mutating func advance(_ count: Int) {
        rest = rest.dropFirst(count)
        offset += count
    }

    private mutating func skipSpaces() {
        while rest.first?.isWhitespace == true { advance(1) }
    }

    /// The next word: up to a space outside brackets and quotes (`$['a b']`, `//p[@x = 1]`).
    private mutating func word() -> Substring {
        var depth = 0
        var quote: Character?
        let word = rest.prefix { character in
            if let open = quote {
                if character == open { quote = nil }
                return true
            }
            switch character {
            case "'", "\"": quote = character
            case "[", "(": depth += 1
            case "]", ")": depth -= 1
            default: if character.isWhitespace && depth <= 0 { return false }
            }
            return true
        }
        advance(word.count)
        return word
    }

    /// The word after a subject's keyword, which must be there.
    private mutating func operand(_ expected: String) throws(CheckSyntaxError) -> Substring {
        skipSpaces()
        let word = word()
        guard !word.isEmpty else { throw CheckSyntaxError(reason: "expected \(expected)", offset: offset) }
        return word
    }

    /// A quoted operand (`xpath "//p[@class = 'x']"`), without its quotes.
    private mutating func quoted() throws(CheckSyntaxError) -> String {
        let start = offset
        guard let open = rest.first, let close = rest.dropFirst().firstIndex(of: open) else {
            throw CheckSyntaxError(reason: "the quoted expression is not closed", offset: start)
        }
        let text = String(rest[rest.index(after: rest.startIndex)..<close])
        advance(text.count + 2)
        return text
    }
}

extension CheckValue {
    var isList: Bool {
        if case .list = self { return true }
        return false
    }
}
