import Courier
import Foundation

/// How checks compare values: numbers by value whatever their JSON form (`3 == 3.0`), and,
/// for subjects whose value is always text (`loose`), text that reads as a number as that
/// number (`header Content-Length > 100`).
enum CheckComparison {
    static func equal(_ a: JSONValue, _ b: JSONValue, loose: Bool) -> Bool {
        if let x = number(a, loose: loose), let y = number(b, loose: loose), a.isNumber || b.isNumber { return x == y }
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1, loose: false) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { equal(value, $0, loose: false) } ?? false }
        default:
            return a == b
        }
    }

    /// `a` against `b` for `<`, `<=`, `>`, `>=`: numbers as numbers, text in Unicode order
    /// (ISO 8601 dates sort as dates); nil when they cannot be ordered.
    static func order(_ a: JSONValue, _ b: JSONValue, loose: Bool) -> ComparisonResult? {
        if let x = number(a, loose: loose), let y = number(b, loose: loose) {
            return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        }
        if case .string(let x) = a, case .string(let y) = b {
            return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        }
        return nil
    }

    static func number(_ value: JSONValue, loose: Bool) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .string(let text) where loose: return Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// The text a value stands for in `contains`, `startsWith`, `endsWith` and `matches`:
    /// a string itself, a number or boolean as written; nil for null, lists and objects.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .int, .double, .bool: return value.description
        default: return nil
        }
    }

    /// Whether `value` is of the kind `op` tests; `loose` text is read for numbers and booleans.
    static func isKind(_ value: JSONValue, _ op: CheckPredicate.Operator, loose: Bool) -> Bool {
        let text = loose ? value.stringValue?.trimmingCharacters(in: .whitespaces) : nil
        switch op {
        case .isString: return value.stringValue != nil
        case .isInteger:
            if let text { return Int(text) != nil }
            switch value {
            case .int: return true
            case .double(let number): return number.isFinite && number == number.rounded()
            default: return false
            }
        case .isNumber: return value.isNumber || (text.map { number(.string($0), loose: true) != nil } ?? false)
        case .isBoolean: return value.boolValue != nil || text == "true" || text == "false"
        case .isNull: return value.isNull
        case .isObject: return value.objectValue != nil
        case .isArray: return value.arrayValue != nil
        case .isDate: return value.stringValue.map { isISODate($0) || isHTTPDate($0) } ?? false
        case .isIsoDate: return value.stringValue.map(isISODate) ?? false
        case .isUuid: return value.stringValue.map { UUID(uuidString: $0) != nil } ?? false
        default: return false
        }
    }

    /// An RFC 3339 date-time (`2025-01-01T12:00:00Z`, fractions and offsets allowed) or
    /// full-date (`2025-01-01`).
    static func isISODate(_ text: String) -> Bool {
        let dateOnly = ISO8601DateFormatter()
        dateOnly.formatOptions = [.withFullDate]
        if text.count == 10, dateOnly.date(from: text) != nil { return true }
        let dateTime = ISO8601DateFormatter()
        if dateTime.date(from: text) != nil { return true }
        dateTime.formatOptions.insert(.withFractionalSeconds)
        return dateTime.date(from: text) != nil
    }

    /// An HTTP date (RFC 9110's IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`).
    static func isHTTPDate(_ text: String) -> Bool {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text) != nil
    }
}

extension JSONValue {
    var isNumber: Bool {
        switch self {
        case .int, .double: return true
        default: return false
        }
    }

    /// `string`, `integer`, `number`, `boolean`, `null`, `object` or `array`.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// JSON with a space after commas and colons, as checks are written: `[200, 201]`.
    var checkText: String {
        switch self {
        case .array(let items):
            return "[" + items.map(\.checkText).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\(JSONValue.string($0.key).description): \($0.value.checkText)" }
                .joined(separator: ", ") + "}"
        default:
            return description
        }
    }
}
