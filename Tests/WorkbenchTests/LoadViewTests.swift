import Courier
import Foundation
import Testing
@testable import CourierLoadRuns
@testable import CourierWorkspace
@testable import Workbench

/// The Load view's sections drawn from a made-up ``LoadResult``: aligned percentiles, the
/// sparkline over the complete seconds (blocks, or ASCII), the histogram's bars, errors by
/// code and a chain's steps.
@Suite struct LoadViewTests {
    private func figures(_ p50: Double, _ p99: Double, max: Double, count: Int) -> LatencyFigures {
        var figures = LatencyFigures()
        figures.count = count
        figures.min = p50 / 2
        figures.mean = p50 * 1.1
        figures.p50 = p50
        figures.p90 = p50 * 1.5
        figures.p95 = p50 * 2
        figures.p99 = p99
        figures.p999 = p99 * 2
        figures.max = max
        return figures
    }

    private func result(running: Bool = false, perSecond: [Int] = [400, 800, 200], seconds: Double = 3.4) -> LoadResult {
        var result = LoadResult(workspace: "demo.yaml", target: "orders", kind: "request", startedAt: Date(),
                                plan: LoadPlan(model: .closed(concurrency: 16), duration: 10))
        result.running = running
        result.seconds = seconds
        result.requests = 1_400
        result.iterations = 1_400
        result.throughput = 1_400 / seconds
        result.latency = figures(1.25, 12.5, max: 240, count: 1_400)
        result.phases = ["firstByte": figures(1, 10, max: 200, count: 1_400), "connect": figures(0.1, 0.3, max: 0.4, count: 16),
                         "tls": LatencyFigures(), "total": figures(1.2, 12, max: 239, count: 1_400)]
        result.perSecond = perSecond.map { LoadSecond(requests: $0, errors: 0) }
        result.histogram = [LoadHistogramBucket(upTo: 0.1, count: 0), LoadHistogramBucket(upTo: 0.2, count: 0),
                            LoadHistogramBucket(upTo: 0.8, count: 100), LoadHistogramBucket(upTo: 1.6, count: 1_000),
                            LoadHistogramBucket(upTo: 3.2, count: 250), LoadHistogramBucket(upTo: 6.4, count: 0),
                            LoadHistogramBucket(upTo: 256, count: 50)]
        result.statuses = ["200": 1_380, "503": 20]
        result.errors = [LoadErrorCount(family: "http", code: 503, message: "HTTP 503 Service Unavailable", count: 20)]
        result.errorRate = 20.0 / 1_400
        result.newConnections = 16
        result.inFlight = running ? 16 : 0
        return result
    }

    @Test func thePercentilesAreAlignedUnderTheirLabels() {
        let lines = LoadView.latency(result(), width: 70, phaseRows: 3).map(\.text)
        #expect(lines.count == 4, "header, request, first byte, connect (tls measured nothing): \(lines)")
        #expect(lines[0].hasPrefix(" latency ms"))
        // Where each word ends: every value ends where its label does.
        func ends(_ line: String) -> [Int] {
            let characters = Array(line)
            return characters.indices.filter { characters[$0] != " " && ($0 + 1 == characters.count || characters[$0 + 1] == " ") }
        }
        #expect(lines[0].split(separator: " ").dropFirst(2) == ["p50", "p90", "p95", "p99", "p99.9", "max"], "six columns in 70")
        #expect(Array(ends(lines[0]).dropFirst(2)) == Array(ends(lines[1]).dropFirst(1)), "\(lines[0])\n\(lines[1])")
        #expect(Array(ends(lines[0]).dropFirst(2)) == Array(ends(lines[2]).dropFirst(2)), "\(lines[0])\n\(lines[2])")
        expectEqual(lines[1].split(separator: " ").dropFirst(), ["1.25", "1.88", "2.50", "12.5", "25.0", "240"])
        #expect(LoadView.latency(result(), width: 78, phaseRows: 0)[0].text.hasSuffix("mean"), "the mean where it fits")
        #expect(lines[2].hasPrefix(" first byte") && lines[3].hasPrefix(" connect"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 70 })
        #expect(LoadView.latency(result(), width: 78, phaseRows: 0).count == 2, "no room: the request's row alone")
    }

    @Test func theTimelineChartsTheCompleteSecondsOverThePlannedLength() {
        var running = result(running: true)
        for (index, p99) in [2.0, 8, 4].enumerated() {
            running.perSecond[index].p99 = p99
            running.perSecond[index].p50 = 1
        }
        running.marks = [LoadMark(second: 1.5, text: "rate 100/s → 125/s")]
        let lines = LoadView.timeline(running, width: 80, chartRows: 2, glyphs: .unicode).map(\.text)
        // Titles, two chart rows, the axis, the marks.
        expectEqual(lines.count, 5)
        #expect(lines[0].contains("req/s  now 200") && lines[0].contains("peak 800") && lines[0].contains("latency p50 · p99  1.00 · 4.00 ms"), "\(lines[0])")
        // The rate chart: the three complete seconds fill 3/10 of its 37 columns (22 of 74 dots), the rest is to come.
        let chart = Array(lines[2].dropFirst())
        #expect(chart.prefix(11).allSatisfy { $0 != "\u{2800}" } && chart[12...36].allSatisfy { $0 == "\u{2800}" }, "\(lines[2])")
        #expect(lines[3].hasPrefix(" 0 s") && lines[3].contains("▲") && lines[3].contains("10 s"), "\(lines[3])")
        #expect(lines[4].contains("▲ 1.5 s rate 100/s → 125/s"), "\(lines[4])")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
        let cut = LoadView.timeline(result(running: true, perSecond: [400, 800, 200, 30], seconds: 3.1), width: 60, chartRows: 1, glyphs: .unicode)
        #expect(cut[0].text.contains("now 200"), "the second in progress is left out: \(cut[0].text)")
        let ascii = LoadView.timeline(result(), width: 60, chartRows: 2, glyphs: .ascii).map(\.text)
        #expect(ascii[2].hasPrefix(" ############......") && ascii[1].hasPrefix("       ######") && !ascii.joined().contains("⣿"), "\(ascii)")
        // Narrow: the rate chart alone.
        #expect(!LoadView.timeline(running, width: 50, chartRows: 2, glyphs: .unicode)[0].text.contains("latency"))
        #expect(LoadFigures.sparkline(Array(repeating: 5, count: 100) + Array(repeating: 10, count: 100), width: 20, peak: 10, glyphs: .unicode)
            == String(repeating: "▄", count: 10) + String(repeating: "█", count: 10), "ten seconds a column")
    }

    @Test("a mark on an axis label leaves the label out whole, never half over it")
    func aMarkOnAnAxisLabelLeavesItOut() {
        expectEqual(LoadChart.axis(span: 20, width: 20, marks: [10], glyph: "▲"), "0 s       ▲     20 s")
        expectEqual(LoadChart.axis(span: 20, width: 20, marks: [19], glyph: "▲"), "0 s                ▲")
        expectEqual(LoadChart.axis(span: 20, width: 20, marks: [0.5, 19.9], glyph: "▲"), "▲                  ▲")
    }

    @Test func theHistogramDrawsBucketsAsBarsScaledToTheLargest() {
        let lines = LoadView.histogram(result(), width: 60, rows: 10, glyphs: .unicode).map(\.text)
        #expect(lines[0].hasPrefix(" latency histogram"))
        #expect(lines.count == 6, "from the first bucket that counted to the last: \(lines)")
        let largest = lines.first { $0.contains("≤ 1.60 ms") }!
        let bar = largest.filter { $0 == "█" }.count
        #expect(bar == 60 - 11 - 6 - 7, "the largest bucket fills the bar's width: \(largest)")
        #expect(largest.hasSuffix(" 1,000  71 %"))
        #expect(lines.contains { $0.contains("≤ 6.40 ms") && !$0.contains("█") }, "an empty bucket in between has no bar")
        let merged = LoadView.histogram(result(), width: 60, rows: 4, glyphs: .unicode)
        #expect(merged.map(\.text).dropFirst().map { $0.prefix(10) } == [" ≤ 0.80 ms", " ≤ 1.60 ms", "  ≤ 256 ms"],
                "the emptiest neighbours merged until they fit: \(merged.map(\.text))")
        #expect(LoadView.histogram(result(), width: 40, rows: 10, glyphs: .ascii).contains { $0.text.contains("#") })
    }

    @Test func statusesAndErrorsAreCountedByCode() {
        let lines = LoadView.outcomes(result(), width: 64, rows: 10).map(\.text)
        #expect(lines[1].hasPrefix(" 200") && lines[1].hasSuffix("1,380  "), "\(lines[1])")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 64 })
        #expect(lines.contains { $0.hasPrefix(" http 503") && $0.contains("20") && $0.contains("Service Unavailable") }, "\(lines)")
        #expect(LoadView.totals(result(), width: 120).text.contains("errors 1.43 % (20)"))
    }

    @Test("rows with sample exchanges end in ›; the selected one stands out while focused, by its id")
    func outcomeRowsMarkTheirSamplesAndTheSelection() {
        var run = result()
        run.samples = [Self.sample(outcome: "503")]
        let rows = LoadView.outcomeRows(run)
        expectEqual(rows.map(\.id), ["status 200", "status 503", "error 503"])
        expectEqual(rows.map(\.outcome), ["200", "503", "503"])
        let lines = LoadView.outcomes(run, width: 64, rows: 10, selected: "error 503", focused: true)
        let texts = lines.map(\.text)
        #expect(texts[1].hasSuffix("1,380  ") && texts[2].hasSuffix(" ›"), "\(texts)")
        let selected = lines.filter { $0.spans.allSatisfy { $0.style == .tabActive } }
        #expect(selected.count == 1 && selected[0].text.hasPrefix(" http 503"), "\(texts)")
        let unfocused = LoadView.outcomes(run, width: 64, rows: 10, selected: "error 503", focused: false)
        #expect(!unfocused.contains { $0.spans.contains { $0.style == .tabActive } })
    }

    @Test("a find-max run's search: the answer, the rate→p99 curve in braille and each step met or not")
    func theKneeSearch() {
        func step(_ rate: Double, _ p99: Double, _ met: Bool) -> LoadKneeStep {
            LoadKneeStep(rate: rate, second: 0, throughput: rate, p50: p99 / 2, p99: p99, errorRate: 0, met: met, unmet: met ? [] : ["p99"])
        }
        let knee = LoadKnee(slo: "p99<50ms", rate: 200, steps: [step(50, 5, true), step(100, 6, true), step(200, 9, true),
                                                                step(400, 120, false), step(300, 80, false)], complete: true)
        let lines = LoadView.knee(knee, running: false, width: 100, rows: 8, glyphs: .unicode)
        let texts = lines.map(\.text)
        expectEqual(lines.count, 8)
        #expect(texts[0].contains("p99<50ms") && texts[0].contains("200/s is the highest rate that met it"), "\(texts)")
        #expect(texts.contains { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }, "the curve: \(texts)")
        #expect(texts.contains { $0.contains("50/s") && $0.contains("400/s") }, "the rate axis: \(texts)")
        #expect(texts.contains { $0.contains("✗") && $0.contains("400") && $0.contains("120") }, "\(texts)")
        #expect(lines.allSatisfy { $0.width <= 100 })
        let searching = LoadView.knee(LoadKnee(slo: "p99<50ms"), running: true, width: 100, rows: 8, glyphs: .ascii)
        #expect(searching[0].text.contains("the first step runs") && searching[0].text.contains("searching"))
    }

    static func sample(outcome: String, index: Int = 0) -> LoadSampleExchange {
        LoadSampleExchange(outcome: outcome, step: "orders", second: 1.5 + Double(index), milliseconds: 12.5, method: "GET",
                           url: "http://127.0.0.1:1/orders?api_key=‹redacted›", requestHeaders: [.init(name: "Authorization", value: "‹redacted›")],
                           requestBody: nil, status: 503, httpVersion: "HTTP/1.1",
                           responseHeaders: [.init(name: "Content-Type", value: "application/json")],
                           body: "{\"error\":\"overloaded\",\"sample\":\(index)}", bodyBytes: 31, error: nil, checkDetail: nil)
    }

    @Test func theConnectionsSayTheirHTTPVersion() {
        var run = result()
        #expect(LoadView.totals(run, width: 120).text.contains("16 connections · "), "no version counted: none said")
        run.newConnections = 1
        run.protocols = ["HTTP/2": 1_400]
        #expect(LoadView.totals(run, width: 120).text.contains("1 connection HTTP/2 · "))
    }

    @Test func aChainShowsItsStepsAndCountsChains() {
        var chain = result()
        chain.kind = "chain"
        chain.iterations = 700
        chain.steps = ["login", "orders"].map { name in
            var step = LoadStepFigures(name: name)
            step.requests = 700
            step.latency = figures(2, 8, max: 20, count: 700)
            return step
        }
        let lines = LoadView.steps(chain, width: 78, rows: 5).map(\.text)
        #expect(lines.count == 3 && lines[0].hasPrefix(" step"))
        #expect(lines[1].hasPrefix(" login") && lines[1].contains("700") && lines[1].hasSuffix("20.0"))
        #expect(LoadView.totals(chain, width: 120).text.contains("1,400 requests (700 chains)"))
        #expect(LoadView.steps(result(), width: 78, rows: 5).isEmpty, "a lone request has no steps to list")
    }

    @Test func theHeaderSaysTheStateAndHowFarTheRunIs() {
        let running = LoadView.header(result(running: true), width: 78, glyphs: .unicode, now: Date()).text
        #expect(running.contains("running  orders · request · c=16 d=10s"))
        #expect(running.contains("3.4 s of 10 s"))
        #expect(DisplayWidth.of(running) == 77, "the meter ends a column short of the border: \(running)")
        var stopped = result()
        stopped.stopped = true
        #expect(LoadView.header(stopped, width: 78, glyphs: .ascii, now: Date()).text.contains("/ stopped"))
    }
}
