import Courier
import Foundation

/// Courier's JSON parser against Foundation's on the same bytes: both accept or both reject,
/// and what they accept is the same value.
extension FuzzTarget {
    static func json(_ data: Data) {
        let ours = try? JSONValue(parsing: data)
        let theirs = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        // Foundation accepts more than RFC 8259: a trailing comma (`[1,]`), and UTF-16 and UTF-32
        // text (told by NULs or a byte-order mark at the start), which JSON exchanged between
        // systems may not use. Courier refuses both; those differences are expected.
        if ours == nil, theirs != nil, hasTrailingComma(data) || isNotUTF8Text(data) { return }
        precondition((ours == nil) == (theirs == nil),
                     "accept/reject differs: ours \(ours.map { "\($0)" } ?? "rejects"), Foundation \(theirs.map { "\($0)" } ?? "rejects")")
        if let ours, let theirs {
            precondition(JSONValue(foundation: theirs).map { $0.sameValue(as: ours) } ?? false,
                         "values differ: ours \(ours), Foundation \(theirs)")
        }
    }
}

/// Whether Foundation would read `data` as UTF-16 or UTF-32 (RFC 4627's detection), or with
/// a byte-order mark.
private func isNotUTF8Text(_ data: Data) -> Bool {
    let head = Array(data.prefix(4))
    return head.contains(0) || head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
        || head.starts(with: [0xEF, 0xBB, 0xBF])
}

/// Whether a `,` is followed, past white space, by `]` or `}` outside strings.
private func hasTrailingComma(_ data: Data) -> Bool {
    var inString = false, escaped = false, afterComma = false
    for byte in data {
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true; afterComma = false
        case UInt8(ascii: ","): afterComma = true
        case UInt8(ascii: "]"), UInt8(ascii: "}"): if afterComma { return true }
        case 0x20, 0x09, 0x0A, 0x0D: break
        default: afterComma = false
        }
    }
    return false
}

extension JSONValue {
    /// Foundation's parse result as a JSONValue; nil for a type JSON does not have.
    fileprivate init?(foundation object: Any) {
        switch object {
        case is NSNull: self = .null
        case let number as NSDecimalNumber:
            // Past what Int64 and Double hold exactly Foundation gives a Decimal, whose own
            // doubleValue is not correctly rounded: read its digits the way Courier reads them.
            guard let value = Double(number.stringValue) else { return nil }
            self = .double(value)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "c" || type == "B" {  // JSON has no chars: this is a boolean
                self = .bool(number.boolValue)
            } else if type == "d" || type == "f" || type == "Q" {  // beyond Int64: a Double, as ours
                self = .double(number.doubleValue)
            } else {
                self = .int(number.intValue)
            }
        case let string as String: self = .string(string)
        case let array as [Any]:
            var elements: [JSONValue] = []
            for element in array {
                guard let value = JSONValue(foundation: element) else { return nil }
                elements.append(value)
            }
            self = .array(elements)
        case let dictionary as [String: Any]:
            var members: [String: JSONValue] = [:]
            for (key, element) in dictionary {
                guard let value = JSONValue(foundation: element) else { return nil }
                members[key] = value
            }
            self = .object(members)
        default: return nil
        }
    }

    /// The same JSON value: numbers compared as numbers (`1` and `1.0` are equal).
    fileprivate func sameValue(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.int(a), .double(b)), let (.double(b), .int(a)): return Double(a) == b
        case let (.double(a), .double(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        case let (.object(a), .object(b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.sameValue(as: $0) } ?? false }
        default: return false
        }
    }
}

