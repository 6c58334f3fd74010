import CourierWorkspace
import Foundation

extension AppModel {
    /// The Events pane: the lifecycle log, newest at the bottom, failures highlighted.
    func eventsPane(in rect: Rect, frame: inout Frame) -> PaneFrame {
        let focused = focus == .events
        let content = rect.inner
        var lines: [StyledLine] = []
        if let filterLine = paneFilterLine(.events, text: eventLog.filter, at: content, frame: &frame) { lines.append(filterLine) }
        let log = eventLog
        eventLog.scroll = appendList(to: &lines, pane: .events, in: content, count: log.shown.count, selection: log.selection,
                                     scroll: log.scroll,
                                     empty: log.entries.isEmpty ? "No events yet: every request, batch and chain you start is logged here."
                                         : "No event matches the filter.") { index in
            eventLine(log.shown[index], width: content.width)
        }
        var extra = log.entries.isEmpty ? "" : "· \(log.entries.count)"
        if log.isPaused { extra += " · paused" + (log.held.isEmpty ? "" : ", \(log.held.count) new") }
        return PaneFrame(pane: .events, rect: rect, title: title(.events, extra, focused: focused), isFocused: focused, lines: lines,
                         badge: log.isPaused ? StyledLine("p resumes", .warning) : nil)
    }

    private func eventLine(_ entry: EventLog.Entry, width: Int) -> StyledLine {
        let style: Style = switch entry.kind {
        case .failed: .failure
        case .cancelled: .warning
        case .fromCache: .badge
        case .finished: .success
        case .started, .progress: .dim
        }
        var line = StyledLine(" ")
        let milliseconds = width >= 60 ? String(format: ".%03d", Int(entry.date.timeIntervalSince1970 * 1000) % 1000) : ""
        line.append(Self.clockTime(entry.date) + milliseconds + " ", .dim)
        line.append(DisplayWidth.padded(entry.kind.rawValue, to: 11), style)
        if width >= 70 { line.append(DisplayWidth.padded(entry.subjectKind, to: 8), .dim) }
        line.append(DisplayWidth.padded(DisplayWidth.truncated(entry.subject, to: 17), to: 18), entry.kind == .failed ? .failure : .plain)
        var details: [String] = []
        if let percent = entry.percent { details.append("\(percent)%") }
        if let status = entry.status { details.append("\(status)") }
        if let code = entry.errorCode { details.append("error \(code)") }
        if let duration = entry.duration { details.append(TimingWaterfall.milliseconds(duration)) }
        line.append(details.joined(separator: "  "), entry.kind == .failed ? .failure : .dim)
        return line.truncated(to: width)
    }

    /// `!`: the newest failure toast's event, in the Events pane.
    func showLastFailure() {
        guard let event = toasts.last(where: { $0.event != nil && $0.style == .failure })?.event
                ?? eventLog.entries.last(where: { $0.kind == .failed })?.id else {
            say("no failure to show", .info)
            return
        }
        if eventLog.select(id: event) {
            focus = .events
        } else {
            say("that event is no longer in the log", .warning)
        }
    }
}
