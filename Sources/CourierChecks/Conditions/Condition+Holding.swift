import Courier
import Foundation

extension Condition {
    /// Whether the condition holds, looking variables up with `lookup`.
    package func holds(_ lookup: (String) -> String?) -> Bool {
        let actual: String? = switch left {
        case .variable(let name): lookup(name)
        case .number(let number): Self.text(of: number)
        case .string(let text): text
        }
        // A missing variable, on either side: only `!=` holds, and the negated predicates.
        let whenMissing = predicate.isNegated != (predicate.op == .notEqual)
        guard let actual else { return whenMissing }
        var expected: JSONValue?
        if let written = predicate.value {
            guard let value = Self.value(written, lookup) else { return whenMissing }
            expected = Self.normalized(value)
        }
        return predicate.isNegated != predicate.op.holds(of: Self.variable(actual), expected, loose: true).holds
    }

    /// A variable's text as the predicates read it: a number when it reads as one, else text.
    private static func variable(_ text: String) -> JSONValue {
        if let number = Int(text) { return .int(number) }
        if let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite { return .double(number) }
        return .string(text)
    }

    /// A written value as a variable's text compares with it: `true`, `false` and `null` are
    /// their words (a variable holds text), numbers stay numbers.
    private static func normalized(_ value: JSONValue) -> JSONValue {
        switch value {
        case .bool(let flag): .string(flag ? "true" : "false")
        case .null: .string("null")
        case .string(let text): variable(text)
        case .array(let items): .array(items.map(normalized))
        default: value
        }
    }

    /// The value written after the predicate, its variables looked up; nil when one is missing.
    private static func value(_ written: CheckValue, _ lookup: (String) -> String?) -> JSONValue? {
        switch written {
        case .literal(let value): return value
        case .text(let text): return .string(text)
        case .placeholder(let name): return lookup(name).map(JSONValue.string)
        case .list(let items):
            var values: [JSONValue] = []
            for item in items {
                guard let value = Self.value(item, lookup) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object(let members):
            var values: [String: JSONValue] = [:]
            for (key, member) in members {
                guard let value = Self.value(member, lookup) else { return nil }
                values[key] = value
            }
            return .object(values)
        }
    }

    private static func text(of number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
