import CourierWorkspace
import Foundation

/// How the Load view writes and draws its figures: milliseconds to three significant
/// digits, shares, byte counts, requests a second as a sparkline and counts as bars — in
/// Unicode blocks, or ASCII when the terminal has no UTF-8.
enum LoadFigures {
    /// `0.84`, `12.3`, `412`, `3.20 s`.
    static func milliseconds(_ value: Double) -> String {
        switch value {
        case ..<10: return String(format: "%.2f", value)
        case ..<100: return String(format: "%.1f", value)
        case ..<10_000: return String(format: "%.0f", value)
        default: return String(format: "%.2f s", value / 1000)
        }
    }

    /// A run's headline: `1,000 requests`, `812/s`, `p99 4.1 ms`, and `errors 0.25 %` when any.
    static func headline(of result: LoadResult) -> [String] {
        var parts = ["\(result.requests.groupedDigits) requests", "\(Int(result.throughput.rounded()).groupedDigits)/s",
                     "p99 \(milliseconds(result.latency.p99)) ms"]
        if result.errorRate > 0 { parts.append("errors \(LoadReportFormat.percent(result.errorRate))") }
        return parts
    }

    /// `812 B`, `1.2 KiB`, `31.5 MiB`, `2.10 GiB`.
    static func bytes(_ count: Int64) -> String {
        count >= 1 << 30 ? String(format: "%.2f GiB", Double(count) / Double(1 << 30)) : HumanReport.size(Int(count))
    }

    /// A rate: `812`, `12.5`, `0.40`.
    static func rate(_ value: Double) -> String {
        value >= 100 ? Int(value.rounded()).groupedDigits : String(format: value >= 10 ? "%.1f" : "%.2f", value)
    }

    /// The eight levels of a sparkline, lowest first.
    private static func levels(_ glyphs: Glyphs) -> [String] {
        glyphs.isUnicode ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : ["_", ".", ",", "-", "=", "+", "*", "#"]
    }

    /// Counts as a sparkline of at most `width` columns, scaled to `peak`: a column a count,
    /// or — more counts than columns — a column the mean of as many consecutive counts as it
    /// takes to fit. Zero is blank.
    static func sparkline(_ counts: [Int], width: Int, peak: Int, glyphs: Glyphs) -> String {
        guard width > 0, !counts.isEmpty, peak > 0 else { return "" }
        let levels = levels(glyphs)
        let perColumn = (counts.count + width - 1) / width
        return stride(from: 0, to: counts.count, by: perColumn).map { start in
            let slice = counts[start..<min(counts.count, start + perColumn)]
            let mean = Double(slice.reduce(0, +)) / Double(slice.count)
            guard mean > 0 else { return " " }
            return levels[min(levels.count - 1, Int((mean / Double(peak) * Double(levels.count)).rounded(.up)) - 1)]
        }.joined()
    }

    /// As many of `parts` as fit in `width` (a column spare), in order, after a space and
    /// parted by `separator`: what does not fit is left out rather than cut.
    static func fitted(_ parts: [StyledLine], separator: String, width: Int) -> StyledLine {
        var line = StyledLine(" ")
        for (index, part) in parts.enumerated() {
            let gap = index == 0 ? 0 : DisplayWidth.of(separator)
            guard line.width + gap + part.width < width else { break }
            if index > 0 { line.append(separator, .dim) }
            line.append(part)
        }
        return line
    }

    /// `text` right-aligned in `width` columns.
    static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
    }

    /// A bar of `count ÷ peak` of `width` columns, with eighths at its end in Unicode.
    static func bar(_ count: Int, peak: Int, width: Int, glyphs: Glyphs) -> String {
        guard peak > 0, width > 0, count > 0 else { return "" }
        let eighths = max(1, Int((Double(count) / Double(peak) * Double(width * 8)).rounded()))
        guard glyphs.isUnicode else { return String(repeating: "#", count: max(1, eighths / 8)) }
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }

    /// A latency histogram's buckets from the first to the last that counted anything; while
    /// there are more than `rows`, the two neighbours with the fewest requests together become
    /// one, so that the detail stays where the requests are.
    static func buckets(_ buckets: [LoadHistogramBucket], rows: Int) -> [(upTo: Double, count: Int)] {
        guard let first = buckets.firstIndex(where: { $0.count > 0 }), let last = buckets.lastIndex(where: { $0.count > 0 }),
              rows > 0 else { return [] }
        var shown = buckets[first...last].map { (upTo: $0.upTo, count: $0.count) }
        while shown.count > max(1, rows) {
            let pair = shown.indices.dropLast().min { shown[$0].count + shown[$0 + 1].count < shown[$1].count + shown[$1 + 1].count }!
            shown[pair + 1].count += shown[pair].count
            shown.remove(at: pair)
        }
        return shown
    }
}
