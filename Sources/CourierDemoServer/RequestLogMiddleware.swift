import Hummingbird

/// Appends every request to the server's request log before it is answered: routed or
/// not (404s included), whatever its method.
///
/// It is the router's outermost middleware, so the entry is recorded even when a later
/// step throws. When the log is exposed (`courier serve --request-log`, for tests that run
/// the server in a process of their own), `GET /__requests` answers with it as JSON and is
/// not logged itself.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = DemoRequestContext

    /// Where an exposed log is read.
    static let exposedPath = "/__requests"

    func handle(
        _ request: Request,
        context: DemoRequestContext,
        next: (Request, DemoRequestContext) async throws -> Response
    ) async throws -> Response {
        let state = DemoServerState.current
        let log = state.requestLog
        if state.exposesRequestLog, request.uri.path == Self.exposedPath, request.method == .get {
            return DemoResponse.json(.array(log.snapshot.map(Self.json(of:))))
        }
        log.append(Self.entry(for: request))
        return try await next(request, context)
    }

    /// `{"method", "path", "query", "headers": [[name, value], …]}`.
    static func json(of entry: DemoServer.LoggedRequest) -> DemoJSON {
        .object([("method", .string(entry.method)), ("path", .string(entry.path)), ("query", .string(entry.query)),
                 ("headers", .array(entry.headers.map { .array([.string($0.name), .string($0.value)]) }))])
    }

    /// Method, path, query string and headers, with the authority first as `Host`.
    static func entry(for request: Request) -> DemoServer.LoggedRequest {
        var headers: [(name: String, value: String)] = []
        if let authority = request.head.authority { headers.append(("Host", authority)) }
        headers += request.headers.map { ($0.name.rawName, $0.value) }
        return DemoServer.LoggedRequest(
            method: request.method.rawValue,
            path: request.uri.path,
            query: request.uri.query ?? "",
            headers: headers
        )
    }
}
