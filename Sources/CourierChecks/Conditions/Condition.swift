import Courier
import CourierFormatCore
import Foundation

/// `when: "orderId exists"` or `when: "status.login == 200"` — a test over a chain's
/// captures and statuses (and, for `until:`, a page's or an event's JSON), in the predicate
/// language of `expect:` checks: `NAME [not] PREDICATE [VALUE]`.
///
/// The subject is a variable name (captures, variables, and `status.REQUEST` for every request
/// the chain has finished), `{{name}}`, or a JSON path (`$.done`, where the context has a
/// document: a stream's event, a page). The predicates are the checks' own: `==`, `!=`, `<`,
/// `>`, `<=`, `>=`, `exists`, `contains`, `startsWith`, `endsWith`, `matches /re/`,
/// `in [a, b]`, `isEmpty`, the `is<Kind>` tests, each after an optional `not`. A value is a
/// number, `true`/`false`/`null`, a quoted string, a list, `{{name}}` (another variable), or a
/// bare word: after a comparison sign a bare name is another variable (`a == b`), after a word
/// predicate it is text (`tier startsWith gold`). Variables are text: two that read as numbers compare as
/// numbers, anything else as text; a missing variable holds only `!=` and the negated predicates.
package struct Condition: Sendable, Hashable, CustomStringConvertible {
    package enum Operand: Sendable, Hashable {
        case variable(String)
        case number(Double)
        case string(String)
    }

    package var left: Operand
    package var predicate: CheckPredicate
    package var text: String
    package var location: SourceLocation

    /// The variables the condition reads.
    package var variables: [String] {
        var names: [String] = []
        if case .variable(let name) = left { names.append(name) }
        if let value = predicate.value { names += Self.placeholders(in: value) }
        return names
    }

    package var description: String { text }

    /// Why a condition's text does not parse, in words for the error at its key.
    package struct ParseError: Error { package let reason: String }

    /// A condition written in the file (`when:`, `repeat: {until:}`); a mistake is an error at it.
    package init(yaml: YAMLValue) throws(WorkspaceError) {
        let text = try yaml.string(expected: "a condition like \"token exists\"")
        do {
            try self.init(parsing: text, location: yaml.location)
        } catch {
            throw yaml.error(.invalidValue, error.reason)
        }
    }

    package init(parsing text: String, location: SourceLocation) throws(ParseError) {
        self.text = text
        self.location = location
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let subject = Self.subjectText(of: trimmed)
        left = try Self.operand(String(subject))
        var parser = CheckParser(String(trimmed[subject.endIndex...]))
        do {
            predicate = try parser.predicate()
        } catch {
            throw ParseError(reason: "\(error.reason) — a condition is NAME [not] PREDICATE [VALUE], like count >= 3 or token exists")
        }
        // A bare name after a comparison sign is another variable, as `{{name}}` is (as it
        // always was in conditions); after a word predicate (`contains`) it is text, as in checks.
        if CheckPredicate.Operator.symbols.contains(predicate.op), case .text(let word)? = predicate.value, !(trimmed.last.map { "\"'".contains($0) } ?? false),
           case .variable(let name) = try Self.operand(word) {
            predicate.value = .placeholder(name)
        }
    }

    /// The subject at the start of `text`: up to a space or a comparison sign outside quotes
    /// and brackets (`count>=3`, `$['a b'] exists`).
    private static func subjectText(of text: String) -> Substring {
        var depth = 0
        var quote: Character?
        return text.prefix { character in
            if let open = quote {
                if character == open { quote = nil }
                return true
            }
            switch character {
            case "'", "\"": quote = character
            case "[": depth += 1
            case "]": depth -= 1
            default: if depth <= 0, character.isWhitespace || "=!<>".contains(character) { return false }
            }
            return true
        }
    }

    private static func operand(_ raw: String) throws(ParseError) -> Operand {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard let first = text.first else { throw ParseError(reason: "an operand is missing") }
        if (first == "'" || first == "\""), text.count >= 2, text.last == first {
            return .string(String(text.dropFirst().dropLast()))
        }
        if let number = Double(text) { return .number(number) }
        // As a JSON path's value reads: `$.done == true`.
        if text == "true" || text == "false" { return .string(text) }
        if text.hasPrefix("$") {
            do {
                return .variable(try JSONPath(parsing: text).description)
            } catch {
                throw ParseError(reason: "\(error.reason) in the JSON path \(text)")
            }
        }
        if text.hasPrefix("{{"), text.hasSuffix("}}") {
            return .variable(String(text.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespaces))
        }
        guard text.allSatisfy({ $0.isLetter || $0.isNumber || "_.-".contains($0) }) else {
            throw ParseError(reason: "\"\(text)\" is not a name, a number or a quoted string")
        }
        return .variable(text)
    }

    private static func placeholders(in value: CheckValue) -> [String] {
        switch value {
        case .placeholder(let name): [name]
        case .list(let items): items.flatMap(placeholders)
        case .object(let members): members.values.flatMap(placeholders)
        case .literal, .text: []
        }
    }
}
