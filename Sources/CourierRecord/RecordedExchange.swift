import Courier
import Foundation

/// One exchange that passed through `courier record`'s proxy as it was: the request the client
/// sent and the response the server gave (or why there was none). It holds credentials in
/// clear, so it lives in memory only; what is written of it (the HAR, the workspace) goes
/// through ``RecordingCredentials`` and the HAR importer's secret variables first.
public struct RecordedExchange: Sendable {
    /// A header line as it was sent or received.
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var date: Date
    public var method: String
    /// The absolute URL: `http://host/path?query`, or `https://…` for a request that came
    /// through a `CONNECT` tunnel.
    public var url: String
    /// `HTTP/1.1`: the client's.
    public var httpVersion: String
    public var requestHeaders: [Header]
    public var requestBody: Data
    /// The server's status; nil when there was no response (``error`` says why).
    public var status: Int?
    /// `HTTP/2`, `HTTP/1.1`: how the proxy and the server spoke.
    public var responseHTTPVersion: String?
    public var responseHeaders: [Header]
    /// The body as the client got it: decoded (the proxy asks for compressed bodies and
    /// hands them on decoded, without `Content-Encoding`).
    public var responseBody: Data
    /// The body's size when it was larger than what was kept of it (``responseBody`` is then
    /// its newest part); nil when ``responseBody`` is all of it.
    public var responseBytes: Int?
    public var error: String?
    public var durationMs: Double
    public var metrics: TransferMetrics?

    public init(date: Date, method: String, url: String, httpVersion: String, requestHeaders: [Header], requestBody: Data) {
        self.date = date
        self.method = method
        self.url = url
        self.httpVersion = httpVersion
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        responseHeaders = []
        responseBody = Data()
        durationMs = 0
    }

    /// The value of the request header `name` (any case), repeated lines joined with `, `.
    public func requestHeader(_ name: String) -> String? {
        Self.value(of: name, in: requestHeaders)
    }

    /// The value of the response header `name` (any case), repeated lines joined with `, `.
    public func responseHeader(_ name: String) -> String? {
        Self.value(of: name, in: responseHeaders)
    }

    private static func value(of name: String, in headers: [Header]) -> String? {
        let values = headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}
