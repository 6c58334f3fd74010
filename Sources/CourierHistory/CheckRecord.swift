import CourierChecks
import CourierFormatCore
import Foundation

/// One check of a recorded exchange (``HistoryExchange/checks``): a ``CheckResult`` as plain
/// values, redacted and bounded when it is recorded — what the History tab, `courier history
/// show` and HAR show of it, and what the workbench's Checks tab lays out for a live one.
public struct CheckRecord: Sendable, Codable, Hashable {
    /// The check as written: `$.price isNumber`, `schema schemas/pet.json`.
    public var check: String
    /// What it looks at: `$.items count`, `header Server`; for a schema violation, the path
    /// of the value that violates it.
    public var subject: String
    /// Where the check is written: `/path/demo.yaml:41:11`.
    public var location: String
    public var passed: Bool
    /// The predicate with its value filled in: `== 200`.
    public var expected: String
    /// The subject's value, short, or `nothing`; a schema violation's message.
    public var actual: String
    /// The actual value's kind (`string`, `integer`, …); nil when there is none.
    public var actualKind: String?
    /// Why there is no value, or a schema violation's schema location.
    public var note: String?
    /// One line: `$.price: expected isNumber, got "12" (string)`; the check for a pass.
    public var summary: String
    /// The JSON path the check reads, for a `$.` check or a schema violation.
    public var path: String?
    /// A JSON Schema check: its actual is the violation's message.
    public var isSchema: Bool

    /// Characters kept of each text; the rest is cut with "…" (a long literal, a schema
    /// message that quotes a value).
    public static let textLimit = 1_000
    /// Checks kept per exchange (a schema can report a violation per item of a long list);
    /// the rest are counted in one last record.
    public static let countLimit = 200

    /// `result` as it is, unredacted: for showing a live result.
    public init(_ result: CheckResult) {
        check = Self.bounded(result.check.text)
        subject = Self.bounded(result.check.subjectText)
        location = result.check.location.description
        passed = result.passed
        expected = Self.bounded(result.expected)
        actual = Self.bounded(result.actual)
        actualKind = result.actualKind
        note = result.note.map(Self.bounded)
        summary = Self.bounded(result.summary)
        path = result.jsonPath?.description
        isSchema = result.check.predicate.op == .matchesSchema
    }

    /// The records the history keeps of `results`: each redacted through `scope`
    /// (``CheckResult/redacted(by:)``), at most ``countLimit``.
    static func kept(_ results: [CheckResult], scope: VariableScope) -> [CheckRecord] {
        var records = results.prefix(countLimit).map { CheckRecord($0.redacted(by: scope)) }
        let rest = results.dropFirst(countLimit)
        if let first = rest.first {
            let failed = rest.filter { !$0.passed }.count
            let text = "… \(rest.count) more check\(rest.count == 1 ? "" : "s") not kept (\(failed) failed)"
            records.append(CheckRecord(check: text, subject: text, location: first.check.location.description, passed: failed == 0,
                                       expected: "", actual: "", summary: text))
        }
        return records
    }

    private init(check: String, subject: String, location: String, passed: Bool, expected: String, actual: String, summary: String) {
        self.check = check
        self.subject = subject
        self.location = location
        self.passed = passed
        self.expected = expected
        self.actual = actual
        self.summary = summary
        isSchema = false
    }

    /// The keyword a failed schema check broke (``CheckResult/schemaLocation``); nil otherwise.
    public var schemaLocation: String? { isSchema && !passed && actual != "nothing" ? note : nil }

    /// `demo.yaml:41:11`, without the file's folder.
    public var shortLocation: String { URL(fileURLWithPath: location).lastPathComponent }

    /// `✓ $.id exists` or `✗ $.price: expected isNumber, got "12" (string)`.
    public var line: String { (passed ? "✓ " : "✗ ") + summary }

    private static func bounded(_ text: String) -> String {
        text.count > textLimit ? String(text.prefix(textLimit)) + "…" : text
    }
}
