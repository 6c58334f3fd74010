import CourierWorkspace
import Foundation

/// A find-max run's search (`slo=` in the settings, `courier load --find-max`): the rate→p99
/// curve of its steps beside the steps themselves, growing as each is judged, in place of the
/// histogram.
extension LoadView {
    /// ` find-max p99<50ms,errors<1% · 200/s met it`, the curve (p99 over the rates tried, from
    /// the lowest to the highest) and its axis on the left, the steps in the order tried on the
    /// right: `rows` rows of `width`.
    static func knee(_ knee: LoadKnee, running: Bool, width: Int, rows: Int, glyphs: Glyphs) -> [StyledLine] {
        var title = StyledLine(" find-max ", .dim)
        title.append(knee.slo, .plain)
        title.append(" · ", .dim)
        if let rate = knee.rate {
            title.append(rateText(rate) + "/s", .success)
            title.append(knee.complete ? " is the highest rate that met it" : " met it so far", .dim)
        } else if knee.steps.isEmpty {
            title.append(running ? "the first step runs" : "no step was judged", .dim)
        } else {
            title.append("broken at the first step", .failure)
        }
        if running, !knee.complete { title.append(" · searching", .accent) }
        guard rows > 2 else { return [title.truncated(to: width)] }
        let tableWidth = min(30, width * 2 / 5)
        let chartWidth = max(8, width - tableWidth - 4)
        let chartRows = rows - 2
        var left = curve(knee.steps, width: chartWidth, rows: chartRows, unicode: glyphs.isUnicode)
        left.append(StyledLine(" " + rateAxis(knee.steps, width: chartWidth), .dim))
        let right = steps(knee.steps, rows: rows - 1, glyphs: glyphs)
        var lines = [title.truncated(to: width)]
        for index in 0..<(rows - 1) {
            var line = index < left.count ? left[index].padded(to: chartWidth + 3) : StyledLine(String(repeating: " ", count: chartWidth + 3))
            if index < right.count { line.append(right[index]) }
            lines.append(line.truncated(to: width))
        }
        return lines
    }

    /// p99 over the rates tried: the steps sorted by rate, joined by straight lines, scaled to
    /// the highest p99.
    private static func curve(_ steps: [LoadKneeStep], width: Int, rows: Int, unicode: Bool) -> [StyledLine] {
        let points = steps.sorted { $0.rate < $1.rate }
        guard let low = points.first?.rate, let high = points.last?.rate, rows > 0 else {
            return (0..<max(0, rows)).map { _ in StyledLine("") }
        }
        let columns = width * (unicode ? 2 : 1)
        let values: [Double] = (0..<columns).map { column in
            let rate = high > low ? low + (high - low) * Double(column) / Double(max(1, columns - 1)) : low
            guard let after = points.firstIndex(where: { $0.rate >= rate }) else { return points.last!.p99 }
            guard after > 0 else { return points[0].p99 }
            let (a, b) = (points[after - 1], points[after])
            let share = b.rate > a.rate ? (rate - a.rate) / (b.rate - a.rate) : 1
            return a.p99 + (b.p99 - a.p99) * share
        }
        let peak = max(0.001, points.map(\.p99).max() ?? 0)
        return LoadChart.lines([values], span: columns, width: width, height: rows, peak: peak, shape: .line, unicode: unicode)
            .map { StyledLine(" " + $0, .warning) }
    }

    /// `50/s` at the left, the highest rate at the right, `p99` between.
    private static func rateAxis(_ steps: [LoadKneeStep], width: Int) -> String {
        let rates = steps.map(\.rate)
        guard let low = rates.min(), let high = rates.max() else { return "" }
        let left = rateText(low) + "/s", right = rateText(high) + "/s", middle = "p99 by rate"
        let room = width - DisplayWidth.of(left) - DisplayWidth.of(right)
        guard room > DisplayWidth.of(middle) + 2 else { return DisplayWidth.padded(left, to: max(0, width - DisplayWidth.of(right))) + right }
        let before = (room - DisplayWidth.of(middle)) / 2
        return left + String(repeating: " ", count: before) + middle + String(repeating: " ", count: room - before - DisplayWidth.of(middle)) + right
    }

    /// `   rate/s   p99 ms`, then each step in the order tried (the latest when they do not
    /// all fit): `✓    100     4.10`.
    private static func steps(_ steps: [LoadKneeStep], rows: Int, glyphs: Glyphs) -> [StyledLine] {
        var lines = [StyledLine("  " + LoadFigures.right("rate/s", 8) + LoadFigures.right("p99 ms", 9) + LoadFigures.right("err", 9), .dim)]
        for step in steps.suffix(max(0, rows - 1)) {
            var line = StyledLine(step.met ? glyphs.success : glyphs.failure, step.met ? .success : .failure)
            line.append(" " + LoadFigures.right(rateText(step.rate), 8), .plain)
            line.append(LoadFigures.right(LoadFigures.milliseconds(step.p99), 9), step.met ? .plain : .failure)
            line.append(LoadFigures.right(LoadReportFormat.percent(step.errorRate), 9), step.errorRate > 0 ? .failure : .dim)
            lines.append(line)
        }
        return lines
    }

    /// A rate as the search asked for it: `50`, `112.5`, `1,600`.
    private static func rateText(_ rate: Double) -> String {
        rate >= 1000 ? Int(rate.rounded()).groupedDigits : LoadReportFormat.plain(rate)
    }
}
