import Courier
import CourierChecks
import CourierFormat
import CourierFormatCore
import Foundation
import Synchronization

/// A workspace request as an engine request — what the runner and the workbench send.
/// Its placeholders are filled in from its ``VariableScope`` each time it starts, so a chain
/// step sees the values captured by the steps before it. A placeholder with no value fails
/// the request before any network use with a parameter error (-10) naming it.
public final class WorkspaceRequest: ConfigurableRequest, @unchecked Sendable {
    /// The workspace's definition this request was made from.
    public let source: RequestDefinition
    public let scope: VariableScope
    let workspace: Workspace

    private struct State {
        var problem: String?
        var startedAt: Date?
        var finishedAt: Date?
        var offline: (any OfflineAnswering)?
        var answeredFromHistory: Int64?
        var tokenSessions: TokenSessions?
        /// The `expect:` results of the last response; nil before one or without `expect:`.
        var checkResults: [CheckResult]?
        /// A `{{secret.NAME}}` the last resolution needed and the store has not fetched.
        var secretToFetch: String?
        var endedStream: EndedStream?
        var eventsNotShown = 0
        /// The contract that judges the responses and its base URL, as last resolved.
        var contract: (contract: Contract, baseURL: String?)?
        /// Why a gRPC call's `messages:` script ended it (an `expect:` no message met).
        var scriptProblem: String?
        var keepsCallOpen = false
        #if GRPC
        /// A gRPC call's codec and script, as last resolved.
        var call: GRPCCallResolution?
        /// The schema the last resolution needed and the store has not loaded.
        var schemaToLoad: GRPCSchemaNeeded?
        /// The schema this start loaded and could not, and why.
        var schemaFailure: (source: GRPCSchemaStore.Source, reason: String)?
        /// Schema loads this start made (bounded: files that keep changing must not loop).
        var schemaLoads = 0
        /// The streaming call's script of this start.
        var script: GRPCCallScript?
        #endif
    }
    private let resolutionState = Mutex(State())

    public init(_ definition: RequestDefinition, scope: VariableScope, workspace: Workspace) {
        self.source = definition
        self.scope = scope
        self.workspace = workspace
        super.init(Definition())
        if let priority = definition.priority { self.priority = priority }
        quietErrors = definition.hud.quietErrors
        resolve()
    }

    /// Fills in the placeholders again, then starts (from the cache when fresh). A
    /// `{{secret.NAME}}` not fetched yet is fetched first, off the caller's thread (a password
    /// manager may take seconds); the request starts when it has come, or fails saying why not.
    public override func start() {
        guard !isExecuting else { return }
        scope.forgetSecretFailures()
        #if GRPC
        resolutionState.withLock {
            $0.schemaFailure = nil
            $0.schemaLoads = 0
        }
        #endif
        start(secretsFetched: 0)
    }

    private func start(secretsFetched: Int) {
        guard !isExecuting else { return }
        resolve()
        if let secret = resolutionState.withLock({ $0.secretToFetch }) {
            // One fetch a round; a bound, since a provider's value may itself never come.
            guard secretsFetched < workspace.config.secrets.count else {
                resolutionState.withLock { $0.problem = "\(source.name): {{secret.\(secret)}}: could not be fetched" }
                startWithoutCache()
                return
            }
            let scope = scope
            DispatchQueue.global().async { [self] in
                scope.fetchSecret(secret)
                start(secretsFetched: secretsFetched + 1)
            }
            return
        }
        #if GRPC
        if loadsSchema(thenStarts: { [self] in start(secretsFetched: secretsFetched) }) { return }
        #endif
        resolutionState.withLock {
            $0.startedAt = Date()
            $0.scriptProblem = nil
            #if GRPC
            $0.script = nil
            #endif
            $0.finishedAt = nil
            $0.checkResults = nil
            $0.endedStream = nil
        }
        if let offline = resolutionState.withLock({ state -> (any OfflineAnswering)? in
            state.answeredFromHistory = nil
            return state.offline
        }) {
            offline.answer(self)
        } else if resolutionState.withLock({ $0.problem }) != nil {
            startWithoutCache()
        } else {
            #if GRPC
            // A streaming call's script hears the server from before it starts.
            if let call = resolutionState.withLock({ $0.call }), !call.script.isEmpty {
                let script = GRPCCallScript(call.script, on: self, halfClosesAtEnd: !call.keepsOpen)
                resolutionState.withLock { $0.script = script }
                super.start()
                Task { await script.play() }
                return
            }
            #endif
            super.start()
        }
    }

    #if GRPC
    /// When the last resolution needs a schema not loaded yet: loads it off the caller's
    /// thread, then `thenStarts` (which resolves again) — or, when this start already tried
    /// and failed, says why before any network use. False when nothing is to load.
    private func loadsSchema(thenStarts: @escaping @Sendable () -> Void) -> Bool {
        guard let needed = resolutionState.withLock({ $0.schemaToLoad }) else { return false }
        // Offline, a server's reflection is not asked: the history answers without the schema.
        if case .reflection = needed.source, resolutionState.withLock({ $0.offline != nil }) { return false }
        let loads = resolutionState.withLock { state -> Int in
            state.schemaLoads += 1
            return state.schemaLoads
        }
        if loads > 3, resolutionState.withLock({ $0.schemaFailure == nil }) {
            resolutionState.withLock { $0.schemaFailure = (needed.source, "\(needed.source) changed each time it was read (3 times)") }
        }
        if let failure = resolutionState.withLock({ $0.schemaFailure }), failure.source == needed.source || loads > 3 {
            resolutionState.withLock { $0.problem = "\(source.name): \(failure.reason)" }
            startWithoutCache()
            return true
        }
        let agent = self.agent
        Task { [self] in
            do {
                _ = try await GRPCSchemaStore.shared.load(needed.source, settings: needed.settings, agent: agent)
            } catch {
                resolutionState.withLock { $0.schemaFailure = (needed.source, "\(error)") }
            }
            thenStarts()
        }
        return true
    }
    #endif

    /// Where oauth2 and command tokens come from; nil: ``TokenSessions/shared``. Applies from
    /// the next start.
    package var tokenSessions: TokenSessions? {
        get { resolutionState.withLock { $0.tokenSessions } }
        set { resolutionState.withLock { $0.tokenSessions = newValue } }
    }

    /// Set: every start is answered from the cache or the history, never the network.
    package var offline: (any OfflineAnswering)? {
        get { resolutionState.withLock { $0.offline } }
        set { resolutionState.withLock { $0.offline = newValue } }
    }

    /// The history exchange that answered the last start offline; nil otherwise.
    public package(set) var answeredFromHistory: Int64? {
        get { resolutionState.withLock { $0.answeredFromHistory } }
        set { resolutionState.withLock { $0.answeredFromHistory = newValue } }
    }

    private func resolve() {
        do {
            let resolution = try RequestResolution(source, scope: scope, workspace: workspace,
                                                   keepsCallOpen: resolutionState.withLock { $0.keepsCallOpen })
            scope.setSecrets(resolution.secrets, for: source.name)
            self.definition = resolution.settings
            self.definition.authenticator = resolution.tokenAuth.flatMap {
                (tokenSessions ?? .shared).authenticator(for: $0, workspaceFile: workspace.file, scope: scope)
            }
            resolutionState.withLock {
                $0.problem = nil
                $0.secretToFetch = nil
                $0.contract = resolution.contract
                #if GRPC
                $0.call = resolution.call
                $0.schemaToLoad = nil
                #endif
            }
        } catch {
            // It fails before sending, but as the method it was written with (reports said GET).
            var unresolved = ConfigurableRequest.Definition()
            unresolved.method = source.method
            #if GRPC
            // A call whose schema is not loaded yet is a call with its URL, headers and TLS
            // already, without its messages (offline replay finds it by its URL and answers it
            // as a call without the schema; a grpcurl command is written without the schema).
            if let needed = error as? GRPCSchemaNeeded {
                unresolved = needed.settings
                unresolved.grpc = GRPCCallSettings()
            }
            #endif
            self.definition = unresolved
            let notFetched = (error as? TemplateError).flatMap { $0.isSecretNotFetched ? String($0.name.dropFirst(7)) : nil }
            resolutionState.withLock {
                $0.problem = "\(source.name): \(error)"
                $0.secretToFetch = notFetched
                #if GRPC
                $0.call = nil
                $0.schemaToLoad = error as? GRPCSchemaNeeded
                #endif
            }
        }
        // After the resolution's secrets are known, so that the text cannot show them.
        hudText = source.hud.shownText(in: scope)
    }

    /// The contract that judges this request's responses, with its base URL filled in; nil
    /// when none does (``Workspace/contractScope(for:)``).
    var contractScope: (contract: Contract, baseURL: String?)? { resolutionState.withLock { $0.contract } }

    /// Seconds from `start()` to the last callback; nil until it finished.
    public var duration: TimeInterval? {
        resolutionState.withLock { state in
            guard let start = state.startedAt, let end = state.finishedAt else { return nil }
            return end.timeIntervalSince(start)
        }
    }

    /// The URL as it was sent (or would be): the response's when there is one, else what the
    /// engine's builder makes of it (URL filters, base or CDN URL, the arguments' query).
    public var displayURL: String {
        if let url = response?.url, !url.isEmpty { return url }
        if definition.requestURL.isEmpty { return source.url }
        return (try? preparedRequest())?.url ?? resolvedURL
    }

    // MARK: - Beyond the resolved definition

    /// Why the call's `messages:` script ended it (an `expect:` that no message met in time);
    /// nil otherwise. A violation of the response (-13).
    public package(set) var scriptProblem: String? {
        get { resolutionState.withLock { $0.scriptProblem } }
        set { resolutionState.withLock { $0.scriptProblem = newValue } }
    }

    /// Why the streaming call's script is not through, now that the call ended.
    private func unfinishedScript() -> String? {
        #if GRPC
        guard let script = resolutionState.withLock({ $0.script }) else { return nil }
        return script.unfinished(received: streamEvents.filter { $0.kind == .message && $0.direction == .received })
        #else
        return nil
        #endif
    }

    /// Set: a client-streaming or bidirectional call stays open after its `message:` and
    /// `messages:` for the messages a reader sends (``encodedCallMessage(_:)``, ``Request/send(_:)``)
    /// until ``Request/finishSending()`` — the workbench's calls. Applies from the next start.
    package var keepsCallOpen: Bool {
        get { resolutionState.withLock { $0.keepsCallOpen } }
        set { resolutionState.withLock { $0.keepsCallOpen = newValue } }
    }

    /// Whether the last resolution stopped for a gRPC schema not loaded yet (the next start
    /// loads it; ``argumentsProblem()`` says which).
    package var needsSchema: Bool {
        #if GRPC
        return resolutionState.withLock { $0.schemaToLoad != nil }
        #else
        return false
        #endif
    }

    /// The full name of the request message type of the method a `grpc:` request calls, once
    /// resolved by its loaded schema; nil otherwise.
    package var callInputType: String? {
        #if GRPC
        return resolutionState.withLock { $0.call?.codec.shape.input }
        #else
        return nil
        #endif
    }

    /// The kind of call a `grpc:` request makes, once resolved by its loaded schema.
    package var callKind: GRPCMethodKind? {
        #if GRPC
        return resolutionState.withLock { $0.call?.codec.shape }.map { GRPCMethodKind(clientStreaming: $0.clientStreaming, serverStreaming: $0.serverStreaming) }
        #else
        return nil
        #endif
    }

    /// Loads the schema the last resolution needed, as a start would, and resolves again: a
    /// load run's calls are prepared so, without a start. Nothing when none was needed.
    package func loadingCallSchema() async throws {
        #if GRPC
        guard let needed = resolutionState.withLock({ $0.schemaToLoad }) else { return }
        _ = try await GRPCSchemaStore.shared.load(needed.source, settings: needed.settings, agent: agent)
        resolve()
        #endif
    }

    /// `text` — a request message of the running call as proto3 JSON, `{{variables}}` filled
    /// in — encoded by the method's schema, to send with ``Request/send(_:)``; throws saying
    /// what is wrong (`not JSON: …`, `message field longitud: no field …`).
    package func encodedCallMessage(_ text: String) throws -> Data {
        #if GRPC
        guard let codec = resolutionState.withLock({ $0.call })?.codec else {
            throw GRPCMessageError(location: nil, text: "\(source.name) is not a gRPC call with its schema loaded")
        }
        let json: JSONValue
        do { json = try JSONValue(parsing: Data(text.utf8)) } catch {
            throw GRPCMessageError(location: nil, text: "not JSON: \(error)")
        }
        return try codec.encoded(try scope.render(json))
        #else
        throw GRPCUnavailable()
        #endif
    }

    /// A gRPC call's message as JSON, by the method's schema; nil for another request.
    public override func json(ofCallMessage message: Data, sent: Bool) -> JSONValue? {
        // Offline replay gives a call's messages back as the JSON the history kept.
        if answeredFromHistory != nil { return try? JSONValue(parsing: message) }
        #if GRPC
        return resolutionState.withLock { $0.call }?.codec.json(of: message, sent: sent)
        #else
        return nil
        #endif
    }

    /// `event` as it reads: a gRPC call's message as its JSON text (when its schema reads
    /// it), any other event as it is.
    public func readable(_ event: StreamEvent) -> StreamEvent {
        guard grpcCall != nil, event.kind == .message, let json = json(ofCallMessage: event.data, sent: event.direction == .sent) else { return event }
        var readable = event
        readable.data = json.serialized()
        return readable
    }

    /// A placeholder without a value, found when resolving: fails the request before any network use.
    public override func argumentsProblem() -> String? { resolutionState.withLock { $0.problem } }

    /// Cache metadata and logs hide this workspace's secrets too: a token in the URL's path,
    /// a password, `sensitive` values.
    public override func redactedForDisplay(_ text: String) -> String { scope.redact(text) }

    /// A header also carries a credential when its value holds one of the workspace's known
    /// secrets (`sensitive`, auth, a secret `{{env.NAME}}`, a secret capture): a redirect to
    /// another origin does not take it along.
    public override func isCredentialHeader(name: String, value: String) -> Bool {
        super.isCredentialHeader(name: name, value: value) || scope.redact(value) != value
    }

    /// The `expect:` checks and the contract (`config.contract`), run once the status and
    /// template checks passed; those that fail fail the request (-13) together.
    public override func responseViolations(in content: ResponseContent) -> [ResponseViolation] {
        let script = (scriptProblem ?? unfinishedScript()).map { [ResponseViolation($0)] } ?? []
        guard isChecked else { return script }
        let results = evaluateExpectations(on: readingLastEvent(ResponseFacts(content: content)))
        return script + results.filter { !$0.passed }.map { result in
            // The summary starts with the path when there is one (`$.price: expected …`).
            guard let path = result.jsonPath?.description, result.summary.hasPrefix(path + ": ") else { return ResponseViolation(result.summary) }
            return ResponseViolation(String(result.summary.dropFirst(path.count + 2)), path: path)
        }
    }

    /// The `expect:` results of the last response, then the contract's, each check passed or
    /// failed with expected and actual; nil before a response or without `expect:` and contract. A response the status check
    /// refused (-8) still gets its checks run, for the user to read.
    public var checkResults: [CheckResult]? {
        get { resolutionState.withLock { $0.checkResults } }
        set { resolutionState.withLock { $0.checkResults = newValue } }
    }

    /// The stream of the last start, when the runner ended it at `until:` or `maxEvents:`.
    package var endedStream: EndedStream? {
        get { resolutionState.withLock { $0.endedStream } }
        set { resolutionState.withLock { $0.endedStream = newValue } }
    }

    /// Events of the last run's stream the runner's output fell too far behind to print.
    package var eventsNotShown: Int {
        get { resolutionState.withLock { $0.eventsNotShown } }
        set { resolutionState.withLock { $0.eventsNotShown = newValue } }
    }

    public override func requestCompleteFilter() { markFinished() }
    public override func requestFailedFilter() { markFinished() }

    private func markFinished() {
        resolutionState.withLock { $0.finishedAt = Date() }
        if isChecked, checkResults == nil, let facts = ResponseFacts(request: self) {
            _ = evaluateExpectations(on: readingLastEvent(facts))
        }
        // Cookie values are secrets wherever they show up again: a capture, a report, a body
        // that echoes them. The jar's, after this response stored its own.
        if let jar = agent.cookieJar { scope.setSecrets(jar.cookies.map(\.value), for: "cookies") }
    }
}
