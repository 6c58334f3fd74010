import Hummingbird

/// Answers `HEAD` like `GET` without a body.
///
/// The route handlers see a `HEAD` request as `GET` (``DemoExchange/method``) and build
/// the full response; this middleware then keeps its status and headers
/// (`Content-Length` included) and drops the body, whose closure therefore never runs.
/// It sits outside ``DemoErrorMiddleware`` so that error responses lose their body too.
struct HeadResponseMiddleware: RouterMiddleware {
    typealias Context = DemoRequestContext

    func handle(
        _ request: Request,
        context: DemoRequestContext,
        next: (Request, DemoRequestContext) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        return request.method == .head ? response.createHeadResponse() : response
    }
}
