import CourierFormatCore
/// How one check went on one response: expected against actual, and why when it failed.
public struct CheckResult: Sendable, Hashable, CustomStringConvertible {
    public var check: Check
    public var passed: Bool
    /// The predicate with its value filled in: `== 200`, `not contains "error"`, `isNumber`.
    public var expected: String
    /// The subject's value, short (long text cut with "…"), or `nothing`.
    public var actual: String
    /// The actual value's kind (`string`, `integer`, `number`, `boolean`, `null`, `object`,
    /// `array`); nil when there is no value.
    public var actualKind: String?
    /// The kind of the expected value, filled in; nil for a predicate without one.
    public var expectedKind: String?
    /// Why there is no value to test, or why the test could not be made: `no header
    /// X-Trace`, `the body is not JSON`, `undefined variable {{id}}`.
    public var note: String?

    public init(check: Check, passed: Bool, expected: String, actual: String, actualKind: String? = nil, expectedKind: String? = nil,
                note: String? = nil) {
        self.check = check
        self.passed = passed
        self.expected = expected
        self.actual = actual
        self.actualKind = actualKind
        self.expectedKind = expectedKind
        self.note = note
    }

    /// The JSON path the check reads, for jumping to it in the body.
    public var jsonPath: JSONPath? {
        if case .json(let path) = check.subject { return path }
        return nil
    }

    /// One line: `$.price: expected isNumber, got "12" (string)`, or for a pass
    /// `$.price isNumber`.
    public var summary: String {
        guard !passed else { return check.text }
        if check.predicate.op == .matchesSchema, actual != "nothing" {
            // `$.items[3].price: expected number, got string (#/components/schemas/Pet/properties/price/type)`
            return "\(check.subjectText): \(actual)" + (note.map { " (\($0))" } ?? "")
        }
        var line = "\(check.subjectText): expected \(expected), got \(actual)"
        if let actualKind, showsKind { line += " (\(actualKind))" }
        if let note { line += actualKind == nil && actual == "nothing" ? " (\(note))" : "; \(note)" }
        return line
    }

    public var description: String { (passed ? "✓ " : "✗ ") + summary }

    /// Whether naming the actual kind helps: for a kind test, or when the expected value is
    /// of another kind (`== 3` against `"3"`; integers and other numbers are one kind here).
    private var showsKind: Bool {
        if check.predicate.op.isKindTest { return true }
        guard let expectedKind, let actualKind, [CheckPredicate.Operator.equal, .notEqual, .greater, .greaterOrEqual, .less, .lessOrEqual].contains(check.predicate.op) else {
            return false
        }
        let numbers: Set = ["integer", "number"]
        return expectedKind != actualKind && !(numbers.contains(expectedKind) && numbers.contains(actualKind))
    }
}
