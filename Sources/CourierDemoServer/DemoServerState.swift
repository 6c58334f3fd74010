import Hummingbird

/// The in-memory state one demo server instance keeps across requests.
final class DemoServerState: Sendable {
    let requestLog = RequestLogStore()
    let counters = CounterStore()
    let mutableResources = MutableResourceStore()
    let sessions = SessionTokenStore()
    let oauth = OAuthStore()
    let webSockets = WebSocketHub()
    /// `/load/flaky`'s counts and `/load/stall`'s pauses (``LoadRoutes``).
    let loadFlakyCounts = CounterStore()
    let loadStalls = LoadStallStore()
    /// Whether `GET /__requests` answers with the request log (``RequestLogMiddleware``).
    let exposesRequestLog: Bool

    init(exposesRequestLog: Bool = false) {
        self.exposesRequestLog = exposesRequestLog
    }

    /// The state of the server answering the request being handled, bound around each
    /// request by ``DemoServerStateBinding``: the routes are built once per process and
    /// shared by every server (``DemoRouter/routes``).
    @TaskLocal static var bound: DemoServerState?

    /// ``bound``; a route handler or middleware runs only inside a server's binding.
    static var current: DemoServerState {
        guard let bound else { preconditionFailure("a demo route ran outside its server's DemoServerStateBinding") }
        return bound
    }
}

/// A server's responder: the shared routes, with this server's state bound for each request.
struct DemoServerStateBinding: HTTPResponder {
    typealias Context = DemoRequestContext
    let state: DemoServerState
    let routes: RouterResponder<DemoRequestContext>

    func respond(to request: Request, context: DemoRequestContext) async throws -> Response {
        try await DemoServerState.$bound.withValue(state) { try await routes.respond(to: request, context: context) }
    }
}
