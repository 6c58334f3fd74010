/// The in-memory state one demo server instance keeps across requests.
final class DemoServerState: Sendable {
    let requestLog = RequestLogStore()
    let counters = CounterStore()
    let mutableResources = MutableResourceStore()
    let sessions = SessionTokenStore()
    let oauth = OAuthStore()
    let webSockets = WebSocketHub()
}
