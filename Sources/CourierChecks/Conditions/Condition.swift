import CourierFormatCore
import Foundation

/// `when: "orderId exists"` or `when: "status.login == 200"` — a test over a chain's
/// captures and statuses, evaluated just before the step would run; false skips the step.
///
/// Operands are variable names (captures, variables, and `status.REQUEST` for every request
/// the chain has finished), JSON paths (`$.done`, where the context has a document: a
/// stream's event, a page), numbers, `true` and `false`, and quoted strings. Operators: `==`, `!=`, `<`, `>`,
/// `<=`, `>=`, and the postfix `exists` / `not exists`. Two numbers compare as numbers.
package struct Condition: Sendable, Hashable, CustomStringConvertible {
    package enum Operand: Sendable, Hashable {
        case variable(String)
        case number(Double)
        case string(String)
    }

    package enum Operator: String, Sendable, Hashable, CaseIterable {
        case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">"
        case exists = "exists", notExists = "not exists"
    }

    package var left: Operand
    package var op: Operator
    package var right: Operand?
    package var text: String
    package var location: SourceLocation

    /// The variables the condition reads.
    package var variables: [String] {
        [left, right].compactMap { operand in
            if case .variable(let name)? = operand { return name }
            return nil
        }
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
        for postfix in [Operator.notExists, .exists] where trimmed.hasSuffix(" " + postfix.rawValue) {
            left = try Self.operand(String(trimmed.dropLast(postfix.rawValue.count + 1)))
            op = postfix
            right = nil
            return
        }
        for candidate in Operator.allCases where candidate != .exists && candidate != .notExists {
            if let range = trimmed.range(of: candidate.rawValue) {
                left = try Self.operand(String(trimmed[..<range.lowerBound]))
                op = candidate
                right = try Self.operand(String(trimmed[range.upperBound...]))
                return
            }
        }
        throw ParseError(reason: "expected NAME exists, NAME not exists, or A OP B with OP one of ==, !=, <, >, <=, >=")
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

    /// Whether the condition holds, looking variables up with `lookup`.
    package func holds(_ lookup: (String) -> String?) -> Bool {
        func resolve(_ operand: Operand?) -> String? {
            switch operand {
            case .variable(let name)?: return lookup(name)
            case .number(let number)?: return number == number.rounded() ? String(Int(number)) : String(number)
            case .string(let text)?: return text
            case nil: return nil
            }
        }
        let lhs = resolve(left)
        switch op {
        case .exists: return lhs != nil
        case .notExists: return lhs == nil
        default: break
        }
        guard let lhs, let rhs = resolve(right) else { return op == .notEqual }
        if let a = Double(lhs), let b = Double(rhs) { return Self.compare(a, b, op) }
        return Self.compare(lhs, rhs, op)
    }

    private static func compare<T: Comparable>(_ a: T, _ b: T, _ op: Operator) -> Bool {
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .greater: return a > b
        case .lessOrEqual: return a <= b
        case .greaterOrEqual: return a >= b
        case .exists, .notExists: return false
        }
    }
}
