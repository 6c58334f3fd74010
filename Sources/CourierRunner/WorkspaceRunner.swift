import Courier
import CourierFormat
import CourierFormatCore
import Foundation
import Synchronization

/// Runs a workspace's requests, batches and chains by name, headless, through the engine —
/// each definition becomes a ``WorkspaceRequest`` and batches and chains become
/// `BatchRequest` and `ChainRequest`, exactly as a library user would write them.
public final class WorkspaceRunner: Sendable {
    public let workspace: Workspace
    public let options: RunOptions
    /// The agent every request of the run is sent through.
    public let agent: NetworkAgent
    /// Variables of the run: the workspace's, the environment's and the overrides.
    public let scope: VariableScope
    /// The run's oauth2 and command tokens.
    package let tokenSessions: TokenSessions
    /// The run's `{{secret.NAME}}` values.
    package let secretStore: SecretStore
    /// Offline replay for the requests made from now on (the workbench's `O` switches it).
    package var offline: (any OfflineAnswering)? {
        get { offlineReplay.withLock { $0 } }
        set { offlineReplay.withLock { $0 = newValue } }
    }
    private let offlineReplay: Mutex<(any OfflineAnswering)?>

    /// Checks the environment and renders the config; throws for bad input.
    public init(workspace: Workspace, options: RunOptions = RunOptions()) throws(WorkspaceError) {
        self.workspace = workspace
        self.options = options
        offlineReplay = Mutex(options.offline)
        let variables = try workspace.variables(environment: options.environment, overrides: options.overrides)
        let process = options.processEnvironment ?? ProcessInfo.processInfo.environment
        let secrets = options.secretStore.flatMap { $0.serves(workspace.config.secrets) ? $0 : nil }
            ?? SecretStore(definitions: workspace.config.secrets, environment: process)
        secretStore = secrets
        scope = VariableScope(variables: variables, demoURL: options.demoURL, demoTLS: options.demoTLS,
                              demoServer: options.demoServer,
                              environment: workspace.environmentForTemplates(dotenv: options.dotenv, process: process),
                              environmentName: options.environment, fakeValues: FakeValues(seed: options.seed),
                              secretEnvironmentNames: Set(workspace.dotenv.keys).union(options.dotenv.keys), secrets: secrets)
        let config = try WorkspaceRunner.networkConfig(for: workspace, scope: scope, options: options)
        let jar = try WorkspaceCookies.jar(for: workspace, stateDirectory: options.stateDirectory, session: options.cookieJar,
                                           whenRead: options.cookieFileRead,
                                           onSaveFailure: options.cookieProblem ?? { [logger = config.logger] in logger.warning("cookies: \($0)") })
        agent = NetworkAgent(config: config, cookieJar: jar)
        tokenSessions = options.tokenSessions ?? TokenSessions(stateDirectory: options.stateDirectory)
    }

    /// The workspace's `config` as the engine's config.
    static func networkConfig(for workspace: Workspace, scope: VariableScope, options: RunOptions) throws(WorkspaceError) -> NetworkConfig {
        let config = workspace.config
        func render(_ text: String?) throws(WorkspaceError) -> String? {
            guard let text else { return nil }
            do {
                return try scope.render(text)
            } catch {
                throw WorkspaceError(.undefinedVariable, at: nil, "\(workspace.file): config: \(error)")
            }
        }
        var settings = NetworkSettings()
        settings.baseURL = try render(config.baseURL) ?? ""
        settings.cdnURL = try render(config.cdnURL) ?? ""
        if !config.queryParameters.isEmpty {
            var parameters: [String: String] = [:]
            for (name, value) in config.queryParameters { parameters[name] = try render(value) }
            settings.urlFilters.append(QueryParametersFilter(parameters))
        }
        for prefix in config.pathPrefixes {
            settings.urlFilters.append(PathPrefixFilter(replacing: prefix.from, with: prefix.to))
        }
        if let directory = try render(config.cacheDirectory) { settings.cacheDirectory = workspace.resolvePath(directory) }
        if let directory = options.cacheDirectory { settings.cacheDirectory = directory }
        // Bodies too large for memory go beside the run's other state (the tests' own folder).
        if let directory = options.stateDirectory { settings.spoolDirectory = directory + "/spool" }
        if let tls = config.tls { settings.tlsPolicy = try tls.withFilesRendered { text throws(WorkspaceError) in try render(text) ?? text } }
        settings.retryPolicy = config.retry
        if let types = config.acceptableJSONContentTypes { settings.acceptableJSONContentTypes = types }
        if let types = config.acceptableXMLContentTypes { settings.acceptableXMLContentTypes = types }
        if let limit = config.maxConcurrentTransfers { settings.maxConcurrentTransfers = limit }
        if let limit = config.maxBodyBytes { settings.maximumResponseBodyBytes = limit }
        if let threshold = config.spoolBodiesOver { settings.spoolResponseBodiesOver = threshold }
        if let userAgent = config.userAgent { settings.userAgent = userAgent }
        if let proxy = options.proxy ?? config.proxy { settings.proxy = proxy }
        return NetworkConfig(settings)
    }

    /// A request object for a definition, sent by this run's agent.
    public func makeRequest(_ name: String, scope: VariableScope? = nil) -> WorkspaceRequest {
        makeRequest(definition: workspace.requests[name]!, scope: scope)
    }

    /// A request object for `definition` (a workspace request, possibly edited), sent by
    /// this run's agent.
    public func makeRequest(definition: RequestDefinition, scope: VariableScope? = nil) -> WorkspaceRequest {
        let request = WorkspaceRequest(definition, scope: scope ?? self.scope, workspace: workspace)
        request.agent = agent
        request.tokenSessions = tokenSessions
        request.ignoreCache = options.ignoreCache
        request.offline = offline
        return request
    }

    /// A batch of `requests` sent by this run's agent, presented as `hud` says.
    package func makeBatch(_ requests: [WorkspaceRequest], continueOnFailure: Bool, hud: HUDSettings = HUDSettings()) -> BatchRequest {
        let batch = BatchRequest(requests: requests, continueOnFailure: continueOnFailure)
        batch.agent = agent
        hud.present(batch, of: requests, scope: scope)
        return batch
    }

    /// Throws for the first name that is not a request, batch or chain, before anything runs.
    public func checkNames(_ names: [String]) throws(WorkspaceError) {
        for name in names where workspace.target(named: name) == nil { throw workspace.unknownTargetError(name) }
    }

    /// Runs `names` in order, reporting every request as it finishes; returns the totals.
    public func run(_ names: [String], report: (RunEvent) -> Void) async throws(WorkspaceError) -> RunSummary {
        try checkNames(names)
        #if GRPC
        try await checkCallMessages(names)
        #endif
        let started = Date()
        var summary = RunSummary()
        func record(_ event: RunEvent) {
            if case .request(let result) = event { summary.add(result) }
            report(event)
        }
        for name in names {
            switch workspace.target(named: name)! {
            case .request(let definition):
                record(.targetStarted(name: name, kind: "request"))
                if definition.paginate != nil {
                    await runPages(of: definition, report: record)
                } else {
                    await runReportingStream(makeRequest(name), report: record)
                }
            case .batch(let batch):
                record(.targetStarted(name: name, kind: "batch"))
                await runBatch(batch, report: record)
            case .chain(let chain):
                // With `each:`, one run per row, each reported as a target of its own.
                for row in chain.each?.rows.map(Optional.some) ?? [nil] {
                    await ChainRun(runner: self, chain: chain, row: row).run(report: record)
                }
            }
            await agent.waitForCacheWrites()
        }
        summary.durationMs = Self.milliseconds(Date().timeIntervalSince(started))
        report(.finished(summary))
        return summary
    }

    /// The scope of one `each:` row: its values over this run's variables, under `--var`.
    package func scope(for row: DataRows.Row) -> VariableScope {
        scope.child(row: row.values.filter { options.overrides[$0.key] == nil })
    }

    private func runBatch(_ definition: BatchDefinition, report: (RunEvent) -> Void) async {
        let members = workspace.members(ofBatch: definition.name)
        let requests = members.map { member in makeRequest(member.name, scope: member.row.map(scope(for:))) }
        let batch = makeBatch(requests, continueOnFailure: definition.continueOnFailure, hud: definition.hud)
        await reportingStreams(of: requests, report: report) { _ = try? await batch.run() }
        for (member, (request, state)) in zip(members, zip(requests, batch.snapshot.states)) {
            var result = result(of: request)
            result.batch = definition.name
            if let row = member.row { result.name = row.label(result.name) }
            if state == .cancelled || state == .pending {
                result.skipped = true
                result.ok = false
                result.error = nil
                result.skipReason = "stopped after another request of the batch failed"
            }
            finished(request, result, report: report)
        }
    }

    // MARK: - Results

    /// Reports a request's result and records the exchange in the history (unless skipped).
    func finished(_ request: WorkspaceRequest, _ result: RequestResult, report: (RunEvent) -> Void) {
        if !result.skipped {
            options.history?.record(request, result: result)
            options.reportExchanges?.record(request, result: result)
        }
        report(.request(result))
    }

    /// The result of a finished (or never started) request, secrets redacted.
    package func result(of request: WorkspaceRequest) -> RequestResult {
        var result = plainResult(of: request)
        result.grpcStatus = request.grpcStatus?.code.name
        applyStream(of: request, to: &result)
        result.stream?.notShown = request.eventsNotShown
        return result
    }

    private func plainResult(of request: WorkspaceRequest) -> RequestResult {
        let metrics = request.metrics
        let error = request.error
        let fromCache = request.isDataFromCache
        let ran = error != nil || request.response != nil
        let timings = metrics.map { metrics in
            RequestResult.Timings(dnsMs: Self.milliseconds(metrics.nameLookup), connectMs: Self.milliseconds(metrics.connect),
                                  tlsMs: Self.milliseconds(metrics.tlsHandshake), firstByteMs: Self.milliseconds(metrics.firstByte),
                                  totalMs: Self.milliseconds(metrics.total))
        }
        let bytes = fromCache ? (request.responseData?.count ?? 0) : Int(metrics?.bytesReceived ?? Int64(request.responseData?.count ?? 0))
        return RequestResult(
            name: request.source.name, method: request.method.rawValue, url: request.scope.redact(request.displayURL),
            status: request.response?.statusCode, ok: ran && error == nil, skipped: !ran, fromCache: fromCache,
            durationMs: Self.milliseconds(request.duration ?? metrics?.total ?? 0), bytes: bytes, timings: fromCache ? nil : timings,
            error: error.map { RequestResult.Failure(family: $0.family.rawValue, code: $0.code.rawValue, message: request.scope.redact($0.message)) },
            file: request.downloadedFileURL?.path, fromHistory: request.answeredFromHistory,
            warning: request.warning.map(request.scope.redact),
            httpVersion: request.response == nil || fromCache ? nil : metrics.map(\.httpVersion).flatMap { $0.isEmpty ? nil : $0 },
            checks: request.checkResults.map { results in
                results.map { result in
                    // Redacted as the history keeps it: a secret header's or cookie's value hidden whole.
                    let result = result.redacted(by: request.scope)
                    return RequestResult.CheckOutcome(check: result.check.text, passed: result.passed, expected: result.expected,
                                                      actual: result.actual, summary: result.summary,
                                                      path: result.jsonPath?.description, location: result.check.location.shortDescription,
                                                      schemaLocation: result.schemaLocation)
                }
            })
    }

    static func milliseconds(_ seconds: TimeInterval) -> Double { (seconds * 10_000).rounded() / 10 }
}
