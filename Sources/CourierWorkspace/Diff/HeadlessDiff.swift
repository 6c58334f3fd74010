import Courier
import Foundation

/// `courier diff WORKSPACE --env a --env b [NAMES…]`: each request sent in both environments
/// (or in one, against a saved run), its responses compared under `diff:` (``DiffSettings``),
/// a verdict per request, exit status 1 on any difference.
public struct HeadlessDiff: Sendable {
    public var workspacePath: String
    public var names: [String]
    /// The environments compared: two, or one with ``againstFile`` (nil: no environment).
    public var environments: [String?]
    /// A saved run (``SavedDiffRun``) the one environment is compared with.
    public var againstFile: String?
    /// Where to save the first environment's responses.
    public var saveFile: String?
    /// `name=value` overrides for every environment.
    public var variables: [String] = []
    public var cacheDirectory: String?
    public var stateDirectory: String?

    public init(workspacePath: String, names: [String], environments: [String?]) {
        self.workspacePath = workspacePath
        self.names = names
        self.environments = environments
    }

    /// One request's verdict.
    public struct Verdict: Sendable {
        public var request: String
        public var before: ResponseSnapshot
        public var after: ResponseSnapshot
        public var comparison: ResponseComparison
    }

    /// What a diff found, for the printers.
    public struct Outcome: Sendable {
        public var workspace: String
        /// `staging`, `production`, `saved run (2026-12-02 14:03)`.
        public var before: String
        public var after: String
        public var verdicts: [Verdict]
        /// With `--save`: the file the first environment's responses went to, and how many.
        public var saved: (file: String, responses: Int)?
        public var differing: Int { verdicts.filter { !$0.comparison.isSame }.count }
    }

    /// Runs the diff: the outcome, or the reason it could not run (bad input: exit 2).
    package func run(startDemoServer: @escaping @Sendable () async throws -> DemoServerHandle) async -> Result<Outcome, DiffInputError> {
        let overrides: [String: String]
        let workspace: Workspace
        do {
            overrides = try VariableOverrides.parse(variables)
            workspace = try Workspace.load(path: workspacePath, extraVariables: Set(overrides.keys))
        } catch {
            return .failure(DiffInputError(description: "\(error)"))
        }
        // One environment with --save and no --against only saves (the run to compare with later).
        let savesOnly = saveFile != nil && againstFile == nil && environments.count == 1
        let expected = againstFile == nil && !savesOnly ? 2 : 1
        guard environments.count == expected else {
            return .failure(DiffInputError(description: againstFile == nil
                ? "name two environments to compare (--env a --env b), one with --against FILE, or one with --save FILE"
                : "--against compares one environment (--env NAME) with the saved run"))
        }
        for case let name? in environments where workspace.environments[name] == nil {
            return .failure(DiffInputError(description: "no environment named \(name)"
                                           + Suggestion.clause(for: name, in: Set(workspace.environmentNames))))
        }
        let requests: [String]
        switch Self.requestNames(names, in: workspace) {
        case .success(let found): requests = found
        case .failure(let error): return .failure(error)
        }
        var savedRun: SavedDiffRun?
        if let againstFile {
            do {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                savedRun = try decoder.decode(SavedDiffRun.self, from: Data(contentsOf: URL(fileURLWithPath: againstFile)))
            } catch {
                return .failure(DiffInputError(description: "\(againstFile) is not a run saved by courier diff --save: \(error)"))
            }
        }
        var demo: DemoServerHandle?
        if workspace.usesDemoServer {
            do {
                demo = try await startDemoServer()
            } catch {
                return .failure(DiffInputError(description: "the demo server did not start: \(error)"))
            }
        }
        var snapshots: [[ResponseSnapshot]] = []
        for environment in environments {
            snapshots.append(await send(requests, of: workspace, environment: environment, overrides: overrides, demo: demo))
        }
        await demo?.stop()
        if let saveFile {
            let run = SavedDiffRun(workspace: workspace.name, environment: environments[0], date: Date(), responses: snapshots[0])
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                try OutputFile.write(String(decoding: try encoder.encode(run), as: UTF8.self) + "\n", to: saveFile)
            } catch {
                return .failure(DiffInputError(description: "cannot save the run to \(saveFile): \(error)"))
            }
        }
        let saved = saveFile.map { (file: $0, responses: snapshots[0].count) }
        if savesOnly {
            let name = environments[0] ?? "no environment"
            return .success(Outcome(workspace: workspace.name, before: name, after: name, verdicts: [], saved: saved))
        }
        let before: [ResponseSnapshot], beforeName: String
        if let savedRun {
            before = savedRun.responses
            beforeName = "saved run" + (savedRun.environment.map { " of \($0)" } ?? "") + " (\(Self.stamp(savedRun.date)))"
        } else {
            before = snapshots[0]
            beforeName = environments[0] ?? "no environment"
        }
        let after = snapshots[againstFile == nil ? 1 : 0]
        let afterName = environments[againstFile == nil ? 1 : 0] ?? "no environment"
        var verdicts: [Verdict] = []
        for (index, name) in requests.enumerated() {
            let now = after[index]
            guard let then = before.first(where: { $0.request == name }) else {
                let missing = ResponseSnapshot(request: name, method: now.method, url: "", status: nil, error: "not in the saved run",
                                               headers: [], body: nil)
                verdicts.append(Verdict(request: name, before: missing, after: now, comparison: ResponseComparison(notSaved: now)))
                continue
            }
            let settings = workspace.config.diff.adding(workspace.requests[name]?.diff ?? DiffSettings())
            verdicts.append(Verdict(request: name, before: then, after: now, comparison: ResponseComparison(then, now, settings: settings)))
        }
        return .success(Outcome(workspace: workspace.name, before: beforeName, after: afterName, verdicts: verdicts, saved: saved))
    }

    /// The requests `names` stand for (a batch or chain: its requests), in order, once each;
    /// every request when none is named. Streams, WebSocket sessions, gRPC calls and downloads
    /// are left out: they have no one response to compare.
    static func requestNames(_ names: [String], in workspace: Workspace) -> Result<[String], DiffInputError> {
        var found: [String] = []
        for name in names {
            switch workspace.target(named: name) {
            case .request: found.append(name)
            case .batch: found += workspace.requestNames(inBatch: name)
            case .chain(let chain): found += chain.steps.flatMap { $0.items.map(\.request.name) }
            case nil:
                return .failure(DiffInputError(description: "no request, batch or chain named \(name)"
                                               + Suggestion.clause(for: name, in: Set(workspace.targetNames))))
            }
        }
        if names.isEmpty { found = workspace.requestNames }
        var seen: Set<String> = []
        return .success(found.filter { name in
            guard seen.insert(name).inserted, let request = workspace.requests[name] else { return false }
            let isSession = request.url.contains("ws://") || request.url.contains("wss://") || request.url.contains("{{demoWS}}")
            return request.grpc == nil && request.download == nil && [.automatic, .off].contains(request.stream.mode) && !isSession
        })
    }

    /// Sends each request in `environment`, one after another, past the cache; their responses redacted.
    private func send(_ names: [String], of workspace: Workspace, environment: String?, overrides: [String: String],
                      demo: DemoServerHandle?) async -> [ResponseSnapshot] {
        var options = RunOptions()
        options.environment = environment
        options.overrides = overrides
        options.ignoreCache = true
        options.cacheDirectory = cacheDirectory
        options.stateDirectory = stateDirectory
        options.demoURL = demo?.baseURL
        options.demoTLS = demo?.tls
        guard let runner = try? WorkspaceRunner(workspace: workspace, options: options) else {
            return names.map { ResponseSnapshot(request: $0, method: "", url: "", status: nil, error: "the environment cannot be read", headers: [], body: nil) }
        }
        var snapshots: [ResponseSnapshot] = []
        for name in names {
            let request = runner.makeRequest(name)
            _ = try? await request.run()
            snapshots.append(Self.snapshot(of: request, name: name))
        }
        return snapshots
    }

    static func snapshot(of request: WorkspaceRequest, name: String) -> ResponseSnapshot {
        let scope = request.scope
        let status = request.response == nil ? nil : request.responseStatusCode
        let headers = Redaction.headers(request.responseHeaders.map { ($0.name.rawName, $0.value) })
            .map { ResponseSnapshot.Header(name: $0.name, value: scope.redact($0.value)) }
        let contentType = request.responseHeaders[.contentType]
        let body = request.responseData.map { String(decoding: scope.redactedBody($0, contentType: contentType), as: UTF8.self) }
        return ResponseSnapshot(request: name, method: request.method.rawValue, url: scope.redact(request.displayURL),
                                status: status, error: status == nil ? request.error.map { "\($0.code.rawValue) \($0.message)" } : nil,
                                headers: headers, body: body)
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}

/// Why a diff could not run: an unreadable workspace, an unknown name or environment, a
/// saved run that is not one.
public struct DiffInputError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
