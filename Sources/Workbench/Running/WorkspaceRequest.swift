import Courier
import Foundation
import Synchronization

/// A workspace request as an engine request — what the runner and the workbench send.
/// Its placeholders are filled in from its ``VariableScope`` each time it starts, so a chain
/// step sees the values captured by the steps before it. A placeholder with no value fails
/// the request before any network use with a parameter error (-10) naming it.
public final class WorkspaceRequest: CachedRequest, @unchecked Sendable {
    public let definition: RequestDefinition
    public let scope: VariableScope
    private let workspace: Workspace

    private struct State {
        var resolution = RequestResolution()
        var problem: String?
        var startedAt: Date?
        var finishedAt: Date?
    }
    private let resolutionState = Mutex(State())

    public init(_ definition: RequestDefinition, scope: VariableScope, workspace: Workspace) {
        self.definition = definition
        self.scope = scope
        self.workspace = workspace
        super.init()
        if let priority = definition.priority { self.priority = priority }
        resolve()
    }

    /// Fills in the placeholders again, then starts (from the cache when fresh).
    public override func start() {
        guard !isExecuting else { return }
        resolve()
        resolutionState.withLock {
            $0.startedAt = Date()
            $0.finishedAt = nil
        }
        if resolutionState.withLock({ $0.problem }) != nil { startWithoutCache() } else { super.start() }
    }

    private func resolve() {
        do {
            let resolution = try RequestResolution(definition, scope: scope, workspace: workspace)
            resolution.secrets.forEach(scope.addSecret)
            resolutionState.withLock {
                $0.resolution = resolution
                $0.problem = nil
            }
        } catch {
            resolutionState.withLock { $0.problem = "\(definition.name): \(error)" }
        }
    }

    private var settings: ConfigurableRequest.Definition { resolutionState.withLock { $0.resolution.settings } }

    /// Seconds from `start()` to the last callback; nil until it finished.
    public var duration: TimeInterval? {
        resolutionState.withLock { state in
            guard let start = state.startedAt, let end = state.finishedAt else { return nil }
            return end.timeIntervalSince(start)
        }
    }

    /// The URL as it was sent (or would be): the response's when there is one.
    public var displayURL: String {
        if let url = response?.url, !url.isEmpty { return url }
        let path = settings.requestURL.isEmpty ? definition.url : settings.requestURL
        if path.contains("://") { return path }
        let base = (settings.useCDN ? agent.config.cdnURL : agent.config.baseURL)
        return base.hasSuffix("/") || path.hasPrefix("/") ? base + path : base + "/" + path
    }

    // MARK: - The engine's overridables, from the resolution

    public override var requestURL: String { settings.requestURL }
    public override var useCDN: Bool { settings.useCDN }
    public override var method: HTTPMethod { definition.method }
    public override var arguments: JSONValue? { settings.arguments }
    public override var requestSerializer: RequestSerializer { settings.requestSerializer }
    public override var responseSerializer: ResponseSerializer { settings.responseSerializer }
    public override var headers: [String: String]? { settings.headers }
    public override var basicAuthorization: (user: String, password: String)? { settings.basicAuthorization }
    public override var timeoutInterval: TimeInterval { settings.timeoutInterval }
    public override var jsonValidator: JSONTemplate? { settings.jsonValidator }
    public override var acceptableContentTypes: Set<String>? { settings.acceptableContentTypes }
    public override var tlsPolicy: TLSPolicy? { settings.tlsPolicy }
    public override var retryPolicy: RetryPolicy? { settings.retryPolicy }
    public override var resumableDownloadPath: String? { settings.resumableDownloadPath }
    public override var multipartForm: MultipartForm? { settings.multipartForm }
    public override var bodyFilePath: String? { settings.bodyFilePath }
    public override func isValidStatusCode(_ statusCode: Int) -> Bool {
        settings.acceptableStatusCodes.map { $0.contains(statusCode) } ?? super.isValidStatusCode(statusCode)
    }
    public override func argumentsProblem() -> String? { resolutionState.withLock { $0.problem } }

    public override var cacheTimeInSeconds: Int { resolutionState.withLock { $0.resolution.cacheSeconds } }
    public override var cacheVersion: Int { resolutionState.withLock { $0.resolution.cacheVersion } }
    public override var cacheSensitiveData: JSONValue? { resolutionState.withLock { $0.resolution.cacheSensitiveData } }
    public override var writeCacheAsynchronously: Bool { resolutionState.withLock { $0.resolution.writeCacheAsynchronously } }

    public override func requestCompleteFilter() { markFinished() }
    public override func requestFailedFilter() { markFinished() }

    private func markFinished() { resolutionState.withLock { $0.finishedAt = Date() } }
}
