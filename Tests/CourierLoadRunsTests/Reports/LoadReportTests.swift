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

/// `courier load`'s text: a run's report, a comparison's table and a saved run's headline.
@Suite struct LoadReportTests {
    private typealias Fixtures = LoadComparisonFixtures
    private let utc = TimeZone(identifier: "UTC")!

    /// Where each cell of a table line ends (cells are two or more spaces apart): the label
    /// column is aligned left, the others right.
    private func cellEnds(_ line: String) -> [Int] {
        var ends: [Int] = []
        let characters = Array(line)
        for index in characters.indices where characters[index] != " " {
            let next = index + 1
            if next == characters.count || (characters[next] == " " && (next + 1 == characters.count || characters[next + 1] == " ")) {
                ends.append(next)
            }
        }
        return ends
    }

    @Test func aRunReadsAsHeaderLatencyTableStatusesErrorsAndSteps() throws {
        var result = Fixtures.baseline()
        result.errors.append(LoadErrorCount(family: "transport", code: 7, message: "Couldn't connect " + String(repeating: "x", count: 120), count: 2))
        let lines = LoadReport.lines(for: result)
        expectEqual(lines[0], "load batch get-json in demo.yaml")
        for line in [
            "model        concurrency 64 · 30 s · warm-up 5 s",
            "requests     30,000 in 30.0 s · 1,000 req/s · 4,000 in the warm-up, not measured",
            "statuses     200 × 29,970 · 503 × 30",
            "errors       32 (0.10 %)",
            "bytes        3.0 MiB received · 512.0 KiB sent",
            "connections  64 new",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
        // A run saved before versions were counted has no protocol line; one version is named
        // alone, several with their counts.
        #expect(!lines.contains { $0.hasPrefix("protocol") })
        result.protocols = ["HTTP/2": 30_000]
        #expect(LoadReport.lines(for: result).contains("protocol     HTTP/2"))
        result.protocols = ["HTTP/2": 29_000, "HTTP/1.1": 1_000]
        #expect(LoadReport.lines(for: result).contains("protocol     HTTP/1.1 × 1,000 · HTTP/2 × 29,000"))
        #expect(!lines.contains { $0.hasPrefix("stopped early") })
        #expect(lines.allSatisfy { $0.count <= LoadReport.width })
        // A step that never ran shows dashes, not 0 ms; a chain's rate is of chains.
        var conditional = result
        conditional.steps[1].requests = 0
        conditional.steps[1].latency = LatencyFigures()
        let orders = try #require(LoadReport.lines(for: conditional).first { $0.hasPrefix("orders") })
        #expect(orders.split(separator: " ").suffix(4) == ["–", "–", "–", "–"], "\(orders)")
        conditional.kind = "chain"
        conditional.plan = LoadPlan(model: .open(rate: 50, maxInFlight: 256), duration: 2)
        #expect(LoadReport.lines(for: conditional).contains("model        50 chains/s (at most 256 in flight) · 2 s"))
        // A short run's time in milliseconds, not `0.0 s`.
        expectEqual([0.047, 0.0042, 0.96, 12.34].map(LoadReportFormat.seconds), ["47 ms", "4.2 ms", "1.0 s", "12.3 s"])

        // The latency table: a row per measured phase under the iteration latency, each value
        // ending under its percentile.
        let header = try #require(lines.firstIndex { $0.hasSuffix("p50      p90      p95      p99    p99.9      max     mean") })
        let table = Array(lines[header..<(header + 5)])
        #expect(table.dropFirst().map { $0.prefix(11).trimmingCharacters(in: .whitespaces) } == ["latency", "connect", "first byte", "total"])
        #expect(table[1].hasSuffix("10.0 ms  20.0 ms  40.0 ms   2.5 ms"))
        for row in table.dropFirst() { #expect(Array(cellEnds(row).suffix(7)) == cellEnds(table[0]), "\(row)") }

        // Errors by family and code, counts aligned, a long message cut at the width.
        let http = try #require(lines.first { $0.hasPrefix("  http 503") })
        let transport = try #require(lines.first { $0.hasPrefix("  transport 7") })
        #expect(http.hasSuffix("30  Service Unavailable"))
        #expect(transport.count == LoadReport.width && transport.hasSuffix("x…"))
        expectEqual(http.range(of: "30  ")?.lowerBound.utf16Offset(in: http), transport.range(of: " 2  ")!.lowerBound.utf16Offset(in: transport))

        // The steps.
        let steps = try #require(lines.firstIndex { $0.hasPrefix("step") })
        expectEqual(cellEnds(lines[steps]).count, 7)
        #expect(lines[steps + 1].hasPrefix("login ") && lines[steps + 2].hasPrefix("orders "))
        // Names on the left, figures to the right.
        for row in lines[(steps + 1)...(steps + 2)] { #expect(cellEnds(row).dropFirst() == cellEnds(lines[steps]).dropFirst(), "\(row)") }
        #expect(lines[steps + 2].contains("15,000      30"))

        result.stopped = true
        result.steps = []
        let stopped = LoadReport.lines(for: result)
        #expect(stopped.contains("stopped early: the figures cover what completed"))
        #expect(!stopped.contains { $0.hasPrefix("step") })
    }

    @Test func aComparisonIsATableWithRegressionsMarked() throws {
        var baseline = Fixtures.baseline()
        baseline.id = 7
        let lines = LoadReport.lines(for: LoadComparison(Fixtures.current(), baseline: baseline), timeZone: utc)
        expectEqual(lines.first, "compared with #7 of 2026-11-26 21:04 (c=64, 30.0 s)")
        expectEqual(lines.last, "5 regressions (beyond latency +10 %, throughput -10 %, error rate +0.1 point)")
        let table = Array(lines.dropFirst().dropLast())
        #expect(cellEnds(table[0]).count == 4 && table[0].hasPrefix("figure"))
        func row(_ label: String) throws -> String { try #require(table.first { $0.hasPrefix(label + "  ") }) }
        #expect(try row("throughput").hasSuffix("1,000 req/s  880 req/s   -12.0 %  ▲ regression"))
        #expect(try row("p99").hasSuffix("10.0 ms    13.8 ms   +37.5 %  ▲ regression"))
        #expect(try row("p99.9").hasSuffix("▼ better"))
        #expect(try row("p50").hasSuffix("+5.0 %"))
        #expect(try row("error rate").hasSuffix("+0.15 pt  ▲ regression"))
        #expect(try row("step orders p99").hasSuffix("-14.3 %  ▼ better"))
        // Columns line up: before, after and change end in the same columns on every row.
        for line in table { #expect(Array(cellEnds(line).prefix(4).dropFirst()) == Array(cellEnds(table[0]).dropFirst()), "\(line)") }
        #expect(lines.allSatisfy { $0.count <= LoadReport.width })
    }

    @Test func aSavedRunFitsOnOneLine() {
        var run = LoadRunSummary(id: 12, workspace: "demo.yaml", workspacePath: "/w/demo.yaml", target: "get-json", kind: "request",
                                 startedAt: Fixtures.started, plan: LoadPlan(model: .closed(concurrency: 64), duration: 30),
                                 requests: 552_060, seconds: 30, throughput: 18_402.4, p50: 2.1, p99: 9.8, errorRate: 0, stopped: false)
        #expect(LoadReport.headline(run, timeZone: utc)
            == "#12  2026-11-26 21:04  request get-json  c=64  30.0 s  18,402 req/s  p50 2.1 ms  p99 9.8 ms  0.00 % errors")
        run.plan = LoadPlan(model: .open(rate: 2_000, maxInFlight: 256), duration: 30)
        run.stopped = true
        run.seconds = 12.25
        run.errorRate = 0.0123
        #expect(LoadReport.headline(run, timeZone: utc)
            == "#12  2026-11-26 21:04  request get-json  rate 2,000/s  12.2 s  18,402 req/s  p50 2.1 ms  p99 9.8 ms  1.23 % errors  stopped")
    }
}
