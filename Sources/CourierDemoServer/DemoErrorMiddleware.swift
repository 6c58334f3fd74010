import Hummingbird

/// Turns a ``DemoError`` thrown by a route handler into its JSON response, and the
/// router's answer for a path no route matches into the JSON 404 of
/// ``DemoError/notFound(path:)``.
///
/// Other errors pass through unchanged, for Hummingbird to answer.
struct DemoErrorMiddleware: RouterMiddleware {
    typealias Context = DemoRequestContext

    func handle(
        _ request: Request,
        context: DemoRequestContext,
        next: (Request, DemoRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as DemoError {
            return error.response
        } catch let error as HTTPError where error.status == .notFound {
            // Thrown by the router's not-found responder, which runs behind the same
            // middleware: no route handler throws `HTTPError`.
            return DemoError.notFound(path: request.uri.path).response
        }
    }
}
