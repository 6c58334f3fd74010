import CourierWorkspace
import Courier
import Foundation

/// The In flight pane: the agent's record table, live — state, priority, progress, bytes,
/// rate and time of each request — and what just finished, with its outcome, for a few
/// seconds; a filter (`f`), a sort (`o`), cancel one (`x`) or all (`X`).
final class InFlightPane: FilteringPane, TransferTabling {
    let scope = KeyMap.Scope.inFlight

    init(environment: PaneEnvironment) {}
    private(set) var table = InFlightTable()
    /// The Load pane's run going on (its number there), whose requests are counted in the
    /// title instead of listed: thousands a second would flood the table.
    private var loadRun: (id: Int, run: LoadRun)?
    /// The workspace file being read again off the input loop (and the contract it names), since
    /// when, and which read: an older read's result does not end a newer one's.
    private var reading: (what: String, since: Date, generation: Int)?
    var filter = TypedFilter()
    /// The list the kit filters, moves and clicks (``FilteringPane``).
    var rows: InFlightTable {
        get { table }
        _modify { yield &table }
    }

    /// Reads the agents' record tables again: at most ten times a second unless `force`.
    /// The record table read again (at most ten times a second) while anything runs, while
    /// rows are live, or when a finished row's time to stay ran out.
    func tick(_ tick: PaneTick, context: PaneContext) -> [PaneWork] {
        if tick.force || tick.isBusy || !table.live.isEmpty || table.nextExpiry.map({ $0 <= context.now }) == true {
            table.refresh(agents: tick.agents, name: tick.requestName, now: context.now, force: tick.force)
        }
        return []
    }

    var nextWake: Date? { table.nextExpiry }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .filter:
            beginFilter()
        case .sortTable:
            table.cycleSort()
        case .cancel:
            guard let row = table.selectedLive else { return [] }
            row.request.stop()
            return [.say("cancelled \(row.name)", .warning)]
        case .cancelAll:
            let count = table.live.count
            return [.confirm(Confirmation(message: "Cancel all \(count) request\(count == 1 ? "" : "s") in flight?",
                                          consequence: .cancelAll))]
        default:
            moveList(action, context: context)
        }
        return []
    }

    /// The live row of `request`, for the Exchange pane's progress.
    func liveRow(for request: Request) -> InFlightTable.Row? {
        table.liveRow(for: request)
    }

    func disabledReason(for action: Action) -> String? {
        switch action {
        case .cancel where table.selectedLive == nil: return "select a request in flight to cancel it"
        case .cancelAll where table.live.isEmpty: return "nothing in flight"
        default: return nil
        }
    }

    /// A finished request stays in the table with its outcome for a few seconds.
    func apply(_ update: EngineUpdate, context: PaneContext) -> [PaneWork] {
        switch update {
        case .workspaceRead(let read):
            if let reading, read.generation >= reading.generation { self.reading = nil }
            return []
        case .loadRunStarted(let id, let run, _):
            loadRun = (id, run)
            return []
        case .loadRunEnded(let id, _):
            if loadRun?.id == id { loadRun = nil }
            return []
        default:
            break
        }
        guard case .stopped(.request(let request)) = update else { return [] }
        let outcome: InFlightTable.Outcome
        if request.isCancelled {
            outcome = .cancelled
        } else if let call = request.grpcStatus {
            outcome = .call(call.code, failed: request.error != nil)
        } else if let error = request.error {
            outcome = .failed(code: error.code.rawValue)
        } else {
            outcome = .succeeded(status: request.responseStatusCode)
        }
        let described = context.describe(.request(request))
        table.finished(request, name: described.name, outcome: outcome, startedAt: described.startedAt, now: context.now)
        return []
    }

    /// Rows above the list: the filter, and the column titles when the table has them.
    func headerRows(width: Int) -> Int {
        filterRows + (!table.rows.isEmpty && Self.columns(width: width).medium ? 1 : 0)
    }

    // MARK: - Drawing

    func render(context: PaneContext) -> PaneRender {
        let content = context.content
        var lines: [StyledLine] = []
        let cursor = appendFilterRow(to: &lines, in: content)
        let table = self.table
        if !table.rows.isEmpty, let header = Self.header(width: content.width) { lines.append(header) }
        let height = listHeight(context)
        lines += ListView.lines(table.list.cursor, height: height, width: content.width, focused: context.isFocused,
                                empty: table.isEmpty ? emptyText : "No request matches the filter.") { index in
            line(table.rows[index], width: content.width, context: context)
        }
        let frame = PaneFrame(pane: .inFlight, rect: context.rect, title: context.title(.inFlight, summary(now: context.now)), isFocused: context.isFocused,
                              lines: lines, badge: table.live.isEmpty ? nil : StyledLine("by \(table.sort.rawValue)", .dim),
                              footer: ListView.position(table.list.cursor, height: height))
        return PaneRender(frame: frame, cursor: cursor)
    }

    /// What an empty table says: that a load run's requests are not rows here, when one runs.
    private var emptyText: String {
        guard let run = loadRun?.run else { return "Nothing in flight. Requests show here while they run, with their progress." }
        return "The load run of \(run.name) has \(run.inFlight) in flight on its own connections: "
            + "they are counted, not listed — its figures are in Load (8)."
    }

    /// A read of the workspace file starting off the input loop: named in the title until it ends.
    func hear(_ message: PaneMessage, context: PaneContext) -> [PaneWork] {
        if case .readingWorkspace(let file, let contract, let generation) = message {
            // A read started while another runs: the time counts from the first.
            reading = (contract.map { "reading \(file) and contract \($0)" } ?? "reading \(file)", reading?.since ?? context.now, generation)
        }
        return []
    }

    /// Work with no request of its own going on: the workbench is busy, and says what.
    var isWorking: Bool { reading != nil }
    var busySummary: String? { reading?.what }

    /// `12 queued · 3 receiving · 4.1 MB/s`, and a load run's count.
    private func summary(now: Date) -> String {
        let order: [TransferPhase] = [.queued, .connecting, .sending, .receiving]
        let counts = table.counts
        var parts = order.compactMap { phase in counts[phase].map { "\($0) \(phase.rawValue)" } }
        if let run = loadRun?.run { parts.append("load \(run.name): \(run.inFlight)") }
        if let reading { parts.insert("\(reading.what) \(TimingWaterfall.milliseconds(now.timeIntervalSince(reading.since)))", at: 0) }
        let multiplexed = table.multiplexed
        if multiplexed.rows > 0 {
            parts.append("\(multiplexed.rows) multiplexed on \(multiplexed.connections) connection\(multiplexed.connections == 1 ? "" : "s")")
        }
        if table.totalRate > 0 { parts.append("\(ByteCount.text(Int(table.totalRate)))/s") }
        return parts.isEmpty ? "" : "· " + parts.joined(separator: " · ")
    }

    /// Which columns the table has at `width` and how wide its URL column is.
    private static func columns(width: Int) -> (wide: Bool, medium: Bool, showsRate: Bool, url: Int) {
        let wide = width >= 110, showsRate = width >= 92
        let fixed = (wide ? 6 : 0) + 16 + MethodBadge.width + 12 + (wide ? 5 : 0) + 12 + 15 + (showsRate ? 10 : 0) + 8
        return (wide, width >= 76, showsRate, max(6, width - fixed - 1))
    }

    /// Column titles above the table's rows, when it has its full columns.
    private static func header(width: Int) -> StyledLine? {
        let columns = Self.columns(width: width)
        guard columns.medium else { return nil }
        var text = " " + (columns.wide ? DisplayWidth.padded("ID", to: 6) : "") + DisplayWidth.padded("REQUEST", to: 16 + MethodBadge.width)
        text += DisplayWidth.padded("URL", to: columns.url) + DisplayWidth.padded("STATE", to: 12)
        text += (columns.wide ? DisplayWidth.padded("PRIO", to: 5) : "") + DisplayWidth.padded("PROGRESS", to: 12)
        text += DisplayWidth.padded("BYTES", to: 15) + (columns.showsRate ? DisplayWidth.padded("RATE", to: 10) : "") + "TIME"
        return StyledLine(text, .dim).truncated(to: width)
    }

    /// One row: as many columns as the width allows, the URL shortened in the middle.
    private func line(_ row: InFlightTable.Row, width: Int, context: PaneContext) -> StyledLine {
        let now = context.now
        let (wide, medium, showsRate, room) = Self.columns(width: width)
        guard medium else { return compactLine(row, width: width, context: context).truncated(to: width) }
        var line = StyledLine(" ")
        if wide { line.append(DisplayWidth.padded("#\(row.id)", to: 6), .dim) }
        line.append(DisplayWidth.padded(DisplayWidth.truncated(row.name, to: 15), to: 16), row.outcome == nil ? .plain : .dim)
        line.append(MethodBadge.spans(row.method))
        let state = Self.stateText(row, glyphs: context.glyphs)
        line.append(DisplayWidth.padded(DisplayWidth.middleTruncated(context.shortURL(row.url), to: room - 1), to: room), .dim)
        line.append(DisplayWidth.padded(state.text, to: 12), state.style)
        if wide { line.append(DisplayWidth.padded(Self.priorityText(row.priority), to: 5), .dim) }
        if let stream = row.stream, row.outcome == nil {
            // A stream has no length to fill a bar: its events and their rate take the columns.
            let room = 12 + 15 + (showsRate ? 10 : 0)
            line.append(DisplayWidth.padded(DisplayWidth.truncated(stream.description, to: room - 1), to: room), .accent)
            line.append(String(format: "%.1f s", now.timeIntervalSince(row.startedAt)), .dim)
            return line.truncated(to: width)
        }
        line.append(Self.progressBar(row, now: now, glyphs: context.glyphs, width: 10))
        line.append("  ")
        let size = row.phase == .queued && row.outcome == nil ? "" // nothing to count yet
            : row.expected.map { "\(ByteCount.text(Int(row.received)))/\(ByteCount.text(Int($0)))" } ?? ByteCount.text(Int(row.received))
        line.append(DisplayWidth.padded(size, to: 15), .plain)
        if showsRate { line.append(DisplayWidth.padded(row.rate > 0 ? "\(ByteCount.text(Int(row.rate)))/s" : "", to: 10), .dim) }
        let elapsed = (row.finishedAt ?? now).timeIntervalSince(row.startedAt)
        line.append(String(format: "%.1f s", elapsed), .dim)
        return line.truncated(to: width)
    }

    /// For a narrow pane: name (13 to 24 characters, as the width allows), state, bar, bytes
    /// so far, time.
    private func compactLine(_ row: InFlightTable.Row, width: Int, context: PaneContext) -> StyledLine {
        let now = context.now
        let nameWidth = min(24, max(13, width - 36))
        var line = StyledLine(" ")
        line.append(DisplayWidth.padded(DisplayWidth.truncated(row.name, to: nameWidth), to: nameWidth + 1), row.outcome == nil ? .plain : .dim)
        let state = row.stream != nil && row.outcome == nil ? ("streaming", Style.accent) : Self.stateText(row, glyphs: context.glyphs)
        line.append(DisplayWidth.padded(DisplayWidth.truncated(state.0, to: 9), to: 10), state.1)
        if let stream = row.stream, row.outcome == nil {
            let perSecond = Int(stream.eventsPerSecond.rounded())
            let rate = stream.ended ? "" : " · \(perSecond >= 10_000 ? "\(perSecond / 1000)k" : perSecond.groupedDigits)/s"
            line.append(DisplayWidth.padded(DisplayWidth.truncated("\(stream.events.groupedDigits) ev\(rate)", to: 17), to: 18), .accent)
            line.append(String(format: "%.1fs", now.timeIntervalSince(row.startedAt)), .dim)
            return line
        }
        line.append(Self.progressBar(row, now: now, glyphs: context.glyphs, width: 8))
        let waiting = row.phase == .queued && row.outcome == nil
        line.append(" " + DisplayWidth.padded(waiting ? "" : ByteCount.text(Int(row.received)), to: 8), .plain)
        line.append(String(format: "%.1fs", (row.finishedAt ?? now).timeIntervalSince(row.startedAt)), .dim)
        return line
    }

    private static func stateText(_ row: InFlightTable.Row, glyphs: Glyphs) -> (text: String, style: Style) {
        switch row.outcome {
        case .succeeded(let status)?: return ("\(glyphs.success) \(status)", Style.status(status))
        case .failed(let code)?: return ("\(glyphs.failure) \(code)", .failure)
        case .call(let code, let failed)?:
            return failed ? ("\(glyphs.failure) \(code.shortName)", .failure)
                : ("\(glyphs.success) \(code.shortName)", code == .ok ? Style.status(200) : .warning)
        case .cancelled?: return ("\(glyphs.cancelled) cancelled", .warning)
        case nil:
            let style: Style = switch row.phase {
            case .queued: .dim
            case .connecting, .sending: .info
            case .receiving: .accent
            }
            // A transfer sharing its connection with others at once (HTTP/2 streams) is marked ∥; the title counts them.
            return (row.multiplexedWith > 1 ? "\(glyphs.parallel) \(row.phase.rawValue)" : row.phase.rawValue, style)
        }
    }

    private static func priorityText(_ priority: RequestPriority) -> String {
        priority == .default ? "" : DefinitionText.priority(priority)
    }

    /// A bar of the received share; a block that moves back and forth when the length is unknown.
    private static func progressBar(_ row: InFlightTable.Row, now: Date, glyphs: Glyphs, width: Int) -> StyledLine {
        var line = StyledLine()
        if row.outcome != nil {
            line.append(String(repeating: " ", count: width))
        } else if let fraction = row.fraction {
            let filled = Int((fraction * Double(width)).rounded(.down))
            line.append(String(repeating: glyphs.meterFull, count: filled), .accent)
            line.append(String(repeating: glyphs.meterEmpty, count: width - filled), .dim)
        } else if row.phase == .receiving {
            let span = width - 3
            let step = Int(now.timeIntervalSinceReferenceDate * 8) % (2 * span)
            let position = step < span ? step : 2 * span - step
            line.append(String(repeating: glyphs.meterEmpty, count: position), .dim)
            line.append(String(repeating: glyphs.meterFull, count: 3), .accent)
            line.append(String(repeating: glyphs.meterEmpty, count: width - 3 - position), .dim)
        } else {
            line.append(String(repeating: glyphs.meterEmpty, count: width), .dim)
        }
        return line
    }
}
