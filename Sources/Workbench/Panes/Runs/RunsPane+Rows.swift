import CourierWorkspace
import Courier
import Foundation

extension RunsPane {
    func render(context: PaneContext) -> PaneRender {
        let content = context.content
        var lines: [StyledLine] = []
        let history = self.history
        if history.rows.isEmpty {
            lines = Wrapping.lines("No runs yet. Enter on a batch or chain in Requests runs it; S steps through a chain.",
                                   width: max(4, content.width - 2)).map { StyledLine(" " + $0, .dim) }
        } else {
            var next: StyledLine?
            if let run = history.selectedRun, let paused = run.pausedStep {
                next = nextStepLine(run, step: paused, width: content.width, context: context)
            }
            let height = max(0, content.height - (next == nil ? 0 : 1))
            lines = ListView.lines(history.cursor, height: height, width: content.width, focused: context.isFocused, empty: "") { index in
                runLine(history.rows[index], width: content.width, context: context)
            }
            if let next {
                lines += Array(repeating: StyledLine(), count: max(0, content.height - 1 - lines.count))
                lines.append(next)
            }
        }
        let running = history.runs.filter(\.isRunning).count
        let frame = PaneFrame(pane: .runs, rect: context.rect, title: context.title(.runs, running > 0 ? "· \(running) running" : ""),
                              isFocused: context.isFocused, lines: lines)
        return PaneRender(frame: frame, cursor: nil)
    }

    private func runLine(_ row: RunHistory.Row, width: Int, context: PaneContext) -> StyledLine {
        switch row {
        case .run(let id):
            guard let run = history.run(id) else { return StyledLine() }
            return runHeader(run, width: width, context: context)
        case .item(let id, let step, let member):
            guard let run = history.run(id) else { return StyledLine() }
            switch run.kind {
            case .batch(let batch, let names): return batchItem(batch, names: names, index: step, width: width, context: context)
            case .chain(_, let definition, let scope):
                return chainItem(run, definition: definition, scope: scope, step: step, member: member, width: width, context: context)
            }
        case .members(let id, let first, let count):
            guard let run = history.run(id), case .batch(let batch, let names) = run.kind else { return StyledLine() }
            return batchMembers(batch, name: names[first], range: first..<(first + count), width: width, context: context)
        }
    }

    private func runHeader(_ run: RunRecord, width: Int, context: PaneContext) -> StyledLine {
        let glyphs = context.glyphs
        var line = StyledLine(" ")
        line.append((history.isOpen(run.id) ? glyphs.expanded : glyphs.collapsed) + " ", .dim)
        line.append(Self.icon(of: run, context: context))
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
        line.append("  " + TimingWaterfall.milliseconds(run.duration(now: context.now)), .dim)
        return line.truncated(to: width)
    }

    private static func icon(of run: RunRecord, context: PaneContext) -> Span {
        let glyphs = context.glyphs
        if run.pausedStep != nil { return Span(glyphs.paused, .warning) }
        if run.isRunning { return Span(glyphs.spinner(at: context.now), .accent) }
        if run.failed { return Span(glyphs.failure, .failure) }
        if case .batch(let batch, _) = run.kind, batch.snapshot.states.contains(.cancelled) { return Span(glyphs.cancelled, .warning) }
        if run.chainSnapshot?.steps.contains(where: { $0.state == .cancelled }) == true { return Span(glyphs.cancelled, .warning) }
        return Span(glyphs.success, .success)
    }

    private func batchItem(_ batch: BatchRequest, names: [String], index: Int, width: Int, context: PaneContext) -> StyledLine {
        let state = batch.snapshot.states[index]
        let request = batch.requests[index]
        var line = StyledLine("     ")
        line.append(Self.itemIcon(state, context: context))
        line.append(" " + DisplayWidth.padded(names[index], to: 22))
        let row = state == .running ? context.transfer(request) : nil
        if let row, row.phase == .queued {
            line.append("queued", .info)
        } else {
            line.append(Self.outcomeText(state, request: request))
            if let row { line.append("  \(row.phase.rawValue) \(ByteCount.text(Int(row.received)))", .dim) }
        }
        return line.truncated(to: width)
    }

    /// Like requests of a batch in one row: `◐ load-quick ×15  9 ✓ · 6 in flight`, with the
    /// codes of those that failed.
    /// Requests past the agent's queue show as in flight; the rest of the started ones wait
    /// in the queue.
    private func batchMembers(_ batch: BatchRequest, name: String, range: Range<Int>, width: Int, context: PaneContext) -> StyledLine {
        let glyphs = context.glyphs
        let states = batch.snapshot.states[range]
        let count = { (state: GroupItemState) in states.lazy.filter { $0 == state }.count }
        let (succeeded, failed, started, stopped) = (count(.succeeded), count(.failed), count(.running), count(.cancelled))
        let running = range.lazy.filter { states[$0] == .running && context.transfer(batch.requests[$0]).map { $0.phase != .queued } ?? false }.count
        let queued = started - running
        let waiting = range.count - succeeded - failed - started - stopped
        let icon: GroupItemState = started > 0 ? .running : failed > 0 ? .failed : stopped > 0 ? .cancelled
            : waiting > 0 ? .pending : .succeeded
        var line = StyledLine("     ")
        line.append(Self.itemIcon(icon, context: context))
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
                           width: Int, context: PaneContext) -> StyledLine {
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
        line.append(notRun ? Span("–", .dim) : Self.itemIcon(state, context: context))
        line.append(" " + DisplayWidth.padded(stepDefinition.items[member].request.name, to: 16))
        if notRun {
            line.append("not run", .dim)
        } else if state == .skipped {
            line.append("skipped", .dim)
        } else {
            line.append(Self.outcomeText(state, request: request))
        }
        if member == 0, let duration = snapshot?.duration { line.append("  " + TimingWaterfall.milliseconds(duration), .dim) }
        let captures = stepDefinition.items[member].captures.compactMap { capture -> String? in
            guard let value = snapshot?.values[capture.variable] else { return nil }
            let shown = capture.isSecret && !context.revealsSecrets ? Redaction.placeholder : scope.redact(value)
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

    private static func itemIcon(_ state: GroupItemState, context: PaneContext) -> Span {
        let glyphs = context.glyphs
        switch state {
        case .pending: return Span(glyphs.pending, .dim)
        case .waitingForAdvance: return Span(glyphs.paused, .warning)
        case .running: return Span(glyphs.spinner(at: context.now), .accent)
        case .succeeded: return Span(glyphs.success, .success)
        case .failed: return Span(glyphs.failure, .failure)
        case .cancelled: return Span(glyphs.cancelled, .warning)
        case .skipped: return Span("~", .dim)
        }
    }

    private static func outcomeText(_ state: GroupItemState, request: Request?) -> StyledLine {
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
    private func nextStepLine(_ run: RunRecord, step: ChainStepSnapshot, width: Int, context: PaneContext) -> StyledLine {
        guard case .chain(_, let definition, let scope) = run.kind else { return StyledLine() }
        let keys = step.state == .failed ? "r retry · > skip · x stop" : "Space next · c continue · > skip · x stop"
        let sends = definition.steps[step.index].items.compactMap { context.preview($0.request.name, scope) }
        return StyledLine.build { line in
            line.append(" next: ", .warning)
            line.append(sends.joined(separator: "  ∥  "), .plain)
            line.append("   \(keys)", .dim)
        }.truncated(to: width)
    }
}
