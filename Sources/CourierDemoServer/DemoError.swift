import HTTPTypes
import Hummingbird

/// An error that a route handler throws to answer with a JSON error response.
struct DemoError: Error {
    let status: HTTPResponse.Status
    let body: DemoJSON
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.body = ["error": .string(message)]
        self.headers = headers
    }

    init(_ status: HTTPResponse.Status, body: DemoJSON, headers: HTTPFields = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// 405 listing the methods the path accepts.
    static func methodNotAllowed(_ allowed: [HTTPRequest.Method]) -> DemoError {
        let names = allowed.map(\.rawValue)
        return DemoError(
            .methodNotAllowed,
            body: ["error": "method not allowed", "allowed": .array(names.map { .string($0) })],
            headers: [.allow: (names + ["HEAD"]).joined(separator: ", ")]
        )
    }

    /// 404 for a path no route serves: `{"error": "not found", "path": path}`.
    static func notFound(path: String) -> DemoError {
        DemoError(.notFound, body: ["error": "not found", "path": .string(path)])
    }

    var response: Response {
        DemoResponse.json(body, status: status, headers: headers)
    }
}
