import Courier
import CourierWorkspace
import Foundation

/// What `courier mock` serves and from where: the requests, the OpenAPI document, the history.
public struct MockSettings: Sendable {
    /// Requests to serve (batches and chains stand for their requests); empty: every request,
    /// and every operation of the OpenAPI document.
    public var names: [String] = []
    /// `--from FILE`: the OpenAPI document; nil: the workspace's `config.contract`, if any.
    public var openAPIFile: String?
    /// `--from-history`: answer from the newest response the history has.
    public var history: HistoryStore?
    /// The environment whose variables the answers' templates read.
    public var environment: String?
    /// What `fail:` rates and `jitter:` draw from.
    public var seed: UInt64?

    public init() {}
}

/// Why a mock cannot start: an unknown name, an unreadable document.
public struct MockSetupError: Error, CustomStringConvertible {
    public let description: String
}

extension MockService {
    /// The mock of `workspace`'s requests (``MockSettings/names``, else all of them).
    public static func make(workspace: Workspace, settings: MockSettings,
                            onCall: @escaping @Sendable (MockCall) -> Void = { _ in }) throws -> MockService {
        var names: [String] = []
        for name in settings.names {
            switch workspace.target(named: name) {
            case .request: names.append(name)
            case .batch: names += workspace.requestNames(inBatch: name)
            case .chain(let chain): names += chain.steps.flatMap { $0.items.map(\.request.name) }
            case nil:
                throw MockSetupError(description: "no request, batch or chain named \(name)"
                                     + Suggestion.clause(for: name, in: Set(workspace.targetNames)))
            }
        }
        if names.isEmpty { names = workspace.requestNames }
        var seen: Set<String> = []
        let requests = names.filter { seen.insert($0).inserted }.compactMap { workspace.requests[$0] }
            .filter { $0.grpc == nil && !$0.url.contains("ws://") && !$0.url.contains("wss://") && !$0.url.contains("{{demoWS}}") }
        let contract: Contract?
        do {
            contract = try settings.openAPIFile.map { file throws(WorkspaceError) in try Contract.load(file: file) } ?? workspace.config.contract
        } catch {
            throw MockSetupError(description: error.description)
        }
        var definitions: [String: MockDefinition] = [:]
        for request in requests { definitions[request.name] = request.mock }
        let variables = (try? workspace.variables(environment: settings.environment)) ?? workspace.variables
        let scope = VariableScope(variables: variables, environmentName: settings.environment)
        let history: (@Sendable (String) -> HistoryExchange?)? = settings.history.map { store in
            let path = HistoryStore.workspacePath(ofFile: workspace.file)
            return { name in try? store.latestAnswer(workspacePath: path, request: name) }
        }
        return MockService(routes: requests.map(MockRoute.init(request:)), definitions: definitions,
                           contract: contract,
                           servesWholeDocument: settings.names.isEmpty, history: history, scope: scope,
                           seed: settings.seed, onCall: onCall)
    }
}
