import CourierWorkspace
import Courier
import Foundation

/// The Events pane: the lifecycle log of every request, batch and chain — started, progress
/// at each quarter, from cache, finished, failed, cancelled — newest at the bottom, failures
/// highlighted; a filter (`f`) and pause (`p`).
final class EventsPane: FilteringPane, EventLogging {
    let scope = KeyMap.Scope.events

    init(environment: PaneEnvironment) {}
    private(set) var log = EventLog()
    var filter = TypedFilter()
    /// The list the kit filters, moves and clicks (``FilteringPane``).
    var rows: EventLog {
        get { log }
        _modify { yield &log }
    }
    /// The last progress share logged for each request in flight (25, 50, 75).
    private var progressMilestones: [ObjectIdentifier: Int] = [:]
    /// The entry the last stopped request, batch or chain made (toasts link to it).
    private(set) var lastStopEvent: Int?
    /// The Load pane's runs that started and have not ended, by their number there: what
    /// their end is logged under.
    var loadRunsGoing: [Int: String] = [:]

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .filter:
            beginFilter()
        case .pauseLog:
            log.togglePause()
        case .open:
            guard let entry = log.list.selected else { return [] }
            if entry.subjectKind == "load" { return [.focus(.load)] }
            guard entry.subjectKind == "request" else {
                return [.say("\(entry.subject) is a \(entry.subjectKind): its runs are in the Runs pane (5)", .info)]
            }
            return [.showResponse(request: entry.subject, sent: nil)]
        default:
            moveList(action, context: context)
        }
        return []
    }

    /// `!`: selects the entry `id` (a failure toast's), or the newest failure's, and takes the
    /// focus; says so when there is none or it is no longer kept. A contract read when the
    /// workspace was: logged, with what it took.
    func hear(_ message: PaneMessage, context: PaneContext) -> [PaneWork] {
        if case .contractRead(let read) = message {
            log.append(EventLog.Entry(id: 0, date: context.now, kind: .finished, subjectKind: "contract", subject: read.file,
                                      duration: read.seconds, note: read.note))
            return []
        }
        guard case .showEvent(let wanted) = message else { return [] }
        guard let id = wanted ?? log.entries.last(where: { $0.kind == .failed })?.id else {
            return [.say("no failure to show", .info)]
        }
        _ = filter.clear()
        return log.select(id: id, height: listHeight(context)) ? [.focus(Self.id)] : [.say("that event is no longer in the log", .warning)]
    }

    // MARK: - News

    func apply(_ update: EngineUpdate, context: PaneContext) -> [PaneWork] {
        switch update {
        case .started(let subject):
            let subject = context.describe(subject)
            log.append(EventLog.Entry(id: 0, date: context.now, kind: .started, subjectKind: subject.kind, subject: subject.name))
        case .stopped(let subject):
            lastStopEvent = logStop(of: subject, context: context)
        case .progress(let request, let progress):
            logProgress(progress, of: request, context: context)
        case .loadRunStarted, .loadRunEnded:
            logLoadRun(update, context: context)
        default:
            break
        }
        return []
    }

    private func logStop(of subject: LifecycleSubject, context: PaneContext) -> Int {
        let described = context.describe(subject)
        var entry = EventLog.Entry(id: 0, date: context.now, kind: .finished, subjectKind: described.kind, subject: described.name,
                                   duration: described.duration)
        switch subject {
        case .request(let request):
            progressMilestones[ObjectIdentifier(request)] = nil
            if request.isCancelled {
                entry.kind = .cancelled
            } else if request.error != nil {
                entry.kind = .failed
            } else if (request as? CachedRequest)?.isDataFromCache == true {
                entry.kind = .fromCache
            }
            if let call = request.grpcStatus, !request.isCancelled {
                // A gRPC call answers HTTP 200 whatever happened: its status says how it ended.
                entry.callStatus = call.code.outcome
                if !call.message.isEmpty { entry.note = call.message }
            } else {
                entry.status = request.response?.statusCode
                if !request.isCancelled { entry.errorCode = request.error?.code.rawValue }
            }
        case .batch(let batch):
            if !batch.failedRequests.isEmpty {
                entry.kind = .failed
            } else if batch.snapshot.states.contains(.cancelled) {
                entry.kind = .cancelled
            }
        case .chain(let chain):
            if chain.failedRequest != nil {
                entry.kind = .failed
            } else if chain.snapshot.steps.contains(where: { $0.state == .cancelled }) {
                entry.kind = .cancelled
            }
        }
        return log.append(entry)
    }

    /// Logs a transfer crossing a quarter of its expected length (25, 50, 75 %).
    private func logProgress(_ progress: TransferProgress, of request: Request, context: PaneContext) {
        guard let expected = progress.expectedBytesToReceive, expected > 0 else { return }
        let percent = Int(100 * progress.bytesReceived / expected) / 25 * 25
        let key = ObjectIdentifier(request)
        guard percent >= 25, percent < 100, percent > progressMilestones[key] ?? 0 else { return }
        progressMilestones[key] = percent
        log.append(EventLog.Entry(id: 0, date: context.now, kind: .progress, subjectKind: "request",
                                  subject: context.describe(.request(request)).name, percent: percent))
    }

    // MARK: - Drawing

    func render(context: PaneContext) -> PaneRender {
        let content = context.content
        var lines: [StyledLine] = []
        let cursor = appendFilterRow(to: &lines, in: content)
        let log = self.log
        let height = listHeight(context)
        // The names' column is as wide as the longest name on screen needs, up to its cap: the
        // status and the time stay in sight beside short names.
        let longest = log.list.cursor.window(height: height).map { DisplayWidth.of(Self.subject(of: log.list.shown[$0], width: content.width)) }.max() ?? 0
        let subjectWidth = min(Self.subjectWidth(content.width), longest)
        lines += ListView.lines(log.list.cursor, height: height, width: content.width, focused: context.isFocused,
                                empty: log.entries.isEmpty ? "No events yet: every request, batch and chain you start is logged here."
                                    : "No event matches the filter.") { index in
            Self.line(log.list.shown[index], width: content.width, subjectWidth: subjectWidth, glyphs: context.glyphs)
        }
        var extra = log.entries.isEmpty ? "" : "· \(log.entries.count)"
        if log.isPaused { extra += " · paused" + (log.held.isEmpty ? "" : ", \(log.held.count) new") }
        let frame = PaneFrame(pane: .events, rect: context.rect, title: context.title(.events, extra), isFocused: context.isFocused,
                              lines: lines, badge: log.isPaused ? StyledLine("p resumes", .warning) : nil)
        return PaneRender(frame: frame, cursor: cursor)
    }

    /// Names to 24 characters from a 40-column pane (the default layout at 120×40); a wide
    /// pane (zoomed, or a wide screen) gives them 30: `oauth2 token from auth.example`.
    private static func subjectWidth(_ width: Int) -> Int {
        width >= 100 ? 30 : width >= 40 ? 24 : 17
    }

    /// What an entry is about; without the kind's column, a load run's and a contract's
    /// entries still say what they are.
    private static func subject(of entry: EventLog.Entry, width: Int) -> String {
        width < 70 && ["load", "contract"].contains(entry.subjectKind) ? "\(entry.subjectKind) \(entry.subject)" : entry.subject
    }

    private static func line(_ entry: EventLog.Entry, width: Int, subjectWidth: Int, glyphs: Glyphs) -> StyledLine {
        let style: Style = switch entry.kind {
        case .failed: .failure
        case .cancelled: .warning
        case .fromCache: .badge
        case .finished: .success
        case .started, .progress: .dim
        }
        var line = StyledLine(" ")
        let milliseconds = width >= 60 ? String(format: ".%03d", Int(entry.date.timeIntervalSince1970 * 1000) % 1000) : ""
        line.append(ClockText.time(entry.date) + milliseconds + " ", .dim)
        // A narrow pane says what happened with a mark, so that names keep their room.
        if width >= 60 {
            line.append(DisplayWidth.padded(entry.kind.rawValue, to: 11), style)
        } else {
            line.append(Self.mark(of: entry.kind, glyphs: glyphs) + " ", style)
        }
        if width >= 70 { line.append(DisplayWidth.padded(entry.subjectKind, to: 9), .dim) }
        line.append(DisplayWidth.padded(DisplayWidth.truncated(Self.subject(of: entry, width: width), to: subjectWidth), to: subjectWidth + 1),
                    entry.kind == .failed ? .failure : .plain)
        var details: [String] = []
        if let percent = entry.percent { details.append("\(percent)%") }
        if let status = entry.callStatus ?? entry.status.map({ "\($0)" }) { details.append(status) }
        if let code = entry.errorCode { details.append("error \(code)") }
        if let duration = entry.duration { details.append(TimingWaterfall.milliseconds(duration)) }
        if let note = entry.note { details.append(note) }
        line.append(details.joined(separator: "  "), entry.kind == .failed ? .failure : .dim)
        return line.truncated(to: width)
    }

    /// One column for what happened, in a narrow pane.
    private static func mark(of kind: EventLog.Entry.Kind, glyphs: Glyphs) -> String {
        switch kind {
        case .started: glyphs.collapsed
        case .progress: glyphs.pending
        case .finished: glyphs.success
        case .fromCache: glyphs.bullet
        case .failed: glyphs.failure
        case .cancelled: glyphs.cancelled
        }
    }
}
