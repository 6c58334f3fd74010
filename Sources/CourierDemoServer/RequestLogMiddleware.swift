import Hummingbird

/// Appends every request to the server's request log before it is answered: routed or
/// not (404s included), whatever its method.
///
/// It is the router's outermost middleware, so the entry is recorded even when a later
/// step throws.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = DemoRequestContext

    let log: RequestLogStore

    func handle(
        _ request: Request,
        context: DemoRequestContext,
        next: (Request, DemoRequestContext) async throws -> Response
    ) async throws -> Response {
        log.append(Self.entry(for: request))
        return try await next(request, context)
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
