import CourierFormat
import CourierFormatCore
import CourierHistory
import CourierReports
import CourierRunner
import Foundation
import Synchronization

/// `courier run` without the argument parsing: loads the workspace, starts the demo server
/// when the workspace uses `{{demo}}`, runs the names and writes human, JSON Lines and JUnit
/// output. Returns the exit status: 0 all ok, 1 a request failed, 2 bad input.
public struct HeadlessRun: Sendable {
    public var workspacePath: String
    public var names: [String]
    public var environment: String?
    /// `name=value` pairs.
    public var variables: [String] = []
    /// `--env-file`: `.env` files for `{{env.NAME}}` (``DotEnvFile``).
    public var envFiles: [String] = []
    /// `--seed`: the same `{{random.…}}` and `{{fake.…}}` values run after run.
    public var seed: UInt64?
    public var json = false
    public var junitPath: String?
    /// `--report FILE`: a self-contained HTML report (``HTMLReport``).
    public var reportPath: String?
    public var ignoreCache = false
    public var quiet = false
    /// Instead of the workspace's cache directory.
    public var cacheDirectory: String?
    /// Where the history goes; nil = `$XDG_STATE_HOME/courier/history`.
    public var stateDirectory: String?
    public var recordsHistory = true
    /// Answer every request from the cache or the history, never the network (`--offline`);
    /// the demo server is not started, `{{demo}}` is `offlineDemoURL`, and nothing is recorded.
    public var offline = false
    /// What `{{demo}}` stands for offline: the URL the online runs used.
    public var offlineDemoURL = "http://127.0.0.1:18080"
    /// `courier check`: the output is the contract's verdict on each response
    /// (``ContractDriftReport``), no names means every request, and the status is 1 on drift.
    /// A workspace without a contract (`config.contract` or a folder's) is bad input.
    public var checksContract = false

    public init(workspacePath: String, names: [String]) {
        // A folder is its courier.yaml: history and state are kept under the same name.
        self.workspacePath = WorkspaceLayout(path: workspacePath).rootFile
        self.names = names
    }

    /// Runs; `output` gets stdout lines, `errors` stderr lines.
    package func run(startDemoServer: @Sendable () async throws -> DemoServerHandle,
                    output: (String) -> Void, errors: (String) -> Void) async -> Int32 {
        let overrides: [String: String], dotenv: [String: String]
        do {
            overrides = try VariableOverrides.parse(variables)
        } catch {
            errors("courier run: \(error.message)")
            return 2
        }
        do {
            dotenv = try DotEnvFile.values(ofFiles: envFiles)
        } catch {
            errors(error.description)
            return 2
        }
        if names.isEmpty, !checksContract {
            errors("courier run: name at least one request, batch or chain to run")
            return 2
        }
        let workspace: Workspace
        do {
            workspace = try Workspace.load(path: workspacePath, extraVariables: Set(overrides.keys))
        } catch {
            errors(error.description)
            return 2
        }
        if checksContract, !workspace.hasContract {
            errors("courier check: \(workspacePath) has no contract: add `contract: openapi.yaml` under config (or a folder's config)")
            return 2
        }
        var demo: DemoServerHandle?
        if workspace.usesDemoServer, !offline {
            guard let started = await DemoServerHandle.start(for: "courier run", with: startDemoServer, errors: errors) else { return 2 }
            demo = started
        }
        var options = RunOptions()
        options.environment = environment
        options.overrides = overrides
        options.dotenv = dotenv
        options.seed = seed
        options.demoURL = offline ? offlineDemoURL : demo?.baseURL
        options.demoTLS = demo?.tls
        options.ignoreCache = ignoreCache
        options.cacheDirectory = cacheDirectory
        options.stateDirectory = stateDirectory
        // Kept typed here: the runner sees them only as what they are to it (``RunOptions``).
        let reportExchanges = reportPath == nil ? nil : HTMLReportExchanges(workspace: workspace, environment: environment)
        options.reportExchanges = reportExchanges
        var history: HistoryRecorder?
        let historyFailures = SentenceList()
        if offline {
            let store: HistoryStore?
            do {
                store = try HistoryStore(stateDirectory: stateDirectory)
            } catch {
                errors("courier run: warning: offline: the history cannot be read (\(HistoryRecorder.describe(error))); answering from the cache only")
                store = nil
            }
            options.offline = OfflineReplay(store: store, workspacePath: workspacePath)
        } else if recordsHistory {
            let stateDirectory = self.stateDirectory
            let recorder = HistoryRecorder(context: HistoryRecorder.Context(workspace: workspace, environment: environment,
                                                                            bodyLimit: workspace.config.historyBodyLimit,
                                                                            retention: workspace.config.historyRetention),
                                           open: { try HistoryStore(stateDirectory: stateDirectory) },
                                           onFailure: { historyFailures.append($0) })
            options.history = recorder
            history = recorder
            // Opened at the first exchange, it could find every descriptor taken by the run.
            await recorder.openNow()
        }
        let status = await run(workspace, options: options, reportExchanges: reportExchanges, output: output, errors: errors)
        await history?.finish()
        historyFailures.sentences.forEach { errors("courier run: warning: history: \($0)") }
        await demo?.stop()
        return status
    }

    private func run(_ workspace: Workspace, options: RunOptions, reportExchanges: HTMLReportExchanges?,
                     output: (String) -> Void, errors: (String) -> Void) async -> Int32 {
        let human = HumanReport(quiet: quiet)
        var drift = ContractDriftReport()
        var junit = JUnitReport(workspace: workspace.name)
        var report = HTMLReport(HTMLReport.Context(workspace: workspace.name, workspacePath: workspacePath, environment: environment,
                                                   command: checksContract ? "courier check" : "courier run", names: names),
                                exchanges: reportExchanges)
        let summary: RunSummary
        do {
            let runner = try WorkspaceRunner(workspace: workspace, options: options)
            let cacheFailures = SentenceList()
            runner.agent.config.cacheWriteFailureHandler = { cacheFailures.append($0) }
            defer { CacheWriteWarnings.lines(for: cacheFailures.sentences).forEach { errors("courier run: warning: \($0)") } }
            summary = try await runner.run(names.isEmpty && checksContract ? workspace.requestNames : names) { event in
                junit.record(event)
                if reportPath != nil { report.record(event) }
                if checksContract {
                    drift.lines(for: event).forEach(output)
                } else if json {
                    if let line = JSONLinesReport.line(for: event) { output(line) }
                } else {
                    human.lines(for: event).forEach(output)
                }
            }
            // Written before the process ends (the jar's own writes are queued).
            do { try runner.agent.cookieJar?.saveToFile() } catch { errors("courier run: warning: cookies: \(error)") }
        } catch {
            // One line per problem (the gRPC messages' check finds them all at once).
            error.description.split(separator: "\n").forEach { errors(String($0)) }
            return 2
        }
        if let junitPath {
            do {
                try OutputFile.write(junit.xml, to: junitPath)
            } catch {
                errors("courier run: \(error)")
                return 2
            }
        }
        if let reportPath {
            do {
                try OutputFile.write(report.html, to: reportPath)
            } catch {
                errors("courier run: \(error)")
                return 2
            }
        }
        return checksContract ? drift.exitCode : summary.exitCode
    }
}

/// Sentences collected from any thread, read once the run is over.
private final class SentenceList: Sendable {
    private let list = Mutex<[String]>([])
    func append(_ sentence: String) { list.withLock { $0.append(sentence) } }
    var sentences: [String] { list.withLock { $0 } }
}

/// The cache-write failures of a run as one warning: the first in full, and how many more
/// responses were not cached. Under descriptor exhaustion or with the cache folder blocked,
/// every cached response fails alike, and a line per response was dozens of copies of one
/// sentence (each naming its own entry's file, so they cannot be told apart by their text).
package enum CacheWriteWarnings {
    /// `sentences` in the order they came, as at most one line.
    package static func lines(for sentences: [String]) -> [String] {
        guard let first = sentences.first else { return [] }
        let more = sentences.count - 1
        return [more == 0 ? first : first + " (and \(more) more response\(more == 1 ? "" : "s") not cached)"]
    }
}
