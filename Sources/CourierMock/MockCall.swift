import Courier
import Foundation

/// A call as it reached the mock: what an answer's templates read.
public struct MockIncoming: Sendable {
    public var method: String
    /// The path, percent-encoded as it was sent.
    public var path: String
    /// The query string without `?`; empty when there is none.
    public var query: String
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(method: String, path: String, query: String = "", headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name` (any case).
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The query's parameters, decoded; the first of a repeated name.
    var queryItems: [String: String] {
        var items: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String { (text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding) ?? String(text) }
            let name = decoded(parts[0])
            if items[name] == nil { items[name] = parts.count > 1 ? decoded(parts[1]) : "" }
        }
        return items
    }
}

/// What the mock sends back, and how long it waits first.
public struct MockReply: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    public var delayMilliseconds: Double
    /// What the call is logged as.
    public var call: MockCall
}

/// One call the mock answered: the log line, the `--json` record and the Mock pane's row.
public struct MockCall: Sendable, Codable, Hashable {
    /// Which source answered.
    public enum Source: String, Sendable, Codable, Hashable {
        /// The request's `mock:` block (``MockCall/sequenceIndex`` says which of a sequence).
        case mock
        /// `mock: {fail: …}` drew this call.
        case fail
        /// A `stateful: true` collection.
        case stateful
        /// An example the OpenAPI document gives.
        case openAPIExample = "openapi-example"
        /// A body made from the OpenAPI document's response schema.
        case openAPISchema = "openapi-schema"
        /// The newest response in the history.
        case history
        /// A route with nothing to answer it with (501).
        case unanswered
        /// No route (404) or not this method (405).
        case noRoute = "no-route"
    }

    public var date: Date
    public var method: String
    public var path: String
    public var query: String
    /// `GET /pets/{id}`; nil when no route fits.
    public var route: String?
    public var request: String?
    public var source: Source
    /// Which answer of a `sequence:` (0-based).
    public var sequenceIndex: Int?
    public var status: Int
    public var delayMilliseconds: Double
    public var responseBytes: Int
    /// Something the caller should know: a generated body the schema does not accept, a
    /// template that could not be filled.
    public var warning: String?

    /// `mock`, `mock #2` (a sequence's second), `openapi example`, … — as the log and the pane show it.
    public var sourceText: String {
        switch source {
        case .mock: return sequenceIndex.map { "mock #\($0 + 1)" } ?? "mock"
        case .openAPIExample: return "openapi example"
        case .openAPISchema: return "openapi schema"
        case .noRoute: return "no route"
        default: return source.rawValue
        }
    }
}
