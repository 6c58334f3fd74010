import HTTPTypes
import Hummingbird
import NIOCore

/// One request as the route handlers see it.
struct DemoExchange: Sendable {
    /// The largest request body the server reads (larger ones get 413).
    static let maximumBodySize = 128 * 1024 * 1024

    let request: Request
    let context: DemoRequestContext
    /// The method the handlers check: `HEAD` is handled as `GET` (``HeadResponseMiddleware``
    /// drops the body).
    let method: HTTPRequest.Method
    /// The path split on `/`, without empty segments, still percent-encoded.
    let segments: [Substring]
    /// The decoded query string.
    let query: FormFields

    init(request: Request, context: DemoRequestContext) {
        self.request = request
        self.context = context
        self.method = request.method == .head ? .get : request.method
        self.segments = request.uri.path.split(separator: "/")
        self.query = FormFields(urlEncoded: Substring(request.uri.query ?? ""))
    }

    /// Throws 405 unless the (routing) method is one of `allowed`.
    func require(_ allowed: HTTPRequest.Method...) throws {
        guard allowed.contains(method) else { throw DemoError.methodNotAllowed(allowed) }
    }

    /// The value of a request header (repeated fields joined with ", ").
    func header(_ name: HTTPField.Name) -> String? {
        let values = request.headers[values: name]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// Reads the whole request body (413 when it exceeds ``maximumBodySize``).
    func collectBody() async throws -> [UInt8] {
        var request = self.request
        do {
            let buffer = try await request.collectBody(upTo: DemoExchange.maximumBodySize)
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw DemoError(.contentTooLarge, "request body larger than \(DemoExchange.maximumBodySize) bytes")
        }
    }

    /// The URL as requested: `http://` + Host + path and query.
    var requestedURL: String {
        let host = request.head.authority ?? "localhost"
        return "http://\(host)\(request.uri.string)"
    }

    /// A query parameter parsed as an integer, 400 when present but malformed.
    func integerQuery(_ name: String, default defaultValue: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = query[name] else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw DemoError(.badRequest, "query parameter '\(name)' must be an integer in \(range)")
        }
        return value
    }

    /// A path segment parsed as an integer, 400 when malformed.
    func integerSegment(_ index: Int, range: ClosedRange<Int>, what: String) throws -> Int {
        guard let value = Int(segments[index]), range.contains(value) else {
            throw DemoError(.badRequest, "\(what) must be an integer in \(range)")
        }
        return value
    }
}
