import HTTPTypes
import Hummingbird

/// A route handler: answers one request, or throws a ``DemoError``.
typealias DemoRouteHandler = @Sendable (DemoExchange) async throws -> Response

extension Router<DemoRequestContext> {
    /// Registers `handler` at `path` for every method a request can have.
    ///
    /// The handlers check the method themselves (``DemoExchange/require(_:)`` answers 405
    /// with `Allow`, `/anything` and `/status` take any method, `/counter` tells DELETE
    /// apart), so the router matches the path only: a method registered for no route
    /// would get the router's 404 instead of the handler's 405.
    @discardableResult
    func onAnyMethod(_ path: RouterPath, use handler: @escaping DemoRouteHandler) -> Self {
        let responder = DemoRouteResponder(handler: handler)
        for method in HTTPRequest.Method.parsedByServer {
            on(path, method: method, responder: responder)
        }
        return self
    }
}

/// Calls a ``DemoRouteHandler`` with the request wrapped in a ``DemoExchange``.
struct DemoRouteResponder: HTTPResponder {
    let handler: DemoRouteHandler

    func respond(to request: Request, context: DemoRequestContext) async throws -> Response {
        try await handler(DemoExchange(request: request, context: context))
    }
}

extension HTTPRequest.Method {
    /// Every method the server's request parser (NIO's llhttp) accepts: its
    /// `HTTP_METHOD_MAP`, plus the RTSP methods it takes on an `RTSP/1.0` request line.
    /// A request with any other method is refused with 400 before it reaches the router.
    /// NIO spells `M-SEARCH` as `MSEARCH`, and so does the request the router sees.
    static let parsedByServer: [HTTPRequest.Method] = [
        .get, .head, .post, .put, .delete, .connect, .options, .trace, .patch,
    ] + [
        "COPY", "LOCK", "MKCOL", "MOVE", "PROPFIND", "PROPPATCH", "SEARCH", "UNLOCK", "BIND", "REBIND",
        "UNBIND", "ACL", "REPORT", "MKACTIVITY", "CHECKOUT", "MERGE", "MSEARCH", "NOTIFY", "SUBSCRIBE",
        "UNSUBSCRIBE", "PURGE", "MKCALENDAR", "LINK", "UNLINK", "SOURCE", "QUERY",
        // RTSP
        "DESCRIBE", "ANNOUNCE", "SETUP", "PLAY", "PAUSE", "TEARDOWN", "GET_PARAMETER", "SET_PARAMETER",
        "REDIRECT", "RECORD", "FLUSH",
    ].map { HTTPRequest.Method($0)! }
}
