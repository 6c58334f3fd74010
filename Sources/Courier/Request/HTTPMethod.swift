/// The HTTP methods a request can use (YTKRequestMethod).
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable, Codable {
    case get = "GET"
    case post = "POST"
    case head = "HEAD"
    case put = "PUT"
    case delete = "DELETE"
    case patch = "PATCH"

    /// Methods whose arguments travel in the query string rather than the body.
    public var encodesArgumentsInQuery: Bool { self == .get || self == .head || self == .delete }

    /// Methods that RFC 9110 calls idempotent: safe to retry.
    public var isIdempotent: Bool { self != .post && self != .patch }
}
