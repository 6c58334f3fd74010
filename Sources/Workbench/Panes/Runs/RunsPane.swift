import CourierWorkspace
import Courier
import Foundation

/// The Runs pane: every batch and chain of this session, newest first; the open one's
/// requests (a batch) or steps as a graph (a chain), with states, durations, captures and
/// conditions — and, in step mode, what the next step will send and the keys that drive it.
final class RunsPane: Pane {
    let scope = KeyMap.Scope.runs

    init(environment: PaneEnvironment) {
        synced = RunHistory(log: environment.source.runs)
    }

    private var synced: RunHistory
    /// The session's runs as this pane's tree, brought up to date with the log when read: a
    /// run just started is opened and selected.
    var history: RunHistory {
        get {
            synced.sync()
            return synced
        }
        _modify {
            synced.sync()
            yield &synced
        }
    }
    var isEmpty: Bool { history.runs.isEmpty }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .open: return openSelected()
        case .nextStep, .continueChain, .retryStep, .skipStep, .stopRun: return stepControl(action)
        default:
            history.perform(action, height: listHeight(context))
            return []
        }
    }

    func click(contentRow row: Int, context: PaneContext) -> [PaneWork] {
        history.click(windowRow: row, height: listHeight(context))
        return []
    }

    /// The list's height: the content, less the step-mode line when a paused run is selected.
    private func listHeight(_ context: PaneContext) -> Int {
        max(0, context.content.height - (history.selectedRun?.pausedStep == nil ? 0 : 1))
    }

    /// Enter: a run's row runs it again; a request's row shows that request's response from
    /// this run.
    private func openSelected() -> [PaneWork] {
        guard let row = history.selectedRow, let run = history.selectedRun else { return [] }
        switch (row, run.kind) {
        case (.run, _):
            return [.rerun(run)]
        case (.item(_, let index, _), .batch(let batch, let names)):
            return [.showResponse(request: names[index], sent: batch.requests[index])]
        case (.members(_, let first, let count), .batch(let batch, let names)):
            let index = Self.memberToShow(batch.snapshot.states[first..<(first + count)]) ?? first
            return [.showResponse(request: names[index], sent: batch.requests[index])]
        case (.members, .chain):
            return []
        case (.item(_, let step, let member), .chain(_, let definition, _)):
            let request = run.chainSnapshot.flatMap { $0.steps.indices.contains(step) ? $0.steps[step].requests[member] : nil }
            return [.showResponse(request: definition.steps[step].items[member].request.name, sent: request)]
        }
    }

    /// Of a row of like requests, the one whose response says most: the first that failed,
    /// else the last that finished, else the first in flight.
    static func memberToShow(_ states: ArraySlice<GroupItemState>) -> Int? {
        states.firstIndex(of: .failed)
            ?? states.lastIndex { $0.isFinished }
            ?? states.firstIndex(of: .running)
    }

    /// Why a step key does not apply to the selected run now; nil when it does.
    func disabledReason(for action: Action) -> String? {
        guard [.nextStep, .continueChain, .retryStep, .skipStep, .stopRun].contains(action) else { return nil }
        guard let run = history.selectedRun else { return "no run selected: start a chain with S in Requests" }
        if action == .stopRun { return run.isRunning ? nil : "\(run.name) is not running" }
        guard case .chain(let chain, _, _) = run.kind else { return "step keys drive chains; \(run.name) is a batch" }
        guard run.isRunning else { return "\(run.name) has ended: Enter on it runs it again" }
        guard let step = run.pausedStep else {
            return chain.stepMode ? "\(run.name) is running a step: wait for it to pause" : "\(run.name) runs without pausing"
        }
        let failed = step.state == .failed
        switch action {
        case .nextStep where failed: return "step \(step.index + 1) failed: r retries it, > skips it, x stops the chain"
        case .continueChain where failed: return "step \(step.index + 1) failed: r retries it or > skips it first"
        case .retryStep where !failed: return "nothing to retry: step \(step.index + 1) has not run yet (Space runs it)"
        default: return nil
        }
    }

    /// Step mode: next step, continue, retry, skip, stop — or, when the key does not apply,
    /// why not (``disabledReason(for:)``).
    private func stepControl(_ action: Action) -> [PaneWork] {
        if let reason = disabledReason(for: action) {
            let warns = [.nextStep, .continueChain].contains(action) && history.selectedRun?.pausedStep?.state == .failed
            return [.say(reason, warns ? .warning : .info)]
        }
        guard let run = history.selectedRun else { return [] }
        if action == .stopRun {
            run.stop()
            return [.say("stopped \(run.name)", .warning)]
        }
        guard case .chain(let chain, _, _) = run.kind, let step = run.pausedStep else { return [] }
        switch action {
        case .nextStep:
            chain.advance()
        case .continueChain:
            chain.stepMode = false
            chain.advance()
            return [.say("\(run.name) continues to the end without pausing", .info)]
        case .retryStep:
            chain.retry()
        case .skipStep:
            chain.skip()
            return [.say("skipped step \(step.index + 1)", .warning)]
        default:
            break
        }
        return []
    }
}
