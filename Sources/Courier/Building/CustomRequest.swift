import Foundation

/// A request built by hand, replacing URL building, argument encoding and headers
/// (YTK's `buildCustomUrlRequest`).
public struct CustomRequest: Sendable {
    /// The URL as sent: not joined with the base URL and not passed through the URL filters.
    public var url: String
    /// The method; GET unless given.
    public var method: HTTPMethod
    /// Header fields in the order they are sent; the config's `defaultHeaders` are not added.
    public var headers: [(name: String, value: String)]
    /// The body as sent, or nil for none.
    public var body: Data?

    /// A hand-built request: a GET with no headers and no body unless given.
    public init(url: String, method: HTTPMethod = .get, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}
