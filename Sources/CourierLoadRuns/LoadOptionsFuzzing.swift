import Courier
import Foundation

extension LoadOptions {
    /// The options' names in ``exercise(_:)``'s text, as on the command line without the dashes.
    static let fuzzNames = ["concurrency", "rate", "max-in-flight", "duration", "requests", "warmup", "ramp", "fail-on", "stages"]

    /// For a fuzzer (libFuzzer over arbitrary bytes): reads `text` as options, one a line as
    /// `name=value` with the command line's names without dashes (`rate=1e9`, `duration=2s`,
    /// `fail-on=p99>250ms`; other lines are ignored, a repeated name's last value counts), and
    /// does what `courier load` does with them before and after a run: the plan (with a
    /// descriptor limit of 1,024, so that the result does not depend on the machine), the
    /// `--fail-on` rules, the report's lines for the plan, each rule tested against figures
    /// of 0, 10^300, infinity and NaN, and the schedule walked at a few times. Returns whether
    /// the options made a plan. Never traps, on any input; its work is bounded.
    @discardableResult
    public static func exercise(_ text: String) -> Bool {
        var options = LoadOptions()
        for line in text.split(whereSeparator: \.isNewline).prefix(64) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let value = String(line[line.index(after: equals)...])
            switch String(line[..<equals]).trimmingCharacters(in: .whitespaces).lowercased() {
            case "concurrency": options.concurrency = value
            case "rate": options.rate = value
            case "max-in-flight": options.maxInFlight = value
            case "duration": options.duration = value
            case "requests": options.requests = value
            case "warmup": options.warmup = value
            case "ramp": options.ramp = value
            case "fail-on": options.failOn = value
            case "stages": options.stages = value
            default: continue
            }
        }
        let thresholds = try? options.thresholds()
        guard let plan = try? options.plan(descriptorLimit: 1024) else { return false }
        var result = LoadResult(workspace: "fuzz.yaml", target: "fuzz", kind: "request", startedAt: Date(), plan: plan)
        _ = LoadReport.lines(for: result)
        _ = LoadReportFormat.shortModel(plan)
        for extreme in [0, 1e300, .infinity, .nan] as [Double] {
            result.throughput = extreme
            result.errorRate = extreme
            result.seconds = extreme
            result.latency.p50 = extreme
            result.latency.p99 = extreme
            result.latency.max = extreme
            result.latency.mean = extreme
            _ = try? thresholds?.breaches(of: result, baseline: result)
            _ = LoadReport.lines(for: LoadComparison(result, baseline: result))
        }
        let end = plan.warmup + (plan.duration ?? 60)
        _ = plan.walkSchedule(at: [0, 0.001, plan.ramp / 2, plan.ramp, plan.warmup, end / 2, end, end * 2, .infinity], room: 64)
        return true
    }
}
