import HTTPTypes
import Hummingbird

/// The demo server's Hummingbird responder: records each request, routes it by path,
/// turns ``DemoError``s into JSON responses and answers `HEAD` like `GET` without a body.
struct DemoResponder: HTTPResponder {
    typealias Context = DemoRequestContext

    let state: DemoServerState

    func respond(to request: Request, context: DemoRequestContext) async throws -> Response {
        state.requestLog.append(Self.logEntry(for: request))
        let exchange = DemoExchange(request: request, context: context)
        var response: Response
        do {
            response = try await route(exchange)
        } catch let error as DemoError {
            response = error.response
        }
        // Hummingbird's `createHeadResponse` keeps the headers (Content-Length included)
        // and drops the body, whose closure therefore never runs.
        return request.method == .head ? response.createHeadResponse() : response
    }

    private func route(_ exchange: DemoExchange) async throws -> Response {
        let segments = exchange.segments
        switch (segments.first ?? "", segments.count) {
        case ("", 0):
            try exchange.require(.get)
            return DemoResponse.json(DocumentRoutes.index)
        case ("get", 1): return try await EchoRoutes.echo(exchange, only: .get)
        case ("post", 1): return try await EchoRoutes.echo(exchange, only: .post)
        case ("put", 1): return try await EchoRoutes.echo(exchange, only: .put)
        case ("patch", 1): return try await EchoRoutes.echo(exchange, only: .patch)
        case ("delete", 1): return try await EchoRoutes.echo(exchange, only: .delete)
        case ("anything", _): return try await EchoRoutes.echo(exchange, only: nil)
        case ("delay", 2): return try await EchoRoutes.delay(exchange)
        case ("headers", 1): return try EchoRoutes.headers(exchange)
        case ("response-headers", 1): return try EchoRoutes.responseHeaders(exchange)
        case ("status", 2): return try StatusRoutes.status(exchange)
        case ("redirect", 2): return try StatusRoutes.redirect(exchange)
        case ("basic-auth", 3): return try AuthRoutes.basic(exchange)
        case ("bearer", 1): return try AuthRoutes.bearer(exchange)
        case ("counter", 2): return try CounterRoutes.counter(exchange, store: state.counters)
        case ("counter", 3) where segments[2] == "peek": return try CounterRoutes.peek(exchange, store: state.counters)
        case ("bytes", 2): return try ByteStreamRoutes.bytes(exchange)
        case ("drop", 1): return try ByteStreamRoutes.drop(exchange)
        case ("mutable", 2): return try ByteStreamRoutes.mutable(exchange, store: state.mutableResources)
        case ("mutable", 3) where segments[2] == "touch":
            return try ByteStreamRoutes.touch(exchange, store: state.mutableResources)
        case ("drip", 1): return try DripRoute.drip(exchange)
        case ("big-json", 1): return try BigJSONRoute.bigJSON(exchange)
        case ("cjk", 1): return try ViewerSampleRoutes.cjk(exchange)
        case ("malformed-json", 1): return try ViewerSampleRoutes.malformedJSON(exchange)
        case ("redirect-to-https", 1): return try HTTPSRedirectRoute.redirect(exchange)
        case ("login", 1): return try await ShopRoutes.login(exchange, sessions: state.sessions)
        case ("profile", 1): return try ShopRoutes.profile(exchange, sessions: state.sessions)
        case ("orders", 1): return try ShopRoutes.orders(exchange, sessions: state.sessions)
        case ("checkout", 1): return try await ShopRoutes.checkout(exchange, sessions: state.sessions)
        case (let name, 1):
            if let document = try DocumentRoutes.document(named: name, exchange) { return document }
        default:
            break
        }
        throw DemoError(.notFound, body: ["error": "not found", "path": .string(exchange.request.uri.path)])
    }

    private static func logEntry(for request: Request) -> DemoServer.LoggedRequest {
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
