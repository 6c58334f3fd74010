import Courier
import Foundation

/// What each operator of the one predicate language tests: `expect:` checks on a response's
/// facts, and `when:`/`until:` conditions on variables (``Condition``), read the same.
extension CheckPredicate.Operator {
    /// Whether the operator holds of `actual` (before any `not`), or why it cannot be tested.
    /// `loose`: text that reads as a number or a boolean compares as one (a header's value,
    /// a variable's).
    func holds(of actual: JSONValue, _ expected: JSONValue?, loose: Bool) -> (holds: Bool, reason: String?) {
        let op = self
        let expected = expected ?? .null
        switch op {
        case .equal: return (CheckComparison.equal(actual, expected, loose: loose), nil)
        case .notEqual: return (!CheckComparison.equal(actual, expected, loose: loose), nil)
        case .greater, .greaterOrEqual, .less, .lessOrEqual:
            guard let order = CheckComparison.order(actual, expected, loose: loose) else {
                return (false, "\(actual.kindName) and \(expected.kindName) cannot be ordered")
            }
            switch op {
            case .greater: return (order == .orderedDescending, nil)
            case .greaterOrEqual: return (order != .orderedAscending, nil)
            case .less: return (order == .orderedAscending, nil)
            default: return (order != .orderedDescending, nil)
            }
        case .contains, .startsWith, .endsWith, .matches:
            if op == .contains, case .array = actual { return Self.includes.holds(of: actual, expected, loose: loose) }
            guard let text = CheckComparison.text(actual), let part = CheckComparison.text(expected) else {
                return (false, "\(op.rawValue) needs text, not \(actual.kindName)")
            }
            switch op {
            case .contains: return (text.contains(part), nil)
            case .startsWith: return (text.hasPrefix(part), nil)
            case .endsWith: return (text.hasSuffix(part), nil)
            default:
                guard let regex = try? NSRegularExpression(pattern: part) else { return (false, "/\(part)/ is not a valid regular expression") }
                return (regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil, nil)
            }
        case .includes:
            guard case .array(let items) = actual else { return (false, "includes needs a list, not \(actual.kindName)") }
            return (items.contains { CheckComparison.equal($0, expected, loose: false) }, nil)
        case .in:
            guard case .array(let items) = expected else { return (false, "in needs a list to look in") }
            return (items.contains { CheckComparison.equal(actual, $0, loose: loose) }, nil)
        case .exists:
            return (true, nil)
        case .isEmpty:
            switch actual {
            case .string(let text): return (text.isEmpty, nil)
            case .array(let items): return (items.isEmpty, nil)
            case .object(let members): return (members.isEmpty, nil)
            default: return (false, "isEmpty needs text, a list or an object, not \(actual.kindName)")
            }
        default:
            return (CheckComparison.isKind(actual, self, loose: loose), nil)
        }
    }
}
