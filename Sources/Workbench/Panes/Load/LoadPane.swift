import CourierWorkspace
import Courier
import Foundation

/// The Load pane: a load run of a request, batch or chain (`L` asks for its settings, see
/// ``LoadSettings``), live — requests a second as a sparkline, latency percentiles and their
/// histogram, errors by code, statuses, connections, in flight, a batch's or chain's steps —
/// and the past load runs of the selected request, batch or chain from the history. `x` stops
/// the run, keeping what completed; Enter shows a past run, `c` compares the run shown with the
/// selected past one. The cursor goes up from the past runs into the statuses and errors,
/// where Enter opens the sample exchanges kept of that outcome (`[` `]` go through them).
///
/// The run goes on in a task of its own. Once a second ``tick(_:context:)`` asks for its figures,
/// which are worked out off the input loop (percentiles of several histograms take
/// milliseconds: a key pressed then would wait for them) and come back through the mailbox,
/// as does the run's end. Drawing never reads the run.
final class LoadPane: Pane {
    let scope = KeyMap.Scope.load

    /// A run this pane started.
    struct ActiveRun {
        var id: Int
        var run: LoadRun
        var started: Date
        /// Its final figures, once it ended.
        var final: LoadResult?
        /// Why it could not start.
        var failure: String?
        /// A find-max run's search so far (`slo=`), step by step.
        var knee: LoadKnee?
        var isRunning: Bool { final == nil && failure == nil }
    }

    private unowned let source: any RequestsSource & ExchangeSource
    /// What the user selected in Requests.
    private unowned let selection: any SelectionSource
    /// The run going on, or the last one started.
    private(set) var active: ActiveRun?
    /// What the view shows: the active run's latest figures, or a past run (``showsLive`` false).
    private(set) var shown: LoadResult?
    private(set) var showsLive = false
    /// The past load runs of ``pastTarget``, newest first, as the history last gave them.
    private(set) var past: [LoadRunSummary] = []
    private(set) var pastTarget: String?
    var cursor = ListCursor()
    /// The status or error row selected (a ``LoadView/OutcomeRow`` id), or nil while the past
    /// runs' list has the cursor.
    var selectedOutcome: String?
    /// The sample exchanges open over the view (Enter on a status or error row).
    var openSamples: OpenSamples?
    /// The past run the shown one is compared with (`c`; Esc drops it).
    private(set) var baseline: LoadResult?
    /// When ``tick(_:context:)`` next reads the active run's figures.
    private(set) var nextSample: Date?
    /// How many times the figures were asked for: once a second while a run goes on, never per frame.
    private(set) var samples = 0
    /// Whether figures asked for have not come back yet (no second read is asked for meanwhile).
    private(set) var reading = false
    /// The settings line last used for each target, offered again.
    private var lines: [String: String] = [:]
    /// The target the open settings prompt is for.
    private var asked: String?
    private var nextRunID = 1

    init(environment: PaneEnvironment) {
        source = environment.source
        selection = environment.selection
    }

    /// The name of the request, batch or chain selected in Requests.
    private var selectedTarget: String? {
        switch selection.tree.selectedNode {
        case .batch(let name)?, .chain(let name)?: return name
        case let node?: return node.requestName
        case nil: return nil
        }
    }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .loadTest:
            return askSettings()
        case .stopLoad:
            guard let active, active.isRunning else { return [] }
            active.run.stop()
            return [.say("stopping the load run of \(active.run.name): the figures keep what completed", .warning)]
        case .loadFaster, .loadSlower, .loadPause:
            return control(action)
        case .showLoadRun where selectedOutcome != nil:
            return openSelectedSamples()
        case .nextSample, .previousSample:
            turnSample(forward: action == .nextSample)
        case .showLoadRun, .compareLoadRuns:
            guard past.indices.contains(cursor.selection) else { return [] }
            if action == .compareLoadRuns {
                guard let shown else { return [.say("nothing shown to compare: Enter shows a past run, L starts one", .info)] }
                if shown.id == past[cursor.selection].id { return [.say("that is the run shown: select another to compare with", .info)] }
            }
            read(past[cursor.selection].id, forComparison: action == .compareLoadRuns)
        default:
            if openSamples != nil {
                scrollSample(action, context: context)
            } else if !moveAmongOutcomes(action, context: context) {
                _ = cursor.perform(action, height: pastRows(context))
            }
        }
        return []
    }

    /// `+`, `-` and `p` on the running run: the change is marked on its timeline, and said.
    private func control(_ action: Action) -> [PaneWork] {
        guard let active, active.isRunning else { return [] }
        let control: LoadControl = action == .loadFaster ? .faster : action == .loadSlower ? .slower
            : active.run.level == 0 ? .resume : .pause
        guard let change = active.run.control(control) else {
            return [.say("the load run of \(active.run.name) is not sending yet: its level changes once it runs", .info)]
        }
        // The view shows the change at once rather than at the next second's figures.
        if showsLive, var shown {
            shown.marks = (shown.marks ?? []) + [LoadMark(second: shown.seconds, text: change.text)]
            shown.level = change.after
            self.shown = shown
        }
        return [.say("load run of \(active.run.name): \(change.text)", change.after == 0 ? .warning : .info)]
    }

    func escape() -> Bool {
        if openSamples != nil {
            openSamples = nil
            return true
        }
        guard baseline != nil else { return false }
        baseline = nil
        return true
    }

    func disabledReason(for action: Action) -> String? {
        switch action {
        case .stopLoad, .loadFaster, .loadSlower, .loadPause: return active?.isRunning == true ? nil : "no load run is going on"
        case .showLoadRun: return past.isEmpty && selectedOutcome == nil ? "no past load run of this one" : nil
        case .compareLoadRuns: return past.isEmpty ? "no past load run of this one" : nil
        case .nextSample, .previousSample: return openSamples == nil ? "no sample exchange is open: Enter on a status or error row" : nil
        default: return nil
        }
    }

    /// `L`: the prompt for the settings of a run of the selected request, batch or chain.
    private func askSettings() -> [PaneWork] {
        guard let target = selectedTarget else { return [.say("L load-tests a request, batch or chain: select one in Requests", .info)] }
        if let active, active.isRunning {
            return [.say("a load run of \(active.run.name) is going on: x in Load (8) stops it", .warning)]
        }
        asked = target
        var editor = LineEditor()
        editor.insert(lines[target] ?? LoadSettings.standard)
        let kind = source.workspace.batches[target] != nil ? "batch" : source.workspace.chains[target] != nil ? "chain" : "request"
        return [.prompt(Prompt(title: "Load run of \(kind) \(target) · c= or r=/s, d= or n=, w=, ramp=, stages=30s:100/s,…, or slo=p99<50ms to find the max",
                               editor: editor, purpose: .pane(.load, purpose: "start")))]
    }

    func answer(_ purpose: String, text: String, context: PaneContext) -> PromptAnswer {
        guard purpose == "start", let target = asked else { return .done([]) }
        let plan: LoadPlan
        let search: LoadKneeFinder?
        switch LoadSettings.parse(text) {
        case .success(let parsed): (plan, search) = parsed
        case .failure(let problem): return .refused(problem.message)
        }
        let run: LoadRun
        do throws(WorkspaceError) {
            run = try LoadRun(runner: source.engine.runner, name: target, plan: plan)
        } catch {
            return .refused(error.description)
        }
        // A search's line is offered as typed: its plan is the search's ceiling, not what was asked.
        lines[target] = search == nil ? LoadSettings.line(of: plan) : text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        start(run, search: search, now: context.now)
        if pastTarget != target { list(target) }
        var work: [PaneWork] = [.focus(.load)]
        let edited = ([target] + source.workspace.members(ofBatch: target).map(\.name)).filter(source.hasUnsavedEdit)
        if !edited.isEmpty {
            work.append(.say("the load run sends \(edited.joined(separator: ", ")) as saved in the file: w saves the edits", .warning, seconds: 6))
        }
        return .done(work)
    }

    /// Starts `run` in a task of its own (driven by `search` for a find-max run); its end, and
    /// each step the search judges, come back through the mailbox.
    private func start(_ run: LoadRun, search: LoadKneeFinder?, now: Date) {
        let id = nextRunID
        nextRunID += 1
        active = ActiveRun(id: id, run: run, started: now, knee: search.map { LoadKnee(slo: $0.slo.text) })
        shown = run.snapshot()
        shown?.knee = active?.knee
        reading = false
        showsLive = true
        baseline = nil
        selectedOutcome = nil
        openSamples = nil
        nextSample = now.addingTimeInterval(1)
        let mailbox = source.mailbox
        mailbox.post(.loadRunStarted(run: id, run, slo: search?.slo.text))
        var search = search
        search?.progress = { knee in mailbox.post(.paneResult(.load, BackgroundResult.searched(run: id, knee))) }
        Task.detached { [search] in
            let finding = search.map { finder in Task { await finder.drive(run) } }
            do throws(LoadRunError) {
                var result = try await run.run()
                if let finding {
                    result.knee = await finding.value
                    // The search ends the run when it is done: not stopped early, unless x came first.
                    if result.knee?.complete == true { result.stopped = false }
                }
                mailbox.post(.loadRunEnded(run: id, .success(result)))
            } catch {
                finding?.cancel()
                mailbox.post(.loadRunEnded(run: id, .failure(error)))
            }
        }
    }

    /// Asks for the running run's figures when a second has passed since the last ask; they
    /// are worked out on another thread and arrive as ``EngineUpdate/loadRunSampled(run:_:)``.
    func tick(_ tick: PaneTick, context: PaneContext) -> [PaneWork] {
        sampleIfDue(now: context.now)
        return []
    }

    private func sampleIfDue(now: Date) {
        guard let active, active.isRunning, let due = nextSample, due <= now else { return }
        nextSample = now.addingTimeInterval(1)
        guard showsLive, !reading else { return }
        samples += 1
        reading = true
        let (run, id, mailbox) = (active.run, active.id, source.mailbox)
        DispatchQueue.global().async { mailbox.post(.paneResult(.load, BackgroundResult.sampled(run: id, run.snapshot()))) }
    }

    /// When the loop must wake up for the next read (nil: no run is going on).
    var nextWake: Date? { active?.isRunning == true ? nextSample : nil }

    var isWorking: Bool { active?.isRunning == true }

    var busySummary: String? {
        guard let active, active.isRunning else { return nil }
        return "load run of \(active.run.name): \(active.run.inFlight) in flight"
    }

    var isEmpty: Bool { active == nil && past.isEmpty }

    func apply(_ update: EngineUpdate, context: PaneContext) -> [PaneWork] {
        switch update {
        case .loadRunEnded(let id, let outcome):
            guard var ended = active, ended.id == id else { return [] }
            nextSample = nil
            switch outcome {
            case .success(let result):
                ended.final = result
                active = ended
                if showsLive { shown = result }
                save(result, run: id)
                return [.say(LoadPane.summary(of: result), result.errorRate > 0 ? .warning : .success, seconds: 6)]
            case .failure(let error):
                ended.failure = error.message
                active = ended
                if showsLive { shown = nil }
                return [.say("the load run of \(ended.run.name) could not start: \(error.message)", .failure, seconds: 8)]
            }
        default:
            break
        }
        return []
    }

    /// What the pane's work off the input loop found.
    enum BackgroundResult: Sendable {
        /// The figures of run `run` so far.
        case sampled(run: Int, LoadResult)
        /// The history's load runs of a target, newest first; `saved`, the id run `run` was
        /// saved under, when this listing follows its save.
        case listed(target: String, runs: [LoadRunSummary], saved: (run: Int, id: Int64)?)
        /// A past load run read whole, to show or to compare the shown one with.
        case read(LoadResult, forComparison: Bool)
        /// Run `run`'s find-max search after its latest step.
        case searched(run: Int, LoadKnee)
    }

    func receive(_ result: any Sendable, context: PaneContext) -> [PaneWork] {
        switch result as? BackgroundResult {
        case .sampled(let id, let figures)?:
            guard let running = active, running.id == id else { return [] }
            reading = false
            // Figures read before the run ended do not replace its final ones.
            if running.isRunning, showsLive {
                shown = figures
                shown?.knee = running.knee
            }
        case .searched(let id, let knee)?:
            guard active?.id == id, active?.isRunning == true else { return [] }
            active?.knee = knee
            if showsLive { shown?.knee = knee }
        case .listed(let target, let runs, let saved)?:
            if let saved, saved.run == active?.id {
                active?.final?.id = saved.id
                if showsLive { shown?.id = saved.id }
            }
            guard target == pastTarget else { return [] }
            // A run just saved is selected: it is the one shown, and up from it are its outcomes.
            let selected = saved.map(\.id) ?? (past.indices.contains(cursor.selection) ? past[cursor.selection].id : nil)
            past = runs
            cursor.reset(count: runs.count, selecting: runs.firstIndex { $0.id == selected } ?? 0)
        case .read(let result, let forComparison)?:
            if forComparison {
                baseline = result
            } else {
                shown = result
                showsLive = false
                baseline = nil
                selectedOutcome = nil
                openSamples = nil
            }
        default:
            break
        }
        return []
    }

    func selectionChanged(context: PaneContext) -> [PaneWork] {
        guard active?.isRunning != true, let target = selectedTarget, target != pastTarget else { return [] }
        if shown?.target != target {
            shown = nil
            showsLive = false
            baseline = nil
        }
        list(target)
        return []
    }

    // MARK: - History

    /// Reads the past load runs of `target` off the input loop.
    private func list(_ target: String) {
        pastTarget = target
        past = []
        cursor.reset(count: 0, selecting: 0)
        guard let history = source.engine.history else { return }
        let path = history.context.workspacePath
        let mailbox = source.mailbox
        history.read({ store in try store.loadRuns(workspacePath: path, target: target) }, deliver: { runs in
            mailbox.post(.paneResult(.load, BackgroundResult.listed(target: target, runs: runs, saved: nil)))
        })
    }

    /// Saves a finished run in the history (when something was measured), then lists its
    /// target's runs again.
    private func save(_ result: LoadResult, run: Int) {
        guard result.requests > 0, let history = source.engine.history else { return }
        let path = history.context.workspacePath
        let retention = history.context.retention
        let mailbox = source.mailbox
        history.read({ store in
            let id = try store.saveLoadRun(result, workspacePath: path, retention: retention)
            return (id, try store.loadRuns(workspacePath: path, target: result.target))
        }, deliver: { saved in
            mailbox.post(.paneResult(.load, BackgroundResult.listed(target: result.target, runs: saved.1, saved: (run, saved.0))))
        })
    }

    /// Reads a past run whole, to show it or to compare the shown one with it.
    private func read(_ id: Int64, forComparison: Bool) {
        guard let history = source.engine.history else { return }
        let mailbox = source.mailbox
        history.read({ store in try store.loadRun(id: id) }, deliver: { result in
            if let result { mailbox.post(.paneResult(.load, BackgroundResult.read(result, forComparison: forComparison))) }
        })
    }

    /// A finished run in a sentence: `load run of orders done: 1,000 requests, 812/s, p99 4.1 ms`.
    static func summary(of result: LoadResult) -> String {
        let state = result.stopped ? "stopped" : "done"
        return "load run of \(result.target) \(state): " + LoadFigures.headline(of: result).joined(separator: ", ")
    }
}
