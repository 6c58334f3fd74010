import Courier
import CourierRunner
import Foundation

/// `courier run --junit FILE`: a JUnit XML report with one test suite per name run and one
/// test case per request, for CI systems.
public struct JUnitReport {
    private struct Suite {
        var name: String
        var cases: [RequestResult] = []
    }

    private var suites: [Suite] = []
    private var summary = RunSummary()
    public let workspace: String

    public init(workspace: String) { self.workspace = workspace }

    public mutating func record(_ event: RunEvent) {
        switch event {
        case .targetStarted(let name, _): suites.append(Suite(name: name))
        case .request(let result):
            if suites.isEmpty { suites.append(Suite(name: result.name)) }
            suites[suites.count - 1].cases.append(result)
        case .finished(let summary): self.summary = summary
        case .step, .streamEvent: break
        }
    }

    /// The XML document.
    public var xml: String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\"\(Self.escape(workspace))\" tests=\"\(summary.total)\" failures=\"\(summary.failed)\" "
            + "skipped=\"\(summary.skipped)\" time=\"\(Self.seconds(summary.durationMs))\">")
        for suite in suites {
            let failures = suite.cases.filter(\.failed).count
            let skipped = suite.cases.filter(\.skipped).count
            let time = suite.cases.reduce(0) { $0 + $1.durationMs }
            lines.append("  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(failures)\" "
                + "skipped=\"\(skipped)\" time=\"\(Self.seconds(time))\">")
            for (result, name) in zip(suite.cases, Self.caseNames(suite.cases)) {
                let open = "    <testcase classname=\"\(Self.escape(workspace + "." + suite.name))\" name=\"\(Self.escape(name))\" "
                    + "time=\"\(Self.seconds(result.durationMs))\""
                let failedChecks = (result.checks ?? []).filter { !$0.passed }
                if let error = result.error, !failedChecks.isEmpty {
                    // One failure per failed check, each with what was expected and what came.
                    lines.append(open + ">")
                    for check in failedChecks {
                        lines.append("      <failure type=\"\(Self.escape("\(error.family) \(error.code)"))\" message=\"\(Self.escape(check.summary))\">"
                            + Self.escape("\(check.check) at \(check.location): expected \(check.expected), got \(check.actual)") + "</failure>")
                    }
                    lines.append("    </testcase>")
                } else if let error = result.error {
                    lines.append(open + ">")
                    lines.append("      <failure type=\"\(Self.escape("\(error.family) \(error.code)"))\" message=\"\(Self.escape(error.message))\">"
                        + Self.escape("\(result.method) \(result.url) → \(result.status.map(String.init) ?? "no response")") + "</failure>")
                    lines.append("    </testcase>")
                } else if result.skipped {
                    lines.append(open + ">")
                    lines.append("      <skipped message=\"\(Self.escape(result.skipReason ?? "skipped"))\"/>")
                    lines.append("    </testcase>")
                } else {
                    lines.append(open + "/>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A name per test case: the request's (after its chain step), numbered `#1`, `#2`, …
    /// when a suite sends it more than once, as a batch with `times:` does, so that CI
    /// systems keep every case apart.
    static func caseNames(_ results: [RequestResult]) -> [String] {
        let names = results.map { result in result.step.map { "step \($0): \(result.name)" } ?? result.name }
        let counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        var seen: [String: Int] = [:]
        return names.map { name in
            guard counts[name, default: 0] > 1 else { return name }
            seen[name, default: 0] += 1
            return "\(name) #\(seen[name]!)"
        }
    }

    static func seconds(_ milliseconds: Double) -> String { String(format: "%.3f", milliseconds / 1000) }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += "&#10;"
            default:
                // XML 1.0 has no other control characters.
                if scalar.value < 0x20 && scalar != "\t" { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
