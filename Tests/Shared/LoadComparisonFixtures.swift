import Courier
import Foundation
@testable import CourierLoadRuns

/// Load results with known figures, for the comparison, `--fail-on`, history and report tests.
enum LoadComparisonFixtures {
    /// 2026-11-26 21:04:00.125 UTC (a whole number of milliseconds, as the history keeps dates).
    static let started: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let minute = calendar.date(from: DateComponents(year: 2026, month: 11, day: 26, hour: 21, minute: 4))!
        return minute.addingTimeInterval(0.125)
    }()

    static func latency(p50: Double, p90: Double, p95: Double, p99: Double, p999: Double, max: Double, mean: Double,
                        count: Int = 30_000) -> LatencyFigures {
        var figures = LatencyFigures()
        figures.count = count
        figures.min = p50 / 4
        figures.p50 = p50
        figures.p90 = p90
        figures.p95 = p95
        figures.p99 = p99
        figures.p999 = p999
        figures.max = max
        figures.mean = mean
        return figures
    }

    /// A closed-model run of 30 s at 64 connections: 1,000 req/s, p99 10 ms, 30 errors.
    static func baseline(target: String = "get-json") -> LoadResult {
        var result = LoadResult(workspace: "demo.yaml", target: target, kind: "batch", startedAt: started,
                                plan: LoadPlan(model: .closed(concurrency: 64), duration: 30, warmup: 5))
        result.seconds = 30
        result.requests = 30_000
        result.iterations = 15_000
        result.warmupRequests = 4_000
        result.throughput = 1_000
        result.latency = latency(p50: 2, p90: 4, p95: 5, p99: 10, p999: 20, max: 40, mean: 2.5)
        result.phases = ["connect": latency(p50: 0.2, p90: 0.5, p95: 0.8, p99: 1, p999: 1, max: 1, mean: 0.3, count: 64),
                         "tls": LatencyFigures(),
                         "firstByte": latency(p50: 1.5, p90: 3, p95: 4, p99: 8, p999: 15, max: 30, mean: 2),
                         "total": latency(p50: 1.8, p90: 3.5, p95: 4.5, p99: 9.6, p999: 18, max: 38, mean: 2.3)]
        result.errors = [LoadErrorCount(family: "http", code: 503, message: "Service Unavailable", count: 30)]
        result.errorRate = 0.001
        result.statuses = ["200": 29_970, "503": 30]
        result.bytesReceived = 3 * 1_048_576
        result.bytesSent = 512 * 1024
        result.newConnections = 64
        var login = LoadStepFigures(name: "login")
        login.requests = 15_000
        login.latency = latency(p50: 1, p90: 2, p95: 2.5, p99: 3, p999: 4, max: 5, mean: 1.2, count: 15_000)
        var orders = LoadStepFigures(name: "orders")
        orders.requests = 15_000
        orders.errors = 30
        orders.latency = latency(p50: 3, p90: 5, p95: 6, p99: 7, p999: 9, max: 12, mean: 3.4, count: 15_000)
        result.steps = [login, orders]
        return result
    }

    /// The baseline a while later, changed: throughput -12 %, p50 +5 %, p90 exactly +10 %,
    /// p95 +12 %, p99 +37.5 %, p99.9 -20 %, error rate +0.15 point, total's p99 +25 %, login's
    /// p99 exactly +10 %, orders' -14.3 %.
    static func current() -> LoadResult {
        var result = baseline()
        result.startedAt = started.addingTimeInterval(3_600)
        result.throughput = 880
        result.requests = 26_400
        result.latency = latency(p50: 2.1, p90: 4.4, p95: 5.6, p99: 13.75, p999: 16, max: 40, mean: 2.5)
        result.phases["total"]?.p99 = 12
        result.errorRate = 0.0025
        result.errors[0].count = 66
        result.steps[0].latency.p99 = 3.3
        result.steps[1].latency.p99 = 6
        return result
    }
}
