import CourierWorkspace
import Foundation

/// How the Load pane shares its rows: the header, the timeline's charts, the totals (and the
/// generator's warning) and the latency always; then the past runs and a batch's or chain's steps; the histogram beside
/// statuses and errors (or a comparison) takes the rest; phases and blank lines between
/// sections only when there is room to spare. Below 8 rows (its place in the left column) it
/// shows three lines: the header, the headline figures and the sparkline.
extension LoadPane {
    /// The rows of each flexible section for a content area of `height` rows.
    struct Budget {
        /// The timeline's charts' height.
        var chart = 1
        var past = 0
        var steps = 0
        var phases = 0
        var middle = 0
        var gaps = false
    }

    func budget(height: Int, width: Int) -> Budget {
        var budget = Budget()
        let pastWanted = past.isEmpty ? 0 : 1 + past.count
        guard let shown else {
            budget.past = min(pastWanted, max(2, height - 6))
            return budget
        }
        budget.chart = max(1, min(6, (height - 12) / 3))
        let warning = LoadView.healthWarning(shown) == nil ? 0 : 1
        let fixed = 1 + LoadView.timelineRows(shown, chartRows: budget.chart) + 1 + warning + 2
        budget.past = min(pastWanted, max(2, height / 5))
        budget.steps = shown.steps.count > 1 ? min(1 + shown.steps.count, max(2, height / 5)) : 0
        var rest = height - fixed - budget.past - budget.steps
        budget.phases = min(LoadView.phaseCount(shown), max(0, rest - 10))
        rest -= budget.phases
        let sections = 2 + (budget.steps > 0 ? 1 : 0) + (budget.past > 0 ? 1 : 0)
        budget.gaps = rest - sections >= 8
        if budget.gaps { rest -= sections }
        budget.middle = min(max(0, rest), middleRows(shown, width: width))
        if budget.middle < 3 { budget.middle = 0 }
        // What the middle leaves goes to the past runs.
        budget.past = min(pastWanted, budget.past + max(0, rest - budget.middle))
        return budget
    }

    /// The rows the middle section would fill: the comparison's, or the histogram's and the
    /// statuses and errors beside it.
    private func middleRows(_ shown: LoadResult, width: Int) -> Int {
        if let baseline { return 1 + LoadComparison(shown, baseline: baseline).rows.count }
        if let knee = shown.knee { return max(7, 2 + knee.steps.count) }
        let buckets = shown.histogram.lastIndex { $0.count > 0 }.map { last in last - shown.histogram.firstIndex { $0.count > 0 }! + 1 } ?? 1
        let outcomes = 1 + max(1, shown.statuses.count) + (shown.errors.isEmpty ? 0 : 1 + shown.errors.count)
        return width >= 70 ? max(1 + buckets, outcomes) : 1 + buckets
    }

    /// Rows of the past runs' list on screen (under its title), for moving in it.
    func pastRows(_ context: PaneContext) -> Int {
        max(1, budget(height: context.content.height, width: context.content.width).past - 1)
    }

    func render(context: PaneContext) -> PaneRender {
        let content = context.content
        let lines = content.height < 8 ? compactLines(context) : sampleLines(context) ?? fullLines(context)
        var extra = ""
        if let shown {
            extra = "· \(shown.target) · " + (showsLive ? LoadView.state(of: shown).word : "past run" + (shown.id.map { " #\($0)" } ?? ""))
        } else if let target = pastTarget {
            extra = "· \(target)"
        }
        let badge: StyledLine? = active?.isRunning == true && !showsLive ? StyledLine("\(active!.run.name) running", .accent) : nil
        let frame = PaneFrame(pane: .load, rect: context.rect, title: context.title(.load, extra), isFocused: context.isFocused,
                              lines: lines, badge: badge, footer: content.height < 8 || openSamples != nil ? nil : ListView.position(cursor, height: pastRows(context)))
        return PaneRender(frame: frame, cursor: nil)
    }

    /// Three lines for a small place: the state, the headline figures, the sparkline.
    private func compactLines(_ context: PaneContext) -> [StyledLine] {
        let width = context.content.width
        guard let shown else { return [StyledLine(" L on a request runs it under load", .dim)] }
        let state = LoadView.state(of: shown)
        var first = StyledLine(" ")
        first.append(state.word, state.style)
        first.append(" \(shown.target) ", .strong)
        first.append(LoadView.progress(of: shown).text, .dim)
        var second = StyledLine(" ")
        second.append(LoadFigures.rate(shown.throughput) + "/s", .strong)
        second.append("  p99 ", .dim)
        second.append(LoadFigures.milliseconds(shown.latency.p99) + " ms", .plain)
        second.append("  err ", .dim)
        second.append(LoadReportFormat.percent(shown.errorRate), shown.errorRate > 0 ? .failure : .dim)
        let counts = LoadView.completeSeconds(shown).map(\.requests)
        let spark = StyledLine(" " + LoadFigures.sparkline(counts, width: width - 2, peak: counts.max() ?? 0, glyphs: context.glyphs), .accent)
        return Array([first, second, spark].map { $0.truncated(to: width) }.prefix(context.content.height))
    }

    private func fullLines(_ context: PaneContext) -> [StyledLine] {
        let width = context.content.width
        let budget = budget(height: context.content.height, width: context.content.width)
        var lines: [StyledLine] = []
        if let shown {
            lines.append(LoadView.header(shown, width: width, glyphs: context.glyphs, now: context.now))
            lines += LoadView.timeline(shown, width: width, chartRows: budget.chart, glyphs: context.glyphs)
            lines.append(LoadView.totals(shown, width: width))
            if let warning = LoadView.healthWarning(shown) {
                lines.append(StyledLine(" \(context.glyphs.isUnicode ? "⚠" : "!") " + warning, .warning).truncated(to: width))
            }
            if budget.gaps { lines.append("") }
            lines += LoadView.latency(shown, width: width, phaseRows: budget.phases)
            if budget.middle > 0 {
                if budget.gaps { lines.append("") }
                lines += middle(shown, width: width, rows: budget.middle, glyphs: context.glyphs, focused: context.isFocused)
            }
            if budget.steps > 0 {
                if budget.gaps { lines.append("") }
                lines += LoadView.steps(shown, width: width, rows: budget.steps)
            }
        } else {
            lines += introduction(width: width)
        }
        if budget.past > 0 {
            if budget.gaps || shown == nil { lines.append("") }
            lines += pastLines(context, rows: budget.past)
        }
        return lines
    }

    /// The histogram beside statuses and errors, or the comparison with a past run.
    private func middle(_ shown: LoadResult, width: Int, rows: Int, glyphs: Glyphs, focused: Bool) -> [StyledLine] {
        if let baseline { return LoadView.comparison(LoadComparison(shown, baseline: baseline), width: width, rows: rows) }
        if let knee = shown.knee { return LoadView.knee(knee, running: shown.running, width: width, rows: rows, glyphs: glyphs) }
        guard width >= 70 else { return LoadView.histogram(shown, width: width, rows: rows, glyphs: glyphs) }
        let left = width * 55 / 100
        let histogram = LoadView.histogram(shown, width: left, rows: rows, glyphs: glyphs)
        let outcomes = LoadView.outcomes(shown, width: width - left - 3, rows: rows, selected: selectedOutcome, focused: focused)
        return (0..<max(histogram.count, outcomes.count)).map { index in
            var line = index < histogram.count ? histogram[index].padded(to: left) : StyledLine(String(repeating: " ", count: left))
            line.append("  ")
            if index < outcomes.count { line.append(outcomes[index]) }
            return line
        }
    }

    /// What the view is for, before any run.
    private func introduction(width: Int) -> [StyledLine] {
        if let failure = active?.failure {
            return Wrapping.lines("The load run of \(active!.run.name) could not start: \(failure)", width: width - 2).map { StyledLine(" " + $0, .failure) }
        }
        let text = "L on a request, batch or chain starts a load run: c=16 d=10s keeps 16 requests in flight for ten seconds, "
            + "r=200 d=30s starts 200 a second for thirty (n= counts requests instead, w= warms up, ramp= rises). "
            + "The figures update every second; x stops the run and keeps what completed."
        return Wrapping.lines(text, width: width - 2).map { StyledLine(" " + $0, .dim) }
    }

    private func pastLines(_ context: PaneContext, rows: Int) -> [StyledLine] {
        let width = context.content.width
        let hint = KeyMap.hintLine([(.showLoadRun, .load), (.compareLoadRuns, .load)]).text
        let title = StyledLine(" past load runs of \(pastTarget ?? "—")" + (context.isFocused ? " · \(hint)" : ""), .dim).truncated(to: width)
        let past = self.past
        let shownID = shown?.id
        return [title] + ListView.lines(cursor, height: rows - 1, width: width, focused: context.isFocused && selectedOutcome == nil,
                                        empty: "none yet") { index in
            LoadView.pastRow(past[index], shown: past[index].id == shownID, width: width, now: context.now, glyphs: context.glyphs)
        }
    }
}
