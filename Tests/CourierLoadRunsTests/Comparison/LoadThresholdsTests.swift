import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
import Foundation
import Testing

/// `--fail-on`: the rules' grammar, errors that point at a column, and which rules a run breaks.
@Suite struct LoadThresholdsTests {
    private typealias Fixtures = LoadComparisonFixtures

    @Test func everyFormParses() throws {
        let argument = "p99+10%, throughput-5%,errors+0.5%,p99>250ms,p99.9>1s,mean>=800us,p50<=2µs,"
            + "errors>0.1%,errors>5,throughput<1000,rps<1000/s,p90<3MS,p95>4ms,max>2s"
        let rules = try LoadThresholds(parsing: argument).rules
        let expected: [(String, LoadFigure, LoadThresholds.Rule.Test)] = [
            ("p99+10%", .p99, .relative(percent: 10)),
            ("throughput-5%", .throughput, .relative(percent: -5)),
            ("errors+0.5%", .errorRate, .relative(percent: 0.5)),
            ("p99>250ms", .p99, .absolute(.over, 250)),
            ("p99.9>1s", .p999, .absolute(.over, 1_000)),
            ("mean>=800us", .mean, .absolute(.atLeast, 0.8)),
            ("p50<=2µs", .p50, .absolute(.atMost, 0.002)),
            ("errors>0.1%", .errorRate, .absolute(.over, 0.001)),
            ("errors>5", .errors, .absolute(.over, 5)),
            ("throughput<1000", .throughput, .absolute(.under, 1_000)),
            ("rps<1000/s", .throughput, .absolute(.under, 1_000)),
            ("p90<3MS", .p90, .absolute(.under, 3)),
            ("p95>4ms", .p95, .absolute(.over, 4)),
            ("max>2s", .max, .absolute(.over, 2_000)),
        ]
        expectEqual(rules.count, expected.count)
        for (rule, (text, figure, test)) in zip(rules, expected) {
            expectEqual(rule.text, text)
            #expect(rule.figure == figure, "\(text)")
            #expect(rule.test == test, "\(text): \(rule.test)")
        }
        // Columns count from 1 in the whole argument, after the spaces before a rule.
        #expect(rules[0].column == 1 && rules[1].column == 10 && rules[2].column == 24)
    }

    @Test(arguments: [
        ("p99+10%,p99>25x", 15, "p99>25x", "unknown unit \"x\" for a latency"),
        ("p99>250ms, latency>3ms", 12, "latency>3ms", "unknown figure"),
        ("p99>250", 8, "p99>250", "a latency needs a unit"),
        ("p99+10", 7, "p99+10", "a relative rule ends in %"),
        ("p99=3ms", 4, "p99=3ms", "expected +N%, -N% or a comparison"),
        ("p99>ms", 5, "p99>ms", "expected a number"),
        ("p99+1.2.3%", 5, "p99+1.2.3%", "\"1.2.3\" is not a number"),
        ("errors>5x", 9, "errors>5x", "unknown unit \"x\" for errors"),
        ("rps<10k", 7, "rps<10k", "unknown unit \"k\" for throughput"),
    ])
    func aMistakeNamesTheRuleAndTheColumn(argument: String, column: Int, rule: String, message: String) {
        #expect {
            try LoadThresholds(parsing: argument)
        } throws: { error in
            guard let error = error as? LoadThresholdError else { return false }
            return error.column == column && error.rule == rule && error.message.hasPrefix(message)
                && error.description.hasPrefix("column \(column), rule \"\(rule)\": ")
        }
    }

    @Test func anEmptyRuleIsAMistake() {
        #expect(throws: LoadThresholdError(message: "an empty rule", rule: nil, column: 8)) {
            try LoadThresholds(parsing: "p99>1s,,errors>0")
        }
    }

    @Test func relativeRulesBreakWhenTheFigureMovedFartherThanTheLimit() throws {
        var baseline = Fixtures.baseline()
        baseline.latency.p99 = 299.6
        baseline.throughput = 1_023
        baseline.errorRate = 0.0005
        var current = baseline
        current.latency.p99 = 412
        current.throughput = 900
        current.errorRate = 0.0035
        let broken = try LoadThresholds(parsing: "p99+10%,throughput-5%,errors+0.1%").breaches(of: current, baseline: baseline)
        #expect(broken.map(\.message) == [
            "p99 412.0 ms is 37.5 % over the baseline's 299.6 ms (limit +10 %)",
            "throughput 900 req/s is 12.0 % under the baseline's 1,023 req/s (limit -5 %)",
            "error rate 0.35 % is 0.30 points over the baseline's 0.05 % (limit +0.1 points)",
        ])
        // Wider limits, and the opposite directions, hold.
        let held = try LoadThresholds(parsing: "p99+40%,throughput-15%,errors+0.5%,p99-10%,throughput+1%")
        #expect(try held.breaches(of: current, baseline: baseline).isEmpty)
        // A limit of zero breaks on any move in its direction.
        expectEqual(try LoadThresholds(parsing: "throughput-0%").breaches(of: current, baseline: baseline).count, 1)
        // Measured against itself nothing moved.
        #expect(try LoadThresholds(parsing: "p99+0%,throughput-0%").breaches(of: baseline, baseline: baseline).isEmpty)
    }

    @Test func absoluteRulesBreakWhenTheComparisonHolds() throws {
        var result = Fixtures.current()
        result.latency.p99 = 412
        result.errors[0].count = 12
        let thresholds = try LoadThresholds(parsing: "p99>250ms,errors>5,errors>=0.25%,throughput<1000,p99>1s,mean<=1ms,rps<800")
        #expect(!thresholds.needsBaseline)
        #expect(try thresholds.breaches(of: result, baseline: nil).map(\.message) == [
            "p99 412.0 ms is over 250.0 ms (rule p99>250ms)",
            "errors 12 is over 5 (rule errors>5)",
            "error rate 0.25 % is at or over 0.25 % (rule errors>=0.25%)",
            "throughput 880 req/s is under 1,000 req/s (rule throughput<1000)",
        ])
    }

    @Test func aRelativeRuleWithoutABaselineIsAnError() throws {
        let thresholds = try LoadThresholds(parsing: "errors>0.1%, p99+10%")
        #expect(thresholds.needsBaseline)
        #expect {
            try thresholds.breaches(of: Fixtures.current(), baseline: nil)
        } throws: { error in
            (error as? LoadThresholdError)?.description
                == "column 14, rule \"p99+10%\": compares with an earlier run: give --compare last, an id or a file"
        }
    }
}
