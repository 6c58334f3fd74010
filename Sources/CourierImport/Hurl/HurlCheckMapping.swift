import Courier
import Foundation
import CourierWorkspace

/// Hurl's asserts and captures in Courier's terms: an assert becomes an `expect:` line
/// (`jsonpath "$.id" == 1` → `$.id == 1`), a capture a chain capture source (`jsonpath
/// "$.token"` → `$.token`), or the reason it cannot (a filter, a query Courier's checks do
/// not have, a JSON path with wildcards…).
enum HurlCheckMapping {
    /// A check line or the reason there is none.
    enum Mapped: Equatable {
        case check(String)
        case dropped(String)
    }

    /// Hurl's predicates that Courier's checks have, by Hurl's name.
    private static let predicates: [String: String] = [
        "==": "==", "!=": "!=", ">": ">", ">=": ">=", "<": "<", "<=": "<=", "contains": "contains", "startsWith": "startsWith",
        "endsWith": "endsWith", "matches": "matches", "includes": "includes", "exists": "exists", "isEmpty": "isEmpty",
        "isString": "isString", "isInteger": "isInteger", "isNumber": "isNumber", "isBoolean": "isBoolean", "isObject": "isObject",
        "isList": "isArray", "isDate": "isDate", "isIsoDate": "isIsoDate", "isUuid": "isUuid",
    ]

    static func check(_ assert: HurlAssert) -> Mapped {
        let subject: String
        switch self.subject(assert.query, filters: assert.filters) {
        case .check(let text): subject = text
        case .dropped(let reason): return .dropped(reason)
        }
        guard let op = predicates[assert.predicate.name] else {
            return .dropped("Courier's checks have no \(assert.predicate.name)")
        }
        var line = subject + " " + (assert.predicate.negated ? "not " : "") + op
        if let value = assert.predicate.value {
            switch self.value(value, matches: op == "matches", hexText: assert.query.name == "sha256") {
            case .check(let text): line += " " + text
            case .dropped(let reason): return .dropped(reason)
            }
        }
        return validated(line)
    }

    /// `line` when Courier's check parser reads it, else why not.
    static func validated(_ line: String) -> Mapped {
        do throws(WorkspaceError) {
            _ = try Check(parsing: line, location: SourceLocation(file: "", line: 1, column: 1))
            return .check(line)
        } catch {
            return .dropped("Courier reads it as \"\(line)\", which is not a check: \(error.message)")
        }
    }

    /// The capture's source (`status`, `header:NAME`, `body`, a JSON path), or why it has none.
    static func source(_ capture: HurlCapture) -> Mapped {
        var filters = capture.filters
        switch (capture.query.name, capture.query.argument) {
        case ("status", nil) where filters.isEmpty: return .check("status")
        case ("body", nil) where filters.isEmpty: return .check("body")
        case ("header", .string(let name)?) where filters.isEmpty: return .check("header:" + name)
        case ("jsonpath", .string(let path)?):
            switch jsonPath(path, filters: &filters) {
            case .check(let text) where filters.isEmpty: return .check(text)
            case .check: return .dropped("the filter \(filters[0].name) (captures take the value as it is)")
            case .dropped(let reason): return .dropped(reason)
            }
        default:
            if let filter = filters.first, ["status", "body", "header"].contains(capture.query.name) {
                return .dropped("the filter \(filter.name) (captures take the value as it is)")
            }
            return .dropped("Courier's captures read status, a header, the body or a JSON path, not \(capture.query.name)")
        }
    }

    // MARK: - Parts

    /// The check's subject, with `count` when the last filter is `count`.
    private static func subject(_ query: HurlQuery, filters: [HurlFilter]) -> Mapped {
        var filters = filters
        var counts = false
        if filters.last?.name == "count", filters.last?.arguments.isEmpty == true {
            filters.removeLast()
            counts = true
        }
        let subject: String
        switch (query.name, query.argument) {
        case ("jsonpath", .string(let path)?):
            switch jsonPath(path, filters: &filters) {
            case .check(let text): subject = text
            case .dropped(let reason): return .dropped(reason)
            }
        case ("xpath", .string(let expression)?):
            guard let quote = ["\"", "'"].first(where: { !expression.contains($0) }) else {
                return .dropped("the XPath holds both kinds of quote")
            }
            subject = "xpath " + quote + expression + quote
        case ("header", .string(let name)?) where !counts:
            subject = "header " + name
        case ("cookie", .string(let name)?) where !counts:
            subject = "cookie " + (name.hasSuffix("[Value]") ? String(name.dropLast(7)) : name)
        case ("status", nil) where !counts, ("body", nil) where !counts, ("url", nil) where !counts, ("duration", nil) where !counts,
             ("sha256", nil) where !counts:
            subject = query.name
        case ("bytes", nil) where counts, ("redirects", nil) where counts:
            // Hurl counts the bytes and the redirects; Courier's subjects are those numbers.
            subject = query.name
            counts = false
        case ("header", _), ("cookie", _), ("status", _), ("body", _), ("url", _), ("duration", _), ("sha256", _):
            return .dropped("count of \(query.name) (Courier counts the characters of text)")
        case ("variable", _):
            return .dropped("Courier's checks look at the response, not at variables")
        default:
            return .dropped("Courier's checks have no \(query.name) query")
        }
        if let filter = filters.first { return .dropped("the filter \(filter.name) (Courier's checks have no filters but count)") }
        return .check(subject + (counts ? " count" : ""))
    }

    /// A Hurl JSON path as Courier's (members and indexes only), a leading `nth N` filter
    /// folded into it as `[N]`.
    private static func jsonPath(_ path: String, filters: inout [HurlFilter]) -> Mapped {
        guard var parsed = try? JSONPath(parsing: path) else {
            return .dropped("the JSON path \(path) (Courier's paths are $ with .member, ['member'] and [index] steps)")
        }
        if filters.first?.name == "nth", case .number(let text)? = filters.first?.arguments.first, let index = Int(text), index >= 0 {
            parsed.components.append(.index(index))
            filters.removeFirst()
        }
        return .check(parsed.description)
    }

    /// A predicate's value as a check writes it.
    private static func value(_ value: HurlValue, matches: Bool, hexText: Bool) -> Mapped {
        switch value {
        case .string(let text): return .check(JSONValue.string(text).description)
        case .regex(let pattern): return .check(matches ? "/" + pattern + "/" : JSONValue.string(pattern).description)
        case .number(let text): return .check(text)
        case .bool(let flag): return .check(flag ? "true" : "false")
        case .null: return .check("null")
        case .template(let name): return .check(HurlTemplates.courier("{{" + name + "}}"))
        case .bytes(let data) where hexText: return .check(JSONValue.string(data.map { String(format: "%02x", $0) }.joined()).description)
        case .bytes: return .dropped("a hex or base64 value (Courier's checks compare text and numbers)")
        }
    }
}
