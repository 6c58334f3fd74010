import CourierWorkspace
import Courier
import Foundation

extension StreamView {
    /// The rows to draw, at most `height`, none wider than `width`: per event its time since
    /// the start, its direction (a session's messages), name and id (server-sent events), a fold marker (▸ folded, ▾ unfolded) and
    /// its data, search matches marked; the selected event's first row highlighted. Only the
    /// events on screen are laid out. `glyphs` draw the directions (`->` without Unicode).
    package func visibleLines(height: Int, width: Int, focused: Bool, glyphs: Glyphs = .unicode) -> [StyledLine] {
        guard shownCount > 0 else { return [StyledLine(emptyText, .dim)] }
        let selected = cursor
        var lines: [StyledLine] = []
        let indent = String(repeating: " ", count: gutterWidth(glyphs))
        for position in positionsOnScreen() {
            guard let event = event(at: position) else { continue }
            guard let text = StreamEventText(event, filter: activeFilter) else { continue }
            let unfolded = isUnfolded(position, lineCount: text.lines.count)
            var first = gutter(event, glyphs: glyphs)
            first.append(text.lines.count == 1 ? "  " : unfolded ? "▾ " : "▸ ", .dim)
            first.append(styled(unfolded ? text.lines[0] : text.folded))
            first = first.truncated(to: width)
            lines.append(position == selected ? first.highlighted(focused ? .selected : .selectedUnfocused) : first)
            if unfolded {
                for line in text.lines.dropFirst() {
                    var row = StyledLine(indent + "  ")
                    row.append(styled(line))
                    lines.append(row.truncated(to: width))
                }
            }
        }
        // While following, the newest rows end at the bottom.
        return isFollowing ? Array(lines.suffix(height)) : Array(lines.prefix(height))
    }

    /// `Stream · 1,204 events · 38/s · following` (`rate` while it runs; a session counts
    /// its messages both ways).
    package func title(rate: Double?) -> String {
        var parts = ["Stream", "\(lastSequence.groupedDigits) \(noun(lastSequence))"]
        if let rate, ending == nil { parts.append("\(Self.rateText(rate))/s") }
        if let pausedAt {
            parts.append("paused" + (lastSequence > pausedAt ? " (\(unseenWhilePaused.groupedDigits) new)" : ""))
        } else if ending == nil || !isFollowing {
            parts.append(isFollowing ? "following" : "scrolled — G follows")
        }
        if let ending { parts.append(ending) }
        return parts.joined(separator: " · ")
    }

    /// `event 1,180/1,204 · 3,010 earlier let go (keeps 2,000) · $.n · match 2/17`.
    package var positionText: String {
        var parts: [String] = []
        if let cursorIndex { parts.append("\(kindNoun) \((cursorIndex + 1).groupedDigits)/\(shownCount.groupedDigits)") }
        if letGo > 0 { parts.append("\(letGo.groupedDigits) earlier let go (keeps \(capacity.groupedDigits))") }
        if let filterError {
            parts.append("filter: \(filterError)")
        } else if !filterText.isEmpty {
            parts.append("filter \(filterText)")
        }
        if let search { parts.append(shownMatchCount == 0 ? "no match for \"\(search.query)\"" : "\(shownMatchCount.groupedDigits) matching") }
        return parts.joined(separator: " · ")
    }

    /// `  +1.234s tick          17  `: the columns before an event's data; a session's
    /// messages have their direction instead, `→` sent and `←` received.
    private func gutter(_ event: StreamEvent, glyphs: Glyphs) -> StyledLine {
        var line = StyledLine(" ")
        // Milliseconds for the first 1,000 seconds; tenths after, so the column keeps its width
        // (right-aligned, its digits line up).
        let time = String(format: event.elapsed < 1000 ? "+%.3fs" : "+%.1fs", event.elapsed)
        line.append(String(repeating: " ", count: max(0, 9 - time.count)) + time + " ", .dim)
        if showsDirections {
            let arrow = event.direction.map { Self.arrow($0, glyphs: glyphs) } ?? ""
            line.append(DisplayWidth.padded(arrow, to: Self.arrow(.sent, glyphs: glyphs).count + 1), event.direction == .sent ? .accent : .success)
        }
        if nameWidth > 0 {
            line.append(DisplayWidth.padded(DisplayWidth.truncated(event.name ?? "", to: nameWidth), to: nameWidth + 1), .accent)
        }
        if idWidth > 0 {
            line.append(DisplayWidth.padded(DisplayWidth.truncated(event.id ?? "", to: idWidth), to: idWidth + 1), .dim)
        }
        return line
    }

    /// A message's direction: `→` sent, `←` received (`->`, `<-` in ASCII, apart from the
    /// fold marker's `>`).
    static func arrow(_ direction: StreamEvent.Direction, glyphs: Glyphs) -> String {
        switch direction {
        case .sent: glyphs.isUnicode ? "→" : "->"
        case .received: glyphs.isUnicode ? "←" : "<-"
        }
    }

    /// Columns before the fold marker.
    private func gutterWidth(_ glyphs: Glyphs) -> Int {
        11 + (showsDirections ? Self.arrow(.sent, glyphs: glyphs).count + 1 : 0) + (nameWidth > 0 ? nameWidth + 1 : 0) + (idWidth > 0 ? idWidth + 1 : 0)
    }

    /// A line's content coloured, the search's matches laid over it.
    private func styled(_ line: StreamEventText.Line) -> StyledLine {
        var result = StyledLine(line.indentation)
        result.spans.append(contentsOf: line.runs.overlaid(with: matchRuns(in: line.bytes)).spans(of: line.bytes))
        return result
    }

    private func matchRuns(in bytes: [UInt8]) -> [StyleRun] {
        guard let search, !bytes.isEmpty else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        var runs: [StyleRun] = []
        var from = text.startIndex
        let options: String.CompareOptions = search.caseInsensitive ? [.caseInsensitive] : []
        while let found = text.range(of: search.query, options: options, range: from..<text.endIndex) {
            let lower = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
            let upper = text.utf8.distance(from: text.startIndex, to: found.upperBound)
            runs.append(StyleRun(range: lower..<upper, style: .match))
            from = found.upperBound
            if found.isEmpty { break }
        }
        return runs
    }

    private var emptyText: String {
        if filterError != nil || !filterText.isEmpty { return " No event has \(filterText) — f changes the filter, an empty one clears it." }
        return ending == nil ? " Waiting for the first \(kindNoun)…" : " The stream ended without \(kindNoun)s."
    }

    /// `event`, `line`, `chunk` or `message`.
    private var kindNoun: String {
        switch kind {
        case .line?: "line"
        case .chunk?: "chunk"
        case .message?: "message"
        default: "event"
        }
    }

    private func noun(_ count: Int) -> String {
        kindNoun + (count == 1 ? "" : "s")
    }

    private static func rateText(_ value: Double) -> String {
        value >= 10 || value == 0 ? Int(value.rounded()).groupedDigits : String(format: "%.1f", value)
    }
}
