import Courier
import CourierFormatCore
import Foundation

extension LoadReport {
    /// A line for each outcome's first sample exchange:
    /// `  503  GET /load/flaky → 503 · 41 B · {"error":"try again"}` (`--json` and `--report` have them whole).
    static func samples(_ result: LoadResult) -> [String] {
        guard let samples = result.samples, !samples.isEmpty else { return [] }
        var seen = Set<String>()
        let firsts = samples.filter { seen.insert($0.outcome).inserted }
        let outcomeWidth = min(24, firsts.map(\.outcome.count).max() ?? 0)
        var lines = ["samples      \(samples.count) exchanges kept, a few of each outcome (--json and --report have them whole)"]
        for sample in firsts {
            let outcome = TerminalText.neutralized(sample.outcome)
            var line = "  " + (outcome.count > outcomeWidth ? outcome.prefix(outcomeWidth - 1) + "…" : outcome)
                .padding(toLength: outcomeWidth, withPad: " ", startingAt: 0)
            line += "  " + summary(of: sample)
            lines.append(line.count > width ? line.prefix(width - 1) + "…" : line)
        }
        return lines
    }

    /// A URL's path without its query (`/load/flaky`), or the URL when it has no `scheme://host`.
    public static func path(of url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let path = rest[slash...].prefix { $0 != "?" && $0 != "#" }
        return path.isEmpty ? "/" : String(path)
    }

    /// `GET /flaky → 503 · 41 B · {"error":"try again"}`, or `→ Couldn't connect…` with no response.
    static func summary(of sample: LoadSampleExchange) -> String {
        var text = sample.method + " " + TerminalText.neutralized(path(of: sample.url))
        guard sample.status > 0 else { return text + " → " + TerminalText.neutralized(sample.error ?? "no response") }
        text += " → \(sample.status) · " + ByteCountText.size(Int(clamping: sample.bodyBytes))
        if let detail = sample.checkDetail { text += " · " + TerminalText.neutralized(detail) }
        let body = sample.body.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        if !body.isEmpty { text += " · " + TerminalText.neutralized(body) }
        return text
    }
}
