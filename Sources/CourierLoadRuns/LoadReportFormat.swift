import Courier
import Foundation

/// How load figures read in text: the report, the comparison, `--fail-on`'s sentences and the
/// history's headlines all write them alike. Independent of the locale (commas group digits).
/// Any value reads as something, never a trap: a figure from a baseline file or a `--fail-on`
/// rule may be 1e300, infinite or NaN (`Int(1e300)` stopped the process with SIGILL).
package enum LoadReportFormat {
    /// `0.25 ms`, `9.8 ms`, `412.0 ms`, `1.25 s`.
    package static func milliseconds(_ value: Double) -> String {
        switch value {
        case ..<1: return String(format: "%.2f ms", value)
        case ..<1000: return String(format: "%.1f ms", value)
        case ..<1e15: return String(format: "%.2f s", value / 1000)
        default: return String(format: "%g s", value / 1000)
        }
    }

    /// `18,402`.
    package static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// A whole number as `count(_:)` writes it, rounded; past 10^15 (or infinite, or NaN) in
    /// `%g`'s form (`1e+300`, `inf`, `nan`).
    package static func count(_ value: Double) -> String {
        abs(value) < 1e15 ? count(Int(value.rounded())) : String(format: "%g", value)
    }

    /// `18,402 req/s`, or `12.5 req/s` under a hundred.
    package static func rate(_ perSecond: Double) -> String {
        perSecond >= 100 ? count(perSecond) + " req/s" : String(format: "%.1f req/s", perSecond)
    }

    /// A ratio as a percentage: `0.19 %`.
    package static func percent(_ ratio: Double) -> String {
        String(format: abs(ratio) < 1e13 ? "%.2f %%" : "%g %%", ratio * 100)
    }

    /// `30.0 s`; under a second in milliseconds (`47 ms`, `4.2 ms`): a run of a few hundred
    /// requests read `0.0 s`.
    package static func seconds(_ value: Double) -> String {
        guard value < 0.95 else { return String(format: value < 1e15 ? "%.1f s" : "%g s", value) }
        return String(format: value < 0.01 ? "%.1f ms" : "%.0f ms", value * 1000)
    }

    /// A signed change in per cent: `+37.5 %`, `-12.0 %`.
    package static func change(_ percent: Double) -> String {
        String(format: abs(percent) < 1e15 ? "%+.1f %%" : "%+g %%", percent)
    }

    /// A number as written, without trailing zeros: `10`, `0.5`, `2.25`.
    package static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
    }

    /// `10s`, `1.5s`, `250ms`, `2m`: a time as `--duration` and `L`'s `d=` take it.
    package static func duration(_ seconds: Double) -> String {
        if seconds < 1 { return "\(plain(seconds * 1000))ms" }
        if seconds >= 120, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))m" }
        return "\(plain(seconds))s"
    }

    /// The pacing in words: `concurrency 64` or `2,000 req/s`, or a staged run's stages
    /// (`stages 30s:100/s,1m:500/s`). A concurrency, not connections: over HTTP/2 libcurl runs
    /// the requests as streams of one connection.
    package static func model(_ plan: LoadPlan, unit: String = "req/s") -> String {
        if let stages = plan.stages { return "stages " + LoadStagesText.text(stages, open: plan.isOpen) }
        switch plan.model {
        case .closed(let concurrency): return "concurrency \(count(concurrency))"
        case .open(let rate, _): return (rate >= 100 ? count(rate) : plain(rate)) + " " + unit
        }
    }

    /// The HTTP versions of the responses: `HTTP/2` when all had one, `HTTP/1.1 × 3 · HTTP/2 × 97`
    /// when they differed.
    package static func protocols(_ counts: [String: Int]) -> String {
        if counts.count == 1, let only = counts.keys.first { return only }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) × \(count($0.value))" }.joined(separator: " · ")
    }

    /// The pacing, short, for a headline: `c=64` or `rate 2,000/s`.
    package static func shortModel(_ plan: LoadPlan) -> String {
        if let stages = plan.stages { return "\(stages.count) stages" }
        switch plan.model {
        case .closed(let concurrency): return "c=\(count(concurrency))"
        case .open(let rate, _): return "rate " + (rate >= 100 ? count(rate) : plain(rate)) + "/s"
        }
    }

    /// `2026-11-26 21:04` in `timeZone`.
    package static func minute(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// Rows of cells as aligned columns two spaces apart: the first column (labels) on the
    /// left, the others on the right; a row's extra trailing cell (a marker) is left as is.
    package static func table(_ rows: [[String]], columns: Int) -> [String] {
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.prefix(columns).enumerated() { widths[index] = Swift.max(widths[index], cell.count) }
        }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                let padding = index < columns ? String(repeating: " ", count: widths[index] - cell.count) : ""
                if index > 0 { line += "  " }
                line += index == 0 ? cell + padding : padding + cell
            }
            return line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }
}
