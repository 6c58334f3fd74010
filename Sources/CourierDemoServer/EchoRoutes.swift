import HTTPTypes
import Hummingbird

/// Routes that describe the request back to the client: `/get`, `/post`, `/put`,
/// `/patch`, `/delete`, `/anything/**`, `/delay/{s}`, `/headers`, `/response-headers`.
enum EchoRoutes {
    /// The longest `/delay` honoured, in seconds.
    static let maximumDelay = 30.0

    /// Echo for a verb-specific path (405 for other methods) or, when `method` is nil,
    /// for any method.
    static func echo(_ exchange: DemoExchange, only method: HTTPRequest.Method?) async throws -> Response {
        if let method { try exchange.require(method) }
        return DemoResponse.json(try await RequestEcho.document(for: exchange))
    }

    /// `/delay/{seconds}`: sleeps (fractions allowed, capped at 30 s) and then echoes.
    static func delay(_ exchange: DemoExchange) async throws -> Response {
        guard let seconds = Double(exchange.segments[1]), seconds.isFinite, seconds >= 0 else {
            throw DemoError(.badRequest, "delay must be a non-negative number of seconds")
        }
        try await Task.sleep(for: .seconds(min(seconds, maximumDelay)))
        return DemoResponse.json(try await RequestEcho.document(for: exchange))
    }

    /// `GET /headers`: `{"headers": {...}}`.
    static func headers(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        return DemoResponse.json(["headers": RequestEcho.headersObject(for: exchange)])
    }

    /// `GET|POST /response-headers?k=v&...`: sets each query pair as a response header
    /// and returns them (string or array per name) as JSON.
    static func responseHeaders(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get, .post)
        var headers = HTTPFields()
        for (name, value) in exchange.query.pairs {
            guard let fieldName = HTTPField.Name(name) else {
                throw DemoError(.badRequest, "invalid header name '\(name)'")
            }
            headers.append(HTTPField(name: fieldName, value: value))
        }
        return DemoResponse.json(exchange.query.jsonObject, headers: headers)
    }
}
