import CourierWorkspace
import Courier
import Foundation

/// The History tab's state: the selected request's past exchanges (newest first), the row
/// marked for a diff, and what is open — one past response, or a diff of two.
struct HistoryTab {
    /// An exchange read whole, its body in the viewer.
    struct Opened {
        var exchange: HistoryExchange
        var viewer: BodyViewer?
    }

    /// Whose rows are loaded (nil: none yet).
    var request: String?
    var rows: [HistoryExchange] = []
    /// Some row is from another day than today, so the list shows dates (decided at load).
    var showsDay = false
    var isLoading = false
    /// The selected row and the window of rows on screen.
    var cursor = ListCursor()
    var selection: Int { cursor.selection }
    /// The first of two rows to compare (`d`, then `d` on another).
    var marked: Int64?
    var opened: Opened?
    var diff: HistoryDiff?

    /// Rows listed at most (the newest); `courier history` reaches the rest.
    static let rowLimit = 500
}

extension ExchangePane {
    /// Reads the selected request's past exchanges off the input loop.
    func loadHistory() {
        guard let name = selection.selectedRequestName else { return }
        guard let history = source.engine.history else {
            historyTab = HistoryTab()
            historyTab.request = name
            return
        }
        if historyTab.request != name {
            historyTab = HistoryTab()
            historyTab.request = name
        }
        historyTab.isLoading = true
        var filter = HistoryQuery(workspacePath: history.context.workspacePath, request: name)
        filter.last = HistoryTab.rowLimit
        let query = filter
        let mailbox = source.mailbox
        history.read({ store in try store.exchanges(query) }, deliver: { rows in
            mailbox.post(.paneResult(.exchange, BackgroundResult.historyLoaded(request: name, exchanges: rows.reversed())))
        })
    }

    func historyLoaded(request: String, exchanges: [HistoryExchange]) {
        guard historyTab.request == request else { return }
        let selectedID = historyTab.rows.indices.contains(historyTab.selection) ? historyTab.rows[historyTab.selection].id : nil
        historyTab.rows = exchanges
        historyTab.showsDay = exchanges.contains { !Calendar.current.isDateInToday($0.date) }
        historyTab.isLoading = false
        historyTab.cursor.reset(count: exchanges.count, selecting: selectedID.flatMap { id in exchanges.firstIndex { $0.id == id } } ?? 0)
    }

    /// Moves the History tab's selection in a list of `height` rows on screen.
    func moveHistorySelection(_ action: Action, height: Int) {
        _ = historyTab.cursor.perform(action, height: height)
    }

    /// Enter: the selected past exchange, read whole, in the response viewer.
    func openHistoryRow() {
        guard let history = source.engine.history, historyTab.rows.indices.contains(historyTab.selection),
              let id = historyTab.rows[historyTab.selection].id else { return }
        let mailbox = source.mailbox
        history.read({ store -> (HistoryExchange, FormattedBody?)? in
            guard let exchange = try store.exchange(id: id) else { return nil }
            // A spooled body kept by reference is mapped from its file and laid out here, on
            // the history's queue, as the live body was: the pages read past are given back.
            guard let kept = store.keptBody(of: exchange) else { return (exchange, nil) }
            return (exchange, FormattedBody.indexed(kept, mimeType: exchange.contentType, releasesPages: true))
        }, deliver: { opened in
            if let (exchange, keptBody) = opened {
                mailbox.post(.paneResult(.exchange, BackgroundResult.historyOpened(exchange, keptBody: keptBody)))
            }
        })
    }

    /// A session's transcript is shown instead of its raw text: a message a line
    /// (`→  +0.012 s  text  hello`).
    func historyOpened(_ exchange: HistoryExchange, keptBody: FormattedBody? = nil) {
        let shown = exchange.transcript.map { Data($0.lines.joined(separator: "\n").utf8) } ?? exchange.responseBody
        let body = keptBody ?? shown.map { FormattedBody.format($0, mimeType: exchange.transcript == nil ? exchange.contentType : "text/plain", lineLimit: nil) }
        historyTab.opened = HistoryTab.Opened(exchange: exchange, viewer: body.map(BodyViewer.init))
    }

    /// `d`: marks the selected row; on a second row, compares the two (older → newer) — of
    /// any environments: the tab lists the request's exchanges in all of them.
    func diffHistory() {
        guard responseTab == .history, let history = source.engine.history, historyTab.opened == nil,
              historyTab.rows.indices.contains(historyTab.selection), let id = historyTab.rows[historyTab.selection].id else {
            if responseTab != .history { say("d compares past exchanges in the History tab (] to reach it)", .info) }
            return
        }
        guard let marked = historyTab.marked, marked != id else {
            historyTab.marked = historyTab.marked == id ? nil : id
            if historyTab.marked != nil { say("marked — d on another exchange compares them", .info) }
            return
        }
        historyTab.marked = nil
        let pair = [marked, id].sorted()
        let mailbox = source.mailbox
        // The workspace's diff: (ignore, tolerance) applies, as in courier diff.
        let settings = source.workspace.config.diff.adding(historyTab.request.flatMap { source.workspace.requests[$0]?.diff } ?? DiffSettings())
        history.read({ store -> HistoryDiff? in
            guard let old = try store.exchange(id: pair[0]), let new = try store.exchange(id: pair[1]) else { return nil }
            return HistoryDiff(old: old, new: new, settings: settings)
        }, deliver: { diff in
            if let diff { mailbox.post(.paneResult(.exchange, BackgroundResult.historyDiffed(diff))) }
        })
    }

    /// The History tab in the response pane.
    func historyPane(in rect: Rect, focused: Bool, title: StyledLine) -> PaneFrame {
        let content = rect.inner
        var lines = [responseTabsLine()]
        let height = max(0, content.height - 1)
        var footer: StyledLine?
        if source.engine.history == nil {
            lines.append(StyledLine(" History is off (the workbench was opened with --no-history).", .dim))
        } else if let diff = historyTab.diff {
            let all = diff.lines.map { line -> StyledLine in
                let style: Style = switch line.kind {
                case .heading: .strong
                case .added: .success
                case .removed: .failure
                case .changed: .warning
                case .same: .dim
                }
                return StyledLine(" " + line.text, style).truncated(to: content.width)
            }
            responseScroll = min(responseScroll, max(0, all.count - height))
            lines += all.dropFirst(responseScroll).prefix(height)
            footer = StyledLine("Esc back to the list", .dim)
        } else if let opened = historyTab.opened {
            let exchange = opened.exchange
            lines.append(StyledLine.build { line in
                line.append(" #\(exchange.id ?? 0) \(ClockText.time(exchange.date)) · \(exchange.outcome) · "
                            + "\(TimingWaterfall.milliseconds(exchange.durationMs / 1000)) · \(ByteCount.text(exchange.responseBodyBytes))"
                            + (exchange.transcript.map { " · \(Self.messageCount($0))" } ?? ""),
                            exchange.ok ? .success : .failure)
                // A spooled body is shown from the history's copy, redacted as every kept body is.
                if exchange.responseBody == nil, exchange.responseBodyFile != nil { line.append(" · kept copy, redacted", .dim) }
                if let checks = exchange.checks, !checks.isEmpty {
                    line.append("  ")
                    line.append(checksVerdict(passed: checks.map(\.passed)))
                }
            }.truncated(to: content.width))
            if let warning = exchange.warning {
                lines.append(StyledLine(" warning: \(TerminalText.neutralized(warning))", .warning).truncated(to: content.width))
            }
            let checks = pastChecksLines(exchange.checks ?? [], height: (height - 1) / 2, width: content.width)
            lines += checks
            let bodyHeight = height - 1 - checks.count
            if var viewer = opened.viewer {
                viewer.resize(height: bodyHeight, width: content.width)
                lines += viewer.visibleLines(height: bodyHeight, width: content.width, focused: focused)
                historyTab.opened?.viewer = viewer
                footer = StyledLine(viewer.positionText + " · Esc back", .dim)
            } else {
                lines.append(StyledLine(exchange.responseBodyBytes > 0
                    ? " The body (\(ByteCount.text(exchange.responseBodyBytes))) was over the history's body limit: only its size and SHA-256 were kept."
                    : " (empty body)", .dim))
            }
        } else if historyTab.rows.isEmpty {
            lines.append(StyledLine(historyTab.isLoading ? " Reading the history…" : " No past exchanges of this request yet.", .dim))
        } else {
            let showsDay = historyTab.showsDay
            lines.append(StyledLine.build { line in
                line.append("   " + DisplayWidth.padded(showsDay ? "when" : "today", to: showsDay ? 16 : 10), .dim)
                line.append(DisplayWidth.padded("outcome", to: 15) + DisplayWidth.padded("time", to: 10) + DisplayWidth.padded("size", to: 10), .dim)
            }.truncated(to: content.width))
            for index in historyTab.cursor.window(height: height - 1) {
                lines.append(historyRow(historyTab.rows[index], selected: index == historyTab.selection, focused: focused,
                                        showsDay: showsDay, width: content.width))
            }
            footer = StyledLine("\(historyTab.rows.count) past · Enter opens · d marks, d on another compares", .dim)
        }
        return PaneFrame(pane: .exchange, rect: rect, title: title, isFocused: focused, lines: lines, footer: footer, joinsAbove: true)
    }

    /// A past exchange's checks above its body, as the Checks tab lays them out: in at most
    /// `height` lines, the failures first when not all fit, and a rule under them.
    private func pastChecksLines(_ checks: [CheckRecord], height: Int, width: Int) -> [StyledLine] {
        guard !checks.isEmpty, height >= 2 else { return [] }
        let fits = checks.count <= height - 1
        let shown = fits ? checks : Array((checks.filter { !$0.passed } + checks.filter(\.passed)).prefix(height - 2))
        var lines = checkLines(shown.map(CheckRow.init), showing: shown.indices, selected: nil, focused: false, width: width)
        if !fits {
            let hiddenFailures = checks.filter { !$0.passed }.count - shown.filter { !$0.passed }.count
            let more = "\(checks.count - shown.count) more" + (hiddenFailures == 0 ? ", all passed" : ", \(hiddenFailures) failed")
            lines.append(StyledLine("   … \(more) (courier history show \(historyTab.opened?.exchange.id ?? 0) lists them all)", .dim)
                .truncated(to: width))
        }
        return lines + [StyledLine(String(repeating: "─", count: max(0, width)), .dim)]
    }

    private func historyRow(_ exchange: HistoryExchange, selected: Bool, focused: Bool, showsDay: Bool, width: Int) -> StyledLine {
        let highlight: RowHighlight = selected ? (focused ? .selected : .selectedUnfocused) : .none
        return StyledLine.build(highlight: highlight) { line in
            line.append(exchange.id == historyTab.marked ? " \(glyphs.bullet) " : "   ", .marker)
            line.append(showsDay ? Self.dayAndTime(exchange.date) + "  " : ClockText.time(exchange.date) + "  ", .dim)
            line.append(DisplayWidth.padded(exchange.outcome, to: 15), exchange.ok ? .success : .failure)
            line.append(DisplayWidth.padded(TimingWaterfall.milliseconds(exchange.durationMs / 1000), to: 10), .plain)
            line.append(DisplayWidth.padded(ByteCount.text(exchange.responseBodyBytes), to: 10), .plain)
            if exchange.fromCache { line.append("from cache  ", .badge) }
            if exchange.warning != nil { line.append("warning  ", .warning) }
            if !exchange.failedChecks.isEmpty { line.append("\(glyphs.failure) checks  ", .failure) }
            if let environment = exchange.environment { line.append(environment + "  ", .dim) }
            // A labelled send of the request: which one (`[try 2]`, `[row 3]`).
            if let name = historyTab.request, exchange.request.hasPrefix(name + " [") {
                line.append(String(exchange.request.dropFirst(name.count + 1)) + "  ", .plain)
            }
            if let chain = exchange.chain { line.append("chain \(chain)", .dim) } else if let batch = exchange.batch { line.append("batch \(batch)", .dim) }
        }.truncated(to: width)
    }

    /// `H`: asks where to write the selected past exchange's whole run as HAR 1.2.
    func promptExportHAR() {
        guard responseTab == .history, historyTab.rows.indices.contains(historyTab.selection) else {
            say("H exports a run as HAR from the History tab (] to reach it)", .info)
            return
        }
        let row = historyTab.rows[historyTab.selection]
        let stamp = Self.dayAndTime(row.date).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "").replacingOccurrences(of: " ", with: "-")
        work(.prompt(Prompt(title: "Write the run of \(ClockText.time(row.date)) as HAR to",
                            editor: LineEditor("\(source.workspace.name)-\(stamp).har"), purpose: .exportHAR(runID: row.runID))))
    }

    /// `s`: where to save the selected response's body (named after the request, with the
    /// suffix of its kind).
    func promptSaveBody() {
        guard let exchange = selection.selectedExchange, exchange.request.responseData != nil else {
            say("no response body to save", .warning)
            return
        }
        let suffix: String = switch exchange.body?.kind {
        case .json?: ".json"
        case .xml?: ".xml"
        case .html?: ".html"
        case .text?: ".txt"
        default: ".bin"
        }
        work(.prompt(Prompt(title: "Save the body of \(exchange.name) to", editor: LineEditor(exchange.name + suffix),
                            purpose: .saveBody(exchange: exchange.id))))
    }

    /// `12 messages (3 sent, 9 received)`.
    static func messageCount(_ transcript: HistoryTranscript) -> String {
        let sent = transcript.messages.filter { $0.direction == .sent }.count
        let total = transcript.messages.count
        return "\(total) message\(total == 1 ? "" : "s") (\(sent) sent, \(total - sent) received)"
    }

    /// `11-23 14:02:07`.
    static func dayAndTime(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.month, .day], from: date)
        return String(format: "%02d-%02d ", parts.month ?? 0, parts.day ?? 0) + ClockText.time(date)
    }
}
