import Foundation
import CourierWorkspace

/// Bruno's declarative response handling in Courier's terms: `assert` entries
/// (`res.status: eq 200`, `res.body.id: isNumber`) as `expect:` checks, and post-response
/// variables (`token: res.body.token`) as captures.
enum BrunoAssertions {
    /// Bruno's operators with a value, and Courier's predicate for each.
    private static let binary: [String: String] = [
        "eq": "==", "neq": "!=", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=", "in": "in", "notIn": "not in",
        "contains": "contains", "notContains": "not contains", "startsWith": "startsWith", "endsWith": "endsWith",
        "matches": "matches", "notMatches": "not matches",
    ]
    /// Bruno's operators without a value.
    private static let unary: [String: String] = [
        "isEmpty": "isEmpty", "isNotEmpty": "not isEmpty", "isNull": "isNull", "isDefined": "exists", "isUndefined": "not exists",
        "isNumber": "isNumber", "isString": "isString", "isBoolean": "isBoolean", "isArray": "isArray",
    ]

    /// The check line for `expression: operatorAndValue` (Bruno's `eq 200`; a value with no
    /// known operator is `eq`), or why it has none.
    static func check(expression: String, operation: String) -> Result<String, Unmapped> {
        guard let subject = subject(expression) else { return .failure(Unmapped(reason: "its subject \(expression) has no Courier counterpart")) }
        let trimmed = operation.trimmingCharacters(in: .whitespaces)
        let word = String(trimmed.prefix { !$0.isWhitespace })
        let rest = trimmed.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        let line: String
        if let predicate = unary[word] {
            line = "\(subject) \(predicate)"
        } else if let predicate = binary[word] {
            var value = rest
            if predicate.hasSuffix("matches") {
                let pattern = value.hasPrefix("/") && value.hasSuffix("/") && value.count > 1 ? String(value.dropFirst().dropLast()) : value
                value = "/" + pattern + "/"
            } else if predicate.hasSuffix("in") {
                let items = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                value = value.hasPrefix("[") ? value : "[" + items.joined(separator: ", ") + "]"
            }
            if value == "undefined" { return .failure(Unmapped(reason: "it compares with undefined")) }
            line = "\(subject) \(predicate) \(value)"
        } else if ["length", "between", "isTruthy", "isFalsy", "isJson"].contains(word) {
            return .failure(Unmapped(reason: "the operator \(word) has no Courier counterpart"))
        } else {
            if trimmed == "undefined" { return .failure(Unmapped(reason: "it compares with undefined")) }
            line = "\(subject) == \(trimmed)"
        }
        do {
            _ = try Check(parsing: line, location: SourceLocation(file: "", line: 1, column: 1))
            return .success(line)
        } catch {
            return .failure(Unmapped(reason: "\"\(line)\" is not a check Courier reads (\(error.message))"))
        }
    }

    /// What a post-response variable's expression captures: `$.token`, `header:x-id`,
    /// `status`, `body`; nil for anything else (a function call, JavaScript).
    static func capture(_ expression: String) -> String? {
        let subject = subject(expression)
        switch subject {
        case "status"?, "body"?: return subject
        case let text? where text.hasPrefix("$"): return text
        case let text? where text.hasPrefix("header "): return "header:" + text.dropFirst("header ".count)
        default: return nil
        }
    }

    /// `res.status` → `status`, `res.body.a[0].b` → `$.a[0].b`, `res.headers.x` or
    /// `res.headers['x']` → `header x`, `res.responseTime` → `duration`; `$res` is Bruno's
    /// older spelling of `res`.
    private static func subject(_ expression: String) -> String? {
        var text = expression.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("$res") { text.removeFirst() }
        guard text.hasPrefix("res.") else { return nil }
        text.removeFirst(4)
        if text == "status" { return "status" }
        if text == "responseTime" { return "duration" }
        if text == "body" { return "body" }
        if text.hasPrefix("body.") || text.hasPrefix("body[") {
            let path = text.dropFirst(4)
            guard !path.contains("("), !path.contains(" ") else { return nil }
            return "$" + path
        }
        if text.hasPrefix("headers.") { return "header " + text.dropFirst("headers.".count) }
        if text.hasPrefix("headers['"), text.hasSuffix("']") { return "header " + text.dropFirst("headers['".count).dropLast(2) }
        if text.hasPrefix("headers[\""), text.hasSuffix("\"]") { return "header " + text.dropFirst("headers[\"".count).dropLast(2) }
        return nil
    }

    /// Why an assertion has no check.
    struct Unmapped: Error {
        let reason: String
    }
}
