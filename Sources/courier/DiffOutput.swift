import Courier
import CourierFormatCore
import CourierWorkspace
import Foundation

/// What `courier diff` prints: a verdict per request with its differences, then a summary.
enum DiffOutput {
    static func text(_ outcome: HeadlessDiff.Outcome, quiet: Bool) -> String {
        let savedLine = outcome.saved.map { "\($0.responses) response\($0.responses == 1 ? "" : "s") of \(outcome.before) saved to \($0.file)" }
        if outcome.verdicts.isEmpty, let savedLine { return "courier diff: \(outcome.workspace): \(savedLine)\n" }
        var lines = ["courier diff: \(outcome.workspace): \(outcome.before) → \(outcome.after)"]
        if let savedLine { lines.append("  " + savedLine) }
        for verdict in outcome.verdicts {
            let comparison = verdict.comparison
            let ignored = comparison.ignored > 0 ? " (\(comparison.ignored) ignored)" : ""
            if comparison.isSame {
                if !quiet { lines.append("  ✓ \(verdict.request)  the same, \(verdict.after.outcome)\(ignored)") }
                continue
            }
            let count = comparison.differences.count + comparison.unlisted
            lines.append("  ✗ \(verdict.request)  \(count) difference\(count == 1 ? "" : "s")\(ignored)")
            for difference in comparison.differences { lines.append("      " + TerminalText.neutralized(difference.text)) }
            if comparison.unlisted > 0 { lines.append("      … and \(comparison.unlisted) more") }
        }
        let total = outcome.verdicts.count
        lines.append("\(total) request\(total == 1 ? "" : "s"): \(total - outcome.differing) the same, \(outcome.differing) differ")
        return lines.joined(separator: "\n") + "\n"
    }

    static func jsonLines(_ outcome: HeadlessDiff.Outcome) -> String {
        var lines: [String] = []
        for verdict in outcome.verdicts {
            let differences: [JSONValue] = verdict.comparison.differences.map { difference in
                .object(["kind": .string(difference.kind.rawValue), "path": .string(difference.path),
                         "before": difference.before.map(JSONValue.string) ?? .null, "after": difference.after.map(JSONValue.string) ?? .null])
            }
            let object: JSONValue = .object([
                "request": .string(verdict.request), "same": .bool(verdict.comparison.isSame),
                "before": .string(verdict.before.outcome), "after": .string(verdict.after.outcome),
                "differences": .array(differences), "unlisted": .int(verdict.comparison.unlisted), "ignored": .int(verdict.comparison.ignored),
            ])
            lines.append(String(decoding: object.serialized(), as: UTF8.self))
        }
        var fields: [String: JSONValue] = [
            "before": .string(outcome.before), "after": .string(outcome.after), "requests": .int(outcome.verdicts.count),
            "differ": .int(outcome.differing),
        ]
        if let saved = outcome.saved { fields["saved"] = .object(["file": .string(saved.file), "responses": .int(saved.responses)]) }
        let summary: JSONValue = .object(["summary": .object(fields)])
        lines.append(String(decoding: summary.serialized(), as: UTF8.self))
        return lines.joined(separator: "\n") + "\n"
    }
}
