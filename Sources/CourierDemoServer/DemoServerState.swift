/// The in-memory state one demo server instance keeps across requests.
final class DemoServerState: Sendable {
    let requestLog = RequestLogStore()
    let counters = CounterStore()
    let mutableResources = MutableResourceStore()
    let sessions = SessionTokenStore()
    let oauth = OAuthStore()
    let webSockets = WebSocketHub()
    /// Whether `GET /__requests` answers with the request log (``RequestLogMiddleware``).
    let exposesRequestLog: Bool

    init(exposesRequestLog: Bool = false) {
        self.exposesRequestLog = exposesRequestLog
    }
}
