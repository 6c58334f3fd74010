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
