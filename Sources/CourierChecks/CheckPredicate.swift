/// What a check requires of its subject's value: an operator, the value it takes, and
/// whether it is negated (`not contains "error"`).
package struct CheckPredicate: Sendable, Hashable, CustomStringConvertible {
    package enum Operator: String, Sendable, Hashable, CaseIterable {
        case equal = "==", notEqual = "!=", greaterOrEqual = ">=", lessOrEqual = "<=", greater = ">", less = "<"
        case contains, startsWith, endsWith, matches, includes, `in`
        case exists, isEmpty
        case isString, isInteger, isNumber, isBoolean, isNull, isObject, isArray, isDate, isIsoDate, isUuid
        /// A JSON Schema check's (``SchemaCheck``), written `{schema: …}` rather than in a line.
        case matchesSchema = "matches schema"

        /// The symbols, longest first so that `>=` is not read as `>`.
        static let symbols: [Operator] = [.equal, .notEqual, .greaterOrEqual, .lessOrEqual, .greater, .less]

        /// Whether a value follows it.
        package var takesValue: Bool {
            switch self {
            case .exists, .isEmpty, .isString, .isInteger, .isNumber, .isBoolean, .isNull, .isObject, .isArray, .isDate, .isIsoDate, .isUuid:
                return false
            default:
                return true
            }
        }

        /// Whether it tests the kind of value (the summary then names the actual kind).
        var isKindTest: Bool { rawValue.hasPrefix("is") && self != .isEmpty }
    }

    package var op: Operator
    /// Nil exactly when the operator takes none. For `matches`, the regular expression's
    /// text (flags written `/re/i` become `(?i)re`).
    package var value: CheckValue?
    package var isNegated: Bool

    package init(_ op: Operator, _ value: CheckValue? = nil, negated: Bool = false) {
        self.op = op
        self.value = value
        isNegated = negated
    }

    /// `not contains "x"`, `== 200`, `matches /^Rex/`, `isNumber`: the predicate as a check
    /// reads, with `value` in place of the written value when given (the resolved one).
    func text(value shown: String? = nil) -> String {
        let negation = isNegated ? "not " : ""
        guard let value else { return negation + op.rawValue }
        if op == .matches, shown == nil, case .text(let pattern) = value { return "\(negation)matches /\(pattern)/" }
        return "\(negation)\(op.rawValue) \(shown ?? value.description)"
    }

    package var description: String { text() }
}
