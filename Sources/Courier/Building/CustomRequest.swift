import Foundation

/// A request built by hand, replacing URL building, argument encoding and headers
/// (YTK's `buildCustomUrlRequest`).
public struct CustomRequest: Sendable {
    public var url: String
    public var method: HTTPMethod
    public var headers: [(name: String, value: String)]
    public var body: Data?

    public init(url: String, method: HTTPMethod = .get, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}
