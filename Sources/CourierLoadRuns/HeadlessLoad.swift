import Courier
import CourierFormat
import CourierFormatCore
import CourierHistory
import CourierRunner
import Foundation

/// `courier load` without the argument parsing: loads the workspace, starts the demo server
/// when the workspace uses `{{demo}}`, runs the load, prints a line a second while it runs
/// (to `progress`), then the result (text or `--json`), saves it in the history, compares it
/// with a baseline (`--compare`), checks `--fail-on` and writes `--report`'s page. Returns the
/// exit status: 0 done, 1 a `--fail-on` rule broken, 2 bad input (or a report it cannot write).
public struct HeadlessLoad: Sendable {
    public var workspacePath: String
    public var name: String
    public var plan: LoadPlan
    public var environment: String?
    /// `name=value` pairs.
    public var variables: [String] = []
    /// `--env-file`: `.env` files for `{{env.NAME}}`.
    public var envFiles: [String] = []
    public var seed: UInt64?
    public var json = false
    /// Where the history goes; nil = `$XDG_STATE_HOME/courier/history`.
    public var stateDirectory: String?
    public var recordsHistory = true
    /// `--compare last|ID|FILE` (``LoadBaseline``).
    public var compare: String?
    /// `--fail-on p99+10%,errors>0.1%` (``LoadThresholds``).
    public var failOn: String?
    /// `--report FILE`: the run as a self-contained HTML page (``LoadHTMLReport``).
    public var reportPath: String?
    /// `--find-max --slo …`: the run searches for the highest rate within the SLO.
    public var kneeFinder: LoadKneeFinder?

    public init(workspacePath: String, name: String, plan: LoadPlan) {
        // A folder is its courier.yaml: history and state are kept under the same name.
        self.workspacePath = WorkspaceLayout(path: workspacePath).rootFile
        self.name = name
        self.plan = plan
    }

    /// Runs; `output` gets stdout lines, `errors` stderr lines, `progress` the live line
    /// (stderr). `started` hands out the run, so that a signal can stop it.
    package func run(startDemoServer: @Sendable () async throws -> DemoServerHandle,
                    output: (String) -> Void, errors: (String) -> Void,
                    progress: @escaping @Sendable (String) -> Void = { _ in },
                    started: (LoadRun) -> Void = { _ in }) async -> Int32 {
        let overrides: [String: String], dotenv: [String: String]
        do {
            overrides = try VariableOverrides.parse(variables)
        } catch {
            errors("courier load: \(error.message)")
            return 2
        }
        do {
            dotenv = try DotEnvFile.values(ofFiles: envFiles)
        } catch {
            errors(error.description)
            return 2
        }
        var thresholds: LoadThresholds?
        if let failOn {
            do {
                thresholds = try LoadThresholds(parsing: failOn)
            } catch {
                errors("courier load: --fail-on: \(error)")
                return 2
            }
            if thresholds?.needsBaseline == true, compare == nil {
                errors("courier load: --fail-on \(failOn) compares with an earlier run: add --compare last, an id or a file")
                return 2
            }
        }
        let workspace: Workspace
        do {
            workspace = try Workspace.load(path: workspacePath, extraVariables: Set(overrides.keys))
        } catch {
            errors(error.description)
            return 2
        }
        var demo: DemoServerHandle?
        if workspace.usesDemoServer {
            guard let started = await DemoServerHandle.start(for: "courier load", with: startDemoServer, errors: errors) else { return 2 }
            demo = started
        }
        var options = RunOptions()
        options.environment = environment
        options.overrides = overrides
        options.dotenv = dotenv
        options.seed = seed
        options.demoURL = demo?.baseURL
        options.demoTLS = demo?.tls
        options.stateDirectory = stateDirectory
        let status = await run(workspace, options: options, thresholds: thresholds, output: output, errors: errors,
                               progress: progress, started: started)
        await demo?.stop()
        return status
    }

    private func run(_ workspace: Workspace, options: RunOptions, thresholds: LoadThresholds?, output: (String) -> Void, errors: (String) -> Void,
                     progress: @escaping @Sendable (String) -> Void, started: (LoadRun) -> Void) async -> Int32 {
        let load: LoadRun
        do {
            let runner = try WorkspaceRunner(workspace: workspace, options: options)
            load = try LoadRun(runner: runner, name: name, plan: plan)
        } catch {
            errors(error.description)
            return 2
        }
        // The history, and a baseline file or id, before the run: a --compare that cannot work
        // is said at once, not after a minute of load whose figures were then thrown away.
        let baselineSource = compare.map(LoadBaseline.init)
        var history: HistoryStore?
        if recordsHistory || baselineSource?.needsHistory == true {
            do {
                history = try HistoryStore(stateDirectory: stateDirectory)
            } catch {
                if let compare, baselineSource?.needsHistory == true {
                    errors("courier load: --compare \(compare): the history cannot be opened (\(HistoryRecorder.describe(error)))")
                    return 2
                }
                errors("courier load: warning: the history cannot be opened (\(HistoryRecorder.describe(error))): the run is not saved")
            }
        }
        let historyPath = HistoryStore.workspacePath(ofFile: workspace.file)
        var baseline: LoadResult?
        if let compare, let baselineSource, baselineSource != .last {
            do {
                baseline = try baselineSource.resolve(target: name, workspace: workspace.file, workspacePath: historyPath,
                                                      before: nil, history: history)
            } catch {
                errors("courier load: --compare \(compare): \(error.message)")
                return 2
            }
        }
        started(load)
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled { break }
                progress(Self.progressLine(load.snapshot(headline: true)))
            }
        }
        defer { ticker.cancel() }
        var result: LoadResult
        let search = kneeFinder.map { finder in Task { await finder.drive(load) } }
        do {
            result = try await load.run()
        } catch {
            search?.cancel()
            errors("courier load: \(error.message)")
            return 2
        }
        if let search {
            result.knee = await search.value
            // The search ends the run when it is done: not "stopped early" unless Ctrl-C came first.
            if result.knee?.complete == true { result.stopped = false }
        }
        if recordsHistory, let history {
            do {
                result.id = try history.saveLoadRun(result, workspacePath: historyPath, retention: workspace.config.historyRetention)
            } catch {
                errors("courier load: warning: the run could not be saved in the history: \(HistoryRecorder.describe(error))")
            }
        }
        // `last` is the run saved before this one; when there is none, the figures are still
        // printed, and the exit status says the comparison could not be made.
        var comparisonProblem: String?
        if let compare, baselineSource == .last {
            do {
                baseline = try LoadBaseline.last.resolve(for: result, workspacePath: historyPath, history: history)
            } catch {
                comparisonProblem = "courier load: --compare \(compare): \(error.message)"
            }
        }
        if json {
            output(String(decoding: (try? LoadResult.jsonData(result)) ?? Data("{}".utf8), as: UTF8.self))
        } else {
            LoadReport.lines(for: result).forEach(output)
            if let baseline {
                output("")
                LoadReport.lines(for: LoadComparison(result, baseline: baseline)).forEach(output)
            }
        }
        if let comparisonProblem { errors(comparisonProblem) }
        var breaches: [LoadThresholdBreach] = []
        if let thresholds, comparisonProblem == nil {
            do {
                breaches = try thresholds.breaches(of: result, baseline: baseline)
            } catch {
                errors("courier load: --fail-on: \(error)")
                return 2
            }
            for breach in breaches { errors("courier load: fail-on: \(breach.message)") }
        }
        if let reportPath {
            var report = LoadHTMLReport(result: result, workspacePath: workspacePath,
                                        comparison: baseline.map { LoadComparison(result, baseline: $0) })
            report.breaches = breaches.map(\.message)
            do {
                try OutputFile.write(report.html, to: reportPath)
            } catch {
                errors("courier load: \(error)")
                return 2
            }
        }
        if comparisonProblem != nil { return 2 }
        if let knee = result.knee, knee.steps.isEmpty {
            errors("courier load: --find-max: the run ended before its first step was judged")
            return 1
        }
        if let knee = result.knee, knee.rate == nil {
            let first = knee.steps.first
            errors("courier load: --find-max: the SLO \(knee.slo) is broken at the first step"
                   + (first.map { " (\(LoadReportFormat.plain($0.rate))/s: \($0.unmet.joined(separator: "; ")))" } ?? " (no step completed)"))
            return 1
        }
        return breaches.isEmpty ? 0 : 1
    }

    /// The live line: elapsed, requests, rate, p50/p99, errors, in flight.
    static func progressLine(_ result: LoadResult) -> String {
        String(format: "%6.1f s  %9d req  %9.0f req/s  p50 %8.2f ms  p99 %8.2f ms  errors %5.2f %%  in flight %d",
               result.seconds, result.requests, result.throughput, result.latency.p50, result.latency.p99,
               result.errorRate * 100, result.inFlight)
    }
}
