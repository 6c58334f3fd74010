import Courier
import CourierFormat
import CourierFormatCore
import CourierRunner
import Foundation
import Synchronization

/// A load run of a workspace's request, batch or chain, as `courier load` and the workbench's
/// `L` start it. A request or a batch is rendered once (``LoadTargets``) and sent on the
/// ``LoadDriver``'s fast path; a chain runs whole for each iteration (``ChainLoadIterations``).
/// ``snapshot()`` gives the live figures from any thread; ``stop()`` ends the run with what
/// completed.
public final class LoadRun: Sendable {
    public let runner: WorkspaceRunner
    public let name: String
    public let plan: LoadPlan
    /// "request", "batch" or "chain".
    public let kind: String
    private let target: Workspace.Target

    private struct State {
        var recorder: LoadRecorder?
        var driver: LoadDriver?
        var start: UInt64 = 0
        var stopRequested = false
        var final: LoadResult?
    }

    private let state = Mutex(State())

    /// Throws for a name that is not a request, batch or chain, and for a plan that cannot run.
    public init(runner: WorkspaceRunner, name: String, plan: LoadPlan) throws(WorkspaceError) {
        guard let target = runner.workspace.target(named: name) else { throw runner.workspace.unknownTargetError(name) }
        if let problem = plan.problem { throw WorkspaceError(.invalidValue, at: nil, "load \(name): \(problem)") }
        self.runner = runner
        self.name = name
        self.plan = plan
        self.target = target
        switch target {
        case .request: kind = "request"
        case .batch: kind = "batch"
        case .chain: kind = "chain"
        }
    }

    /// Prepares the requests, runs, and returns the final figures (partial when stopped).
    public func run() async throws(LoadRunError) -> LoadResult {
        await waitForDemoServer()
        let template = emptyResult()
        let driver: LoadDriver
        let recorder: LoadRecorder
        /// The agent's slots before a chain's run raised them, and what it raised them to.
        var slots: (before: Int, raised: Int)?
        switch target {
        case .request, .batch:
            let named: [(String, WorkspaceRequest)]
            if case .batch = target {
                named = runner.workspace.members(ofBatch: name).map { member in
                    (member.row?.label(member.name) ?? member.name, runner.makeRequest(member.name, scope: member.row.map(runner.scope(for:))))
                }
            } else {
                named = [(name, runner.makeRequest(name))]
            }
            let prepared = try await LoadTargets.prepare(named)
            let checks = try Self.checks(of: named.map(\.1), target: name, plan: plan)
            let keeper = LoadExchangeKeeper(steps: named.map(\.0), scopes: named.map(\.1.scope), plan: plan)
            recorder = LoadRecorder(result: template, steps: named.map(\.0), measuresCPU: true, exchanges: keeper)
            driver = LoadDriver(plan: plan, requests: prepared, sink: recorder, checks: checks)
        case .chain(let definition):
            let keeper = LoadExchangeKeeper(steps: [], scopes: [], plan: plan)
            let iterations = ChainLoadIterations(runner: runner, chain: definition, exchanges: keeper)
            // The chain's requests go through the runner's agent: as many slots as iterations,
            // given back when the run ends.
            runner.agent.config.update { settings in
                let before = settings.maxConcurrentTransfers
                settings.maxConcurrentTransfers = max(before, plan.maxInFlight)
                slots = (before, settings.maxConcurrentTransfers)
            }
            recorder = LoadRecorder(result: template, steps: iterations.stepNames, exchanges: keeper)
            driver = LoadDriver(plan: plan, iterations: iterations, sink: recorder)
        }
        let start = LoadDriver.now()
        for (index, stage) in (plan.stages ?? []).enumerated() {
            let begins = (plan.stages ?? []).prefix(index).reduce(0) { $0 + $1.duration }
            recorder.mark("stage \(index + 1): " + Self.describe(stage, open: plan.isOpen), second: begins)
        }
        let stopEarly = state.withLock { state in
            state.recorder = recorder
            state.driver = driver
            state.start = start
            return state.stopRequested
        }
        if stopEarly { driver.stop() }
        let ending = await driver.run()
        if let slots {
            // Unless something else changed them meanwhile.
            runner.agent.config.update { settings in
                if settings.maxConcurrentTransfers == slots.raised { settings.maxConcurrentTransfers = slots.before }
            }
        }
        var final = recorder.snapshot(seconds: ending.measuredSeconds, running: false, stopped: ending.stopped,
                                      waitedForSlot: driver.waitedForSlot)
        final.unsent = ending.unsent
        final.abandoned = ending.abandoned
        state.withLock { $0.final = final }
        return final
    }

    /// Waits (off the cooperative pool) until the demo server the workbench starts in a child
    /// process listens: a run started in the moment after the workbench opened had its first
    /// requests refused, as a single send's would but for the agent's readiness accessory,
    /// which the fast path does not go through.
    private func waitForDemoServer() async {
        guard let demo = runner.options.demoServer else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                demo.waitUntilListening()
                done.resume()
            }
        }
    }

    /// The checks of a run with `plan.checks` (nil without); refused when none of the
    /// requests has `expect:` to run.
    private static func checks(of requests: [WorkspaceRequest], target: String, plan: LoadPlan) throws(LoadRunError) -> LoadChecks? {
        guard plan.checks == true else { return nil }
        let checks = LoadChecks(requests)
        if checks.isEmpty {
            throw LoadRunError("--checks runs each request's expect:, and " + (requests.count == 1 ? "\(target) has none"
                : "none of \(target)'s requests has any"))
        }
        return checks
    }

    /// Ends the run: nothing more is sent, and the result covers what completed.
    public func stop() {
        let driver = state.withLock { state in
            state.stopRequested = true
            return state.driver
        }
        driver?.stop()
    }

    /// Changes the rate or concurrency while the run goes on (the Load view's `+`, `-` and `p`),
    /// marked on the timeline; nil when nothing changed (not running, a pause while paused).
    @discardableResult
    public func control(_ control: LoadControl) -> LoadControlChange? {
        let (driver, recorder, final) = state.withLock { ($0.driver, $0.recorder, $0.final) }
        guard final == nil, let driver, let recorder, let change = driver.control(control) else { return nil }
        // On the recorder's clock, as the timeline is (the driver's starts a moment later).
        recorder.mark(change.text)
        return change
    }

    /// The rate a second (open model) or concurrency (closed) now; 0 while paused, nil before
    /// the run starts.
    public var level: Double? { state.withLock { $0.driver }?.level }

    /// `100/s`, `100→500/s`, `c8`, `c8→64`.
    static func describe(_ stage: LoadStage, open: Bool) -> String {
        let range = (stage.from.map { LoadReportFormat.plain($0) + "→" } ?? "") + LoadReportFormat.plain(stage.target)
        return open ? range + "/s" : "c" + range
    }

    /// The figures so far (the final ones once the run ended); `running` while it runs.
    /// `headline`: only the counts, the throughput and the latency's p50 and p99 (a progress
    /// line's; the rest of the figures take milliseconds to work out).
    public func snapshot(headline: Bool = false) -> LoadResult {
        let (recorder, driver, start, final) = state.withLock { ($0.recorder, $0.driver, $0.start, $0.final) }
        if let final { return final }
        guard let recorder, let driver else {
            var waiting = emptyResult()
            waiting.running = true
            return waiting
        }
        let measuredStart = start + LoadNanoseconds.from(plan.warmup)
        let now = LoadDriver.now()
        var result = recorder.snapshot(seconds: now > measuredStart ? Double(now - measuredStart) / 1e9 : 0,
                                       running: true, inFlight: driver.inFlight, waitedForSlot: headline ? 0 : driver.waitedForSlot,
                                       headline: headline)
        result.level = driver.level
        return result
    }

    /// Iterations running now and waiting for a slot; 0 before the run starts and after it
    /// ends. Cheap: one atomic read, for a view drawn every frame.
    public var inFlight: Int {
        let (driver, final) = state.withLock { ($0.driver, $0.final) }
        return final == nil ? driver?.inFlight ?? 0 : 0
    }

    /// The run's figures before anything was measured.
    private func emptyResult() -> LoadResult {
        LoadResult(workspace: runner.workspace.file, target: name, kind: kind, startedAt: Date(), plan: plan)
    }
}
