import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// The In flight pane: the agent's record table, live, and what just finished.
    func inFlightPane(in rect: Rect, now: Date, frame: inout Frame) -> PaneFrame {
        let focused = focus == .inFlight
        refreshInFlight(now: now)
        let content = rect.inner
        var lines: [StyledLine] = []
        if let filterLine = paneFilterLine(.inFlight, text: inFlight.filter, at: content, frame: &frame) { lines.append(filterLine) }
        let table = inFlight
        if !table.rows.isEmpty, let header = inFlightHeader(width: content.width) { lines.append(header) }
        let height = max(0, content.height - lines.count)
        inFlight.scroll = appendList(to: &lines, pane: .inFlight, in: content, count: table.rows.count, selection: table.selection,
                                     scroll: table.scroll,
                                     empty: table.isEmpty ? "Nothing in flight. Requests show here while they run, with their progress."
                                         : "No request matches the filter.") { index in
            inFlightLine(table.rows[index], width: content.width, now: now)
        }
        return PaneFrame(pane: .inFlight, rect: rect, title: title(.inFlight, inFlightSummary(), focused: focused),
                         isFocused: focused, lines: lines,
                         badge: table.live.isEmpty ? nil : StyledLine("by \(table.sort.rawValue)", .dim),
                         footer: table.rows.count > height ? StyledLine("\(table.selection + 1)/\(table.rows.count)", .dim) : nil)
    }

    /// Reads the agents' record tables again: at most ten times a second unless `force`.
    public func refreshInFlight(now: Date, force: Bool = false) {
        let agents = inFlightAgents
        let exchanges = exchangesByRequest
        inFlight.refresh(records: { agents.count == 1 ? agents[0].records() : agents.flatMap { $0.records() } },
                         name: { exchanges[ObjectIdentifier($0)]?.name ?? "—" }, now: now, force: force)
    }

    /// The agents that may have requests in flight: this session's and earlier ones' (an
    /// environment switch or a reload leaves their requests running).
    var inFlightAgents: [NetworkAgent] {
        var agents = [session.agent]
        for exchange in exchanges.values where exchange.isInFlight && !agents.contains(where: { $0 === exchange.request.agent }) {
            agents.append(exchange.request.agent)
        }
        return agents
    }

    /// The workspace name a request was sent for.
    func requestName(of request: Request) -> String {
        exchangesByRequest[ObjectIdentifier(request)]?.name ?? "—"
    }

    /// `12 queued · 3 receiving · 4.1 MB/s`.
    private func inFlightSummary() -> String {
        let order: [TransferPhase] = [.queued, .connecting, .sending, .receiving]
        var parts = order.compactMap { phase in inFlight.counts[phase].map { "\($0) \(phase.rawValue)" } }
        if inFlight.totalRate > 0 { parts.append("\(ByteCount.text(Int(inFlight.totalRate)))/s") }
        return parts.isEmpty ? "" : "· " + parts.joined(separator: " · ")
    }

    /// One row: as many columns as the width allows, the URL shortened in the middle.
    /// Which columns the table has at `width` and how wide its URL column is.
    private static func inFlightColumns(width: Int) -> (wide: Bool, medium: Bool, showsRate: Bool, url: Int) {
        let wide = width >= 110, showsRate = width >= 92
        let fixed = (wide ? 6 : 0) + 16 + 7 + 11 + (wide ? 5 : 0) + 12 + 15 + (showsRate ? 10 : 0) + 8
        return (wide, width >= 76, showsRate, max(6, width - fixed - 1))
    }

    /// Column titles above the table's rows, when it has its full columns.
    private func inFlightHeader(width: Int) -> StyledLine? {
        let columns = Self.inFlightColumns(width: width)
        guard columns.medium else { return nil }
        var text = " " + (columns.wide ? DisplayWidth.padded("ID", to: 6) : "") + DisplayWidth.padded("REQUEST", to: 23)
        text += DisplayWidth.padded("URL", to: columns.url) + DisplayWidth.padded("STATE", to: 11)
        text += (columns.wide ? DisplayWidth.padded("PRIO", to: 5) : "") + DisplayWidth.padded("PROGRESS", to: 12)
        text += DisplayWidth.padded("BYTES", to: 15) + (columns.showsRate ? DisplayWidth.padded("RATE", to: 10) : "") + "TIME"
        return StyledLine(text, .dim).truncated(to: width)
    }

    private func inFlightLine(_ row: InFlightTable.Row, width: Int, now: Date) -> StyledLine {
        let (wide, medium, showsRate, room) = Self.inFlightColumns(width: width)
        guard medium else { return compactInFlightLine(row, now: now).truncated(to: width) }
        var line = StyledLine(" ")
        if wide { line.append(DisplayWidth.padded("#\(row.id)", to: 6), .dim) }
        line.append(DisplayWidth.padded(DisplayWidth.truncated(row.name, to: 15), to: 16), row.outcome == nil ? .plain : .dim)
        line.append(DisplayWidth.padded(row.method, to: 7), Style.method(row.method))
        let state = stateText(row)
        line.append(DisplayWidth.padded(DisplayWidth.middleTruncated(shortURL(row.url), to: room - 1), to: room), .dim)
        line.append(DisplayWidth.padded(state.text, to: 11), state.style)
        if wide { line.append(DisplayWidth.padded(priorityText(row.priority), to: 5), .dim) }
        line.append(progressBar(row, now: now, width: 10))
        line.append("  ")
        let size = row.phase == .queued && row.outcome == nil ? "" // nothing to count yet
            : row.expected.map { "\(ByteCount.text(Int(row.received)))/\(ByteCount.text(Int($0)))" } ?? ByteCount.text(Int(row.received))
        line.append(DisplayWidth.padded(size, to: 15), .plain)
        if showsRate { line.append(DisplayWidth.padded(row.rate > 0 ? "\(ByteCount.text(Int(row.rate)))/s" : "", to: 10), .dim) }
        let elapsed = (row.finishedAt ?? now).timeIntervalSince(row.startedAt)
        line.append(String(format: "%.1f s", elapsed), .dim)
        return line.truncated(to: width)
    }

    /// For a narrow pane: name, state, bar, bytes so far, time.
    private func compactInFlightLine(_ row: InFlightTable.Row, now: Date) -> StyledLine {
        var line = StyledLine(" ")
        line.append(DisplayWidth.padded(DisplayWidth.truncated(row.name, to: 13), to: 14), row.outcome == nil ? .plain : .dim)
        let state = stateText(row)
        line.append(DisplayWidth.padded(DisplayWidth.truncated(state.text, to: 9), to: 10), state.style)
        line.append(progressBar(row, now: now, width: 8))
        let waiting = row.phase == .queued && row.outcome == nil
        line.append(" " + DisplayWidth.padded(waiting ? "" : ByteCount.text(Int(row.received)), to: 8), .plain)
        line.append(String(format: "%.1fs", (row.finishedAt ?? now).timeIntervalSince(row.startedAt)), .dim)
        return line
    }

    /// A URL on the session's base URL without it (`/drip?…`); others as they are.
    func shortURL(_ url: String) -> String {
        let base = session.agent.config.baseURL
        guard !base.isEmpty, url.hasPrefix(base) else { return url }
        let rest = String(url.dropFirst(base.count))
        return rest.hasPrefix("/") ? rest : "/" + rest
    }

    private func stateText(_ row: InFlightTable.Row) -> (text: String, style: Style) {
        switch row.outcome {
        case .succeeded(let status)?: return ("\(glyphs.success) \(status)", .success)
        case .failed(let code)?: return ("\(glyphs.failure) \(code)", .failure)
        case .cancelled?: return ("\(glyphs.cancelled) cancelled", .warning)
        case nil:
            let style: Style = switch row.phase {
            case .queued: .dim
            case .connecting, .sending: .info
            case .receiving: .accent
            }
            return (row.phase.rawValue, style)
        }
    }

    private func priorityText(_ priority: RequestPriority) -> String {
        priority == .default ? "" : DefinitionText.priority(priority)
    }

    /// A bar of the received share; a block that moves back and forth when the length is unknown.
    private func progressBar(_ row: InFlightTable.Row, now: Date, width: Int) -> StyledLine {
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
