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

/// `--compare`: each figure of a run against a baseline's, with the change and a verdict.
@Suite struct LoadComparisonTests {
    private typealias Fixtures = LoadComparisonFixtures

    private func row(_ comparison: LoadComparison, _ label: String) throws -> LoadComparison.Row {
        try #require(comparison.rows.first { $0.label == label }, "no row \(label)")
    }

    @Test func eachFigureHasBeforeAfterChangeAndVerdict() throws {
        let comparison = LoadComparison(Fixtures.current(), baseline: Fixtures.baseline())
        #expect(comparison.rows.map(\.label) == [
            "throughput", "p50", "p90", "p95", "p99", "p99.9", "max", "mean", "error rate",
            "phase connect p99", "phase first byte p99", "phase total p99", "step login p99", "step orders p99",
        ])
        let expected: [(String, Double, Double, Double, LoadComparison.Verdict)] = [
            ("throughput", 1_000, 880, -12, .regression),
            ("p50", 2, 2.1, 5, .unchanged),
            // Exactly 10 % is not more than 10 % (4.4 / 4 is 1.1000000000000001 in binary).
            ("p90", 4, 4.4, 10, .unchanged),
            ("p95", 5, 5.6, 12, .regression),
            ("p99", 10, 13.75, 37.5, .regression),
            ("p99.9", 20, 16, -20, .better),
            ("max", 40, 40, 0, .unchanged),
            ("error rate", 0.001, 0.0025, 150, .regression),
            ("phase connect p99", 1, 1, 0, .unchanged),
            ("phase total p99", 9.6, 12, 25, .regression),
            ("step login p99", 3, 3.3, 10, .unchanged),
            ("step orders p99", 7, 6, -100.0 / 7, .better),
        ]
        for (label, before, after, change, verdict) in expected {
            let row = try row(comparison, label)
            #expect(row.before == before && row.after == after, "\(label)")
            #expect(abs(try #require(row.change) - change) < 1e-9, "\(label): \(row.change ?? .nan)")
            #expect(row.verdict == verdict, "\(label)")
        }
        expectEqual(comparison.regressions.map(\.label), ["throughput", "p95", "p99", "error rate", "phase total p99"])
    }

    @Test func theErrorRateIsJudgedInPercentagePoints() {
        var baseline = Fixtures.baseline()
        var current = Fixtures.baseline()
        // From 0: no change in per cent, but 0.08 point is under the threshold of 0.1 point…
        baseline.errorRate = 0
        current.errorRate = 0.0008
        var row = LoadComparison(current, baseline: baseline).rows.first { $0.figure == .errorRate }
        expectEqual(row?.change, nil)
        expectEqual(row?.verdict, .unchanged)
        // …and 0.12 point is over it, whatever the ratio.
        current.errorRate = 0.0012
        row = LoadComparison(current, baseline: baseline).rows.first { $0.figure == .errorRate }
        expectEqual(row?.verdict, .regression)
        // A stricter threshold marks the smaller rise.
        current.errorRate = 0.0008
        let strict = LoadComparison.Thresholds(latency: 0.05, throughput: 0.05, errorRate: 0.0005)
        row = LoadComparison(current, baseline: baseline, thresholds: strict).rows.first { $0.figure == .errorRate }
        expectEqual(row?.verdict, .regression)
    }

    @Test func stepsAreComparedOnlyWhenBothRunsHaveTheSameSteps() {
        var current = Fixtures.current()
        current.steps[1].name = "invoices"
        let comparison = LoadComparison(current, baseline: Fixtures.baseline())
        #expect(!comparison.rows.contains { $0.label.hasPrefix("step ") })
        // A phase neither run measured (no TLS on plain HTTP) has no row either.
        #expect(!comparison.rows.contains { $0.label == "phase tls p99" })
        #expect(comparison.rows.contains { $0.label == "phase connect p99" })

        // A step that did not run in one of the runs (a chain's conditional step) has no row.
        var skipped = Fixtures.current()
        skipped.steps[1].requests = 0
        skipped.steps[1].latency = LatencyFigures()
        let rows = LoadComparison(skipped, baseline: Fixtures.baseline()).rows.map(\.label)
        #expect(rows.contains("step login p99") && !rows.contains("step orders p99"))
    }
}
