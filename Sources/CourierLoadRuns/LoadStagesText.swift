import Courier
import Foundation

/// `--stages` as typed: comma-separated `TIME:LEVEL` steps, each held for its time —
/// `30s:100/s,1m:500/s,30s:0/s` (rates a second: the open model) or `30s:c8,1m:c64` (requests
/// in flight: the closed) — and ramps written `FROM-TO`: `1m:100-500/s`, `30s:c8-64`.
package enum LoadStagesText {
    /// The stages and whether they are rates (open model), or why the text is not stages.
    package static func parse(_ text: String) -> Result<(stages: [LoadStage], open: Bool), LoadOptionsError> {
        var stages: [LoadStage] = []
        var open: Bool?
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, part) in parts.enumerated() {
            let name = "--stages step \(index + 1) (\"\(part)\")"
            let halves = part.split(separator: ":", maxSplits: 1).map(String.init)
            guard halves.count == 2 else { return .failure(LoadOptionsError("\(name): write TIME:LEVEL, like 30s:100/s or 30s:c8")) }
            guard let duration = LoadDurationText.seconds(halves[0]), duration > 0 else {
                return .failure(LoadOptionsError("\(name): \(halves[0]) is not a time like 30s, 2m or 500ms"))
            }
            let level = halves[1].lowercased()
            let closed = level.hasPrefix("c")
            if let open, open == closed {
                return .failure(LoadOptionsError("\(name): every step is a rate (100/s) or every step a concurrency (c8), not both"))
            }
            open = !closed
            guard let (from, to) = closed ? concurrencies(level) : rates(level) else {
                return .failure(LoadOptionsError(closed
                    ? "\(name): a concurrency is c and a whole number, or a ramp like c8-64"
                    : "\(name): a rate is a number a second (100, 100/s, 120/m, 0/s), or a ramp like 100-500/s"))
            }
            stages.append(LoadStage(duration: duration, target: to, from: from))
        }
        return .success((stages, open ?? true))
    }

    /// `100`, `100/s`, `0/s`, `120/m`, or a ramp `100-500/s` (the unit after the second number).
    private static func rates(_ text: String) -> (from: Double?, to: Double)? {
        let unit = ["/s", "/min", "/m"].first { text.hasSuffix($0) } ?? ""
        let numbers = text.dropLast(unit.count).split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(numbers.count) else { return nil }
        let values = numbers.map { rate(String($0) + unit) }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        return values.count == 2 ? (values[0], values[1]!) : (nil, values[0]!)
    }

    /// A rate of 0 and up (`LoadDurationText.rate` takes positive ones only).
    private static func rate(_ text: String) -> Double? {
        if let value = LoadDurationText.rate(text) { return value }
        let number = ["/s", "/min", "/m"].first { text.hasSuffix($0) }.map { String(text.dropLast($0.count)) } ?? text
        return Double(number) == 0 ? 0 : nil
    }

    /// `c8`, `c0`, or a ramp `c8-64` (or `c8-c64`).
    private static func concurrencies(_ text: String) -> (from: Double?, to: Double)? {
        let numbers = text.dropFirst().split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("c") ? $0.dropFirst() : $0 }
        guard (1...2).contains(numbers.count) else { return nil }
        let values = numbers.map { Int($0).flatMap { $0 >= 0 ? Double($0) : nil } }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        return values.count == 2 ? (values[0], values[1]!) : (nil, values[0]!)
    }

    /// Stages as `--stages` takes them: `30s:100/s,1m:100-500/s`, `30s:c8`.
    package static func text(_ stages: [LoadStage], open: Bool) -> String {
        stages.map { stage in
            let time = LoadReportFormat.duration(stage.duration)
            func level(_ value: Double) -> String { LoadReportFormat.plain(value) }
            let range = stage.from.map { level($0) + "-" + level(stage.target) } ?? level(stage.target)
            return time + ":" + (open ? range + "/s" : "c" + range)
        }.joined(separator: ",")
    }
}
