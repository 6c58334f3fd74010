import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// The Runs pane: every batch and chain of this session, newest first; the open one's
    /// requests (a batch) or steps as a graph (a chain), with states, durations, captures
    /// and conditions — and, in step mode, what the next step will send.
    func runsPane(in rect: Rect, now: Date) -> PaneFrame {
        let focused = focus == .runs
        let content = rect.inner
        var lines: [StyledLine] = []
        let history = runHistory
        if history.rows.isEmpty {
            lines = Wrapping.lines("No runs yet. Enter on a batch or chain in Requests runs it; S steps through a chain.",
                                   width: max(4, content.width - 2)).map { StyledLine(" " + $0, .dim) }
        } else {
            var next: StyledLine?
            if let run = history.selectedRun, let paused = run.pausedStep { next = nextStepLine(run, step: paused, width: content.width) }
            let height = max(0, content.height - (next == nil ? 0 : 1))
            runHistory.scroll = Self.window(selection: history.selection, scroll: history.scroll, height: height, count: history.rows.count)
            listOrigins[.runs] = (content.row, runHistory.scroll)
            let transferring = Set(inFlight.live.lazy.filter { $0.phase != .queued }.map { ObjectIdentifier($0.request) })
            for index in runHistory.scroll..<min(history.rows.count, runHistory.scroll + height) {
                let highlight: RowHighlight = index == history.selection ? (focused ? .selected : .selectedUnfocused) : .none
                lines.append(runLine(history.rows[index], transferring: transferring, width: content.width, now: now)
                    .highlighted(highlight))
            }
            if let next {
                lines += Array(repeating: StyledLine(), count: max(0, content.height - 1 - lines.count))
                lines.append(next)
            }
        }
        let running = history.runs.filter(\.isRunning).count
        return PaneFrame(pane: .runs, rect: rect, title: title(.runs, running > 0 ? "· \(running) running" : "", focused: focused),
                         isFocused: focused, lines: lines)
    }

    /// `transferring`: the requests past the agent's queue, which a batch shows as in flight
    /// (the rest of its started requests wait in the queue).
    private func runLine(_ row: RunHistory.Row, transferring: Set<ObjectIdentifier>, width: Int, now: Date) -> StyledLine {
        switch row {
        case .run(let id):
            guard let run = runHistory.run(id) else { return StyledLine() }
            return runHeader(run, width: width, now: now)
        case .item(let id, let step, let member):
            guard let run = runHistory.run(id) else { return StyledLine() }
            switch run.kind {
            case .batch(let batch, let names): return batchItem(batch, names: names, index: step, width: width)
            case .chain(_, let definition, let scope):
                return chainItem(run, definition: definition, scope: scope, step: step, member: member, width: width, now: now)
            }
        case .members(let id, let first, let count):
            guard let run = runHistory.run(id), case .batch(let batch, let names) = run.kind else { return StyledLine() }
            return batchMembers(batch, name: names[first], range: first..<(first + count), transferring: transferring, width: width)
        }
    }

    private func runHeader(_ run: RunRecord, width: Int, now: Date) -> StyledLine {
        var line = StyledLine(" ")
        line.append((runHistory.isOpen(run.id) ? glyphs.expanded : glyphs.collapsed) + " ", .dim)
        line.append(runIcon(run, now: now))
        line.append(" " + run.name, .strong)
        switch run.kind {
        case .batch(let batch, _):
            let snapshot = batch.snapshot
            line.append("  batch \(snapshot.finished)/\(snapshot.total)", .dim)
            if batch.continueOnFailure { line.append(" · continues on failure", .dim) }
            if snapshot.failed > 0 { line.append(" · \(snapshot.failed) failed", .failure) }
        case .chain(_, let definition, _):
            let snapshot = run.chainSnapshot
            let done = snapshot?.steps.filter { $0.state.isFinished }.count ?? 0
            line.append("  chain \(done)/\(definition.steps.count)", .dim)
            if let paused = run.pausedStep {
                line.append(paused.state == .failed ? " · failed at step \(paused.index + 1)" : " · paused before step \(paused.index + 1)",
                            paused.state == .failed ? .failure : .warning)
            }
        }
        line.append("  " + TimingWaterfall.milliseconds(run.duration(now: now)), .dim)
        return line.truncated(to: width)
    }

    private func runIcon(_ run: RunRecord, now: Date) -> Span {
        if run.pausedStep != nil { return Span(glyphs.paused, .warning) }
        if run.isRunning { return Span(spinnerFrame(now), .accent) }
        if run.failed { return Span(glyphs.failure, .failure) }
        if case .batch(let batch, _) = run.kind, batch.snapshot.states.contains(.cancelled) { return Span(glyphs.cancelled, .warning) }
        if run.chainSnapshot?.steps.contains(where: { $0.state == .cancelled }) == true { return Span(glyphs.cancelled, .warning) }
        return Span(glyphs.success, .success)
    }

    private func batchItem(_ batch: BatchRequest, names: [String], index: Int, width: Int) -> StyledLine {
        let state = batch.snapshot.states[index]
        let request = batch.requests[index]
        var line = StyledLine("     ")
        line.append(itemIcon(state, request: request))
        line.append(" " + DisplayWidth.padded(names[index], to: 22))
        let row = state == .running ? inFlight.live.first(where: { $0.request === request }) : nil
        if let row, row.phase == .queued {
            line.append("queued", .info)
        } else {
            line.append(outcomeText(state, request: request))
            if let row { line.append("  \(row.phase.rawValue) \(ByteCount.text(Int(row.received)))", .dim) }
        }
        return line.truncated(to: width)
    }

    /// Like requests of a batch in one row: `◐ load-quick ×15  9 ✓ · 6 in flight`, with the
    /// codes of those that failed.
    private func batchMembers(_ batch: BatchRequest, name: String, range: Range<Int>, transferring: Set<ObjectIdentifier>,
                              width: Int) -> StyledLine {
        let states = batch.snapshot.states[range]
        let count = { (state: GroupItemState) in states.lazy.filter { $0 == state }.count }
        let (succeeded, failed, started, stopped) = (count(.succeeded), count(.failed), count(.running), count(.cancelled))
        let running = range.lazy.filter { states[$0] == .running && transferring.contains(ObjectIdentifier(batch.requests[$0])) }.count
        let queued = started - running
        let waiting = range.count - succeeded - failed - started - stopped
        let icon: GroupItemState = started > 0 ? .running : failed > 0 ? .failed : stopped > 0 ? .cancelled
            : waiting > 0 ? .pending : .succeeded
        var line = StyledLine("     ")
        line.append(itemIcon(icon, request: nil))
        line.append(" " + DisplayWidth.padded(DisplayWidth.truncated(name, to: 15) + " ×\(range.count)", to: 22))
        var parts: [Span] = []
        if succeeded > 0 {
            let statuses = Set(range.lazy.filter { states[$0] == .succeeded }.map { batch.requests[$0].responseStatusCode })
            parts.append(Span("\(succeeded) \(glyphs.success)" + (statuses.count == 1 ? " \(statuses.first!)" : ""), .success))
        }
        if running > 0 { parts.append(Span("\(running) in flight", .accent)) }
        if queued > 0 { parts.append(Span("\(queued) queued", .info)) }
        if waiting > 0 { parts.append(Span("\(waiting) waiting", .dim)) }
        if failed > 0 {
            let codes = Set(range.compactMap { batch.requests[$0].error?.code.rawValue }).sorted().map(String.init)
            parts.append(Span("\(failed) \(glyphs.failure) " + codes.joined(separator: ","), .failure))
        }
        if stopped > 0 { parts.append(Span("\(stopped) stopped", .warning)) }
        for (index, part) in parts.enumerated() {
            if index > 0 { line.append(" · ", .dim) }
            line.append(part)
        }
        return line.truncated(to: width)
    }

    /// A chain step's request: the step number, `┬ ├ └` for a parallel group, its state,
    /// duration, captures and condition.
    private func chainItem(_ run: RunRecord, definition: ChainDefinition, scope: VariableScope, step: Int, member: Int,
                           width: Int, now: Date) -> StyledLine {
        let stepDefinition = definition.steps[step]
        let snapshot = run.chainSnapshot?.steps.indices.contains(step) == true ? run.chainSnapshot!.steps[step] : nil
        let state = snapshot?.state ?? .pending
        let notRun = state == .pending && run.chainSnapshot?.isRunning == false
        let request = snapshot?.requests.indices.contains(member) == true ? snapshot!.requests[member] : nil
        var line = StyledLine("     ")
        line.append(member == 0 ? DisplayWidth.padded("\(step + 1)", to: 3) : "   ", .dim)
        if stepDefinition.isParallel {
            let count = stepDefinition.items.count
            line.append(member == 0 ? "┬ " : member == count - 1 ? "└ " : "├ ", .dim)
        }
        line.append(notRun ? Span("–", .dim) : itemIcon(state, request: request))
        line.append(" " + DisplayWidth.padded(stepDefinition.items[member].request.name, to: 16))
        if notRun {
            line.append("not run", .dim)
        } else if state == .skipped {
            line.append("skipped", .dim)
        } else {
            line.append(outcomeText(state, request: request))
        }
        if member == 0, let duration = snapshot?.duration { line.append("  " + TimingWaterfall.milliseconds(duration), .dim) }
        let captures = stepDefinition.items[member].captures.compactMap { capture -> String? in
            guard let value = snapshot?.values[capture.variable] else { return nil }
            let shown = capture.isSecret && !revealsSecrets ? Redaction.placeholder : scope.redact(value)
            return "\(capture.variable)=\(shown)"
        }
        if !captures.isEmpty { line.append("  " + captures.joined(separator: " "), .syntaxString) }
        if member == 0, !stepDefinition.conditions.isEmpty {
            let condition = stepDefinition.conditions.map(\.text).joined(separator: " and ")
            let result = state == .skipped ? " → false" : state.isFinished || state == .running ? " → true" : ""
            line.append("  when \(condition)\(result)", state == .skipped ? .warning : .dim)
        }
        return line.truncated(to: width)
    }

    private func itemIcon(_ state: GroupItemState, request: Request?) -> Span {
        switch state {
        case .pending: return Span(glyphs.pending, .dim)
        case .waitingForAdvance: return Span(glyphs.paused, .warning)
        case .running: return Span(spinnerFrame(Date()), .accent)
        case .succeeded: return Span(glyphs.success, .success)
        case .failed: return Span(glyphs.failure, .failure)
        case .cancelled: return Span(glyphs.cancelled, .warning)
        case .skipped: return Span("~", .dim)
        }
    }

    private func outcomeText(_ state: GroupItemState, request: Request?) -> StyledLine {
        switch state {
        case .pending: return StyledLine("waiting", .dim)
        case .waitingForAdvance: return StyledLine("next", .warning)
        case .running: return StyledLine("in flight", .accent)
        case .succeeded: return StyledLine("\(request?.responseStatusCode ?? 0)", .success)
        case .failed: return StyledLine("\(request?.error.map { "\($0.code.rawValue)" } ?? "failed")", .failure)
        case .cancelled: return StyledLine("stopped", .warning)
        case .skipped: return StyledLine("skipped", .dim)
        }
    }

    /// In step mode: what the step the chain waits at will send, with the captures filled in.
    private func nextStepLine(_ run: RunRecord, step: ChainStepSnapshot, width: Int) -> StyledLine {
        guard case .chain(_, let definition, let scope) = run.kind else { return StyledLine() }
        let keys = step.state == .failed ? "r retry · > skip · x stop" : "Space next · c continue · > skip · x stop"
        let sends = definition.steps[step.index].items.compactMap { item -> String? in
            guard let base = effectiveDefinition(of: item.request.name) else { return nil }
            let request = session.makeRequest(base, scope: scope)
            guard let prepared = try? request.preparedRequest() else { return "\(base.method.rawValue) \(base.url)" }
            return "\(prepared.method.rawValue) \(revealsSecrets ? prepared.url : scope.redact(prepared.url))"
        }
        return StyledLine.build { line in
            line.append(" next: ", .warning)
            line.append(sends.joined(separator: "  ∥  "), .plain)
            line.append("   \(keys)", .dim)
        }.truncated(to: width)
    }
}
