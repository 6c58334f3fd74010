import Courier
import Foundation
import Testing
@testable import CourierLoadRuns
@testable import CourierWorkspace
@testable import Workbench

/// `courier load`'s options read before the run (``LoadOptions``), the report's formats over
/// any number, and the workbench's `L` line under the same limits.
@Suite("Load options")
struct LoadOptionsTests {
    private func problem(_ options: LoadOptions) -> String {
        do {
            _ = try options.plan(descriptorLimit: 20_000)
            return ""
        } catch {
            return error.message
        }
    }

    @Test("absurd values are refused before the run, naming the limit")
    func absurdValuesAreRefused() throws {
        #expect(problem(LoadOptions(rate: "1e9", duration: "2s")).contains("rate must be at most 1,000,000 requests a second (got 1000000000)"))
        #expect(problem(LoadOptions(rate: "1e300", duration: "2s")).contains("got 1e+300"))
        #expect(problem(LoadOptions(rate: "10", duration: "1e300s")).contains("duration must be at most a week"))
        #expect(problem(LoadOptions(concurrency: "100000", duration: "3s")).contains("ulimit -n"))
        #expect(problem(LoadOptions(concurrency: "30000", duration: "3s")).contains("at most 19936 (got 30000)"))
        #expect(problem(LoadOptions(rate: "10", maxInFlight: "99999999999999999999")).contains("--max-in-flight expects a whole number"))
        #expect(problem(LoadOptions(concurrency: "4", rate: "10")).contains("not both"))
        #expect(problem(LoadOptions(duration: "soon")).contains("--duration expects a time"))
        #expect(try LoadOptions(rate: "2000/s", duration: "30s").plan(descriptorLimit: 20_000)
            == LoadPlan(model: .open(rate: 2000, maxInFlight: 256), duration: 30))
        expectEqual(try LoadOptions().plan(descriptorLimit: 20_000), LoadPlan(model: .closed(concurrency: 16), duration: 10))
        expectEqual(try LoadOptions(requests: "50").plan(descriptorLimit: 20_000), LoadPlan(model: .closed(concurrency: 16), requests: 50))
    }

    @Test("the report writes any number, never trapping: 1e300, infinity and NaN")
    func formatsTakeAnyNumber() {
        // Int(1e300) stopped the process with SIGILL: a --rate 1e300 plan's model, a baseline
        // file's throughput, a rule `rps<1e300`.
        expectEqual(LoadReportFormat.rate(1e300), "1e+300 req/s")
        expectEqual(LoadReportFormat.rate(.infinity), "inf req/s")
        expectEqual(LoadReportFormat.rate(.nan), "nan req/s")
        expectEqual(LoadReportFormat.rate(18_402.4), "18,402 req/s")
        expectEqual(LoadReportFormat.model(LoadPlan(model: .open(rate: 1e300, maxInFlight: 1), duration: 1)), "1e+300 req/s")
        expectEqual(LoadReportFormat.shortModel(LoadPlan(model: .open(rate: 1e300, maxInFlight: 1), duration: 1)), "rate 1e+300/s")
        expectEqual(LoadReportFormat.count(Double(Int.max)), "9.22337e+18")
        expectEqual(LoadFigure.errors.formatted(1e300), "1e+300")
        expectEqual(LoadFigure.errors.formatted(-.infinity), "-inf")
        expectEqual(LoadReportFormat.seconds(1e300), "1e+300 s")
        expectEqual(LoadReportFormat.milliseconds(.nan), "nan s")
        #expect(LoadReportFormat.percent(1e300).count < 20 && LoadReportFormat.change(-1e300).count < 20)
    }

    @Test("a --fail-on rule of 1e300 reads back in its breach, not as a trap")
    func hugeRuleValues() throws {
        let huge = String(repeating: "9", count: 301)
        let thresholds = try LoadThresholds(parsing: "rps<\(huge),errors<\(huge),p99<\(huge)s")
        let result = LoadComparisonFixtures.baseline()
        let breaches = try thresholds.breaches(of: result, baseline: nil).map(\.message)
        #expect(breaches.count == 3, "\(breaches)")
        #expect(breaches[0].contains("under 1e+301 req/s"), "\(breaches)")
        #expect(breaches[1].contains("under 1e+301"), "\(breaches)")
    }

    @Test("the fuzzer's entry takes any text, and reads options from name=value lines")
    func exerciseTakesAnyText() {
        #expect(LoadOptions.exercise("rate=200\nduration=30s\nfail-on=p99>250ms,errors>1%"))
        #expect(!LoadOptions.exercise("rate=1e9\nduration=2s"))
        #expect(!LoadOptions.exercise("concurrency=100000"))
        #expect(LoadOptions.exercise(""), "no options: ten seconds at 16 in flight")
        let nasty = [
            "rate=1e300\nduration=1e300s", "rate=nan", "rate=-inf", "rate=1000000\nrequests=1000000000\nramp=168h\nwarmup=168h",
            "rate=0.001\nrequests=1", "rate=0.001\nduration=168h\nramp=168h", "concurrency=1\nramp=168h\nrequests=1",
            "fail-on=rps<1e300,errors<1e300,p99<1e300s,p99+1e300%,throughput-1e308%", "fail-on=,,,", "fail-on=p99>",
            "duration=0.0000000001s\nrate=1000000", "requests=-9223372036854775808", "max-in-flight=0\nrate=5",
            "concurrency=9223372036854775807", "\u{0}=\u{0}\n=\n==\nrate==", String(repeating: "rate=1\n", count: 1000),
        ]
        for text in nasty { _ = LoadOptions.exercise(text) }
        // Random bytes as text, reproducibly.
        var generator = SplitMix64(seed: 41)
        let alphabet = Array("rate=duration=concurrency=ramp=warmup=requests=max-in-flight=fail-on=0123456789.e+-%<>,smhn\n/")
        for _ in 0..<300 {
            let text = String((0..<Int.random(in: 0..<60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            _ = LoadOptions.exercise(text)
        }
    }

    @Test("the workbench's L line keeps the same limits")
    func theWorkbenchLineKeepsTheLimits() {
        func problem(_ line: String) -> String? {
            if case .failure(let problem) = LoadSettings.plan(from: line) { return problem.message }
            return nil
        }
        expectEqual(problem("r=1e9 d=2s")?.contains("at most 1,000,000 requests a second"), true)
        expectEqual(problem("r=200 d=1e300s")?.contains("at most a week"), true)
        if let limit = LoadPlan.processDescriptorLimit, limit < 10_000_000 {
            expectEqual(problem("c=10000000 d=3s")?.contains("ulimit -n"), true)
        }
        expectEqual(problem("r=200 d=30s"), nil)
    }
}
