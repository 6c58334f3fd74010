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

/// `courier load --report FILE`'s page: the figures of the run, names shown as text, a chart
/// bar a second, the steps, the comparison, and nothing it would fetch or run.
@Suite struct LoadHTMLReportTests {
    private typealias Fixtures = LoadComparisonFixtures

    private func run() -> LoadResult {
        var result = Fixtures.baseline(target: "<b>orders</b> & co")
        result.perSecond = [LoadSecond(requests: 900, errors: 0), LoadSecond(requests: 1_000, errors: 30), LoadSecond(requests: 950, errors: 0)]
        result.histogram = [LoadHistogramBucket(upTo: 0.1, count: 0), LoadHistogramBucket(upTo: 0.2, count: 0),
                            LoadHistogramBucket(upTo: 1.6, count: 20_000), LoadHistogramBucket(upTo: 12.8, count: 10_000),
                            LoadHistogramBucket(upTo: 25.6, count: 0)]
        result.protocols = ["HTTP/2": 30_000]
        result.steps[1].requests = 0
        return result
    }

    @Test func thePageHasTheRunsFiguresAndShowsNamesAsText() {
        let html = LoadHTMLReport(result: run(), workspacePath: "work/<demo>.yaml").html
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("&lt;b&gt;orders&lt;/b&gt; &amp; co") && !html.contains("<b>orders</b>"))
        #expect(html.contains("work/&lt;demo&gt;.yaml"))
        // Nothing to fetch or run.
        #expect(html.contains("default-src 'none'") && !html.contains("<script") && !html.contains("src=\""))
        #expect(html.contains("30,000") && html.contains("1,000 req/s") && html.contains("0.10 %") && html.contains("10.0 ms"))
        #expect(html.contains("concurrency 64 · 30 s · warm-up 5 s") && html.contains("<code>HTTP/2</code>"))
        // A bar a second, the errors of the second that had some on top.
        expectEqual(html.components(separatedBy: "<rect class=\"bar\"").count - 1, 3)
        expectEqual(html.components(separatedBy: "<rect class=\"bar-error\"").count - 1, 1)
        #expect(html.contains("<title>second 2: 1,000 requests, 30 errors</title>"))
        // The histogram from the first bucket with a count to the last.
        expectEqual(html.components(separatedBy: "class=\"hist-row\"").count - 1, 2)
        #expect(!html.contains("≤ 0.10 ms") && html.contains("≤ 1.6 ms"))
        // The steps; the one that did not run has dashes.
        #expect(html.contains("<th>login</th>") && html.contains("<th>orders</th><td class=\"num\">0</td><td class=\"num\">30</td><td class=\"num\">–</td>"))
        #expect(html.contains("✓ no errors") == false && html.contains("✗ errors"), "30 errors")
        #expect(!html.contains("Compared"))
    }

    @Test func theTimelineTheKneeAndTheGeneratorsHealthAreInIt() {
        var result = run()
        for index in result.perSecond.indices {
            result.perSecond[index].p50 = 1
            result.perSecond[index].p99 = Double(index + 2)
        }
        result.marks = [LoadMark(second: 1, text: "rate 100/s → <125/s>")]
        result.knee = LoadKnee(slo: "p99<50ms", rate: 200, steps: [
            LoadKneeStep(rate: 100, second: 0, throughput: 100, p50: 1, p99: 2, errorRate: 0, met: true, unmet: []),
            LoadKneeStep(rate: 200, second: 5, throughput: 200, p50: 2, p99: 9, errorRate: 0, met: true, unmet: []),
            LoadKneeStep(rate: 400, second: 10, throughput: 210, p50: 900, p99: 1400, errorRate: 0, met: false,
                         unmet: ["p99 1.40 s is not under 50.0 ms"]),
        ], complete: true)
        var health = LoadGeneratorHealth()
        health.cpu = 97
        health.peakCPU = 99
        health.judge()
        result.health = health
        let html = LoadHTMLReport(result: result, workspacePath: "demo.yaml").html
        #expect(html.contains("<h2>Latency per second") && html.contains("<polyline class=\"p99\" points=\""))
        #expect(html.contains("<line class=\"mark\"") && html.contains("<li>1 s — rate 100/s → &lt;125/s&gt;</li>"))
        #expect(html.contains("<strong>200 req/s</strong> is the highest rate that met <code>p99&lt;50ms</code>"))
        expectEqual(html.components(separatedBy: "<circle class=\"met\"").count - 1, 2)
        expectEqual(html.components(separatedBy: "<circle class=\"unmet\"").count - 1, 1)
        #expect(html.contains("not met: p99 1.40 s is not under 50.0 ms"))
        #expect(html.contains("find-max from concurrency 64"))
        #expect(html.contains("The client may have set the pace: the load generator&apos;s thread was busy 97 % of the time"))
        #expect(html.contains("generator thread 97 % busy (busiest second 99 %)"))
    }

    @Test("the seconds after the run's end are shaded and said to be, not read as a fall")
    func theSecondsAfterTheRunsEndAreShaded() {
        var result = run()
        result.plan.duration = nil
        for index in result.perSecond.indices { result.perSecond[index].sent = index < 2 ? 950 : 0 }
        result.perSecond[2].requests = 12
        var html = LoadHTMLReport(result: result, workspacePath: "w.yaml").html
        // Behind the bars (the run has no p99, so no latency chart).
        expectEqual(html.components(separatedBy: "<rect class=\"drain\"").count - 1, 1)
        #expect(html.contains("<title>second 3 (after the run ended): 12 requests, 0 errors</title>"))
        #expect(html.contains("shaded: after the run ended") && !html.contains("second 2 (after"))
        // Sends to the end: nothing shaded.
        for index in result.perSecond.indices { result.perSecond[index].sent = 950 }
        html = LoadHTMLReport(result: result, workspacePath: "w.yaml").html
        #expect(!html.contains("class=\"drain\""))
        // A run of 2 s planned whose end was noticed a moment late sent a few in its third second.
        result.plan.duration = 2
        result.perSecond[2].sent = 10
        html = LoadHTMLReport(result: result, workspacePath: "w.yaml").html
        #expect(html.contains("<title>second 3 (after the run ended): 12 requests, 0 errors</title>"), "past the planned length")
        result.stopped = true
        #expect(!LoadHTMLReport(result: result, workspacePath: "w.yaml").html.contains("class=\"drain\""), "a stopped run ends at its last send")
    }

    @Test func aComparisonAndBrokenRulesAreInIt() {
        var report = LoadHTMLReport(result: Fixtures.current(), workspacePath: "demo.yaml",
                                    comparison: LoadComparison(Fixtures.current(), baseline: Fixtures.baseline()))
        report.breaches = ["p99 14.0 ms is 40.0 % over the baseline's 10.0 ms (limit +10 %)"]
        let html = report.html
        #expect(html.contains("✗ fail-on broken"))
        #expect(html.contains("<p class=\"callout tone-bad\">p99 14.0 ms is 40.0 % over the baseline&apos;s 10.0 ms (limit +10 %)</p>"))
        #expect(html.contains("<h2>Compared"))
        #expect(html.contains("<tr class=\"verdict-regression\"><th>p99</th>"))
        #expect(html.contains("▲ regression"))
    }
}
