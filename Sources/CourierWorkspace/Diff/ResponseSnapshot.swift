import Courier
import Foundation

/// One request's response as `courier diff` compares it: the status (or the error), the
/// response headers and the body — redacted by the one rule set before it is kept or saved
/// (`--save FILE`, read back by `--against FILE`).
public struct ResponseSnapshot: Sendable, Codable, Hashable {
    public var request: String
    public var method: String
    public var url: String
    public var status: Int?
    /// `-1004 could not connect …` when the request failed without a response.
    public var error: String?
    public var headers: [Header]
    /// The body as text (UTF-8), or nil when there was none.
    public var body: String?

    public struct Header: Sendable, Codable, Hashable {
        public var name: String
        public var value: String
    }

    public init(request: String, method: String, url: String, status: Int?, error: String?, headers: [Header], body: String?) {
        self.request = request
        self.method = method
        self.url = url
        self.status = status
        self.error = error
        self.headers = headers
        self.body = body
    }

    /// `200`, or `error -1004`.
    public var outcome: String {
        if let status { return String(status) }
        return "error " + (error.map { String($0.prefix { $0 != " " }) } ?? "")
    }

    /// The value of the header `name` (any case), repeated fields joined with `, `.
    public func header(_ name: String) -> String? {
        let values = headers.filter { $0.name.lowercased() == name }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

/// A file of snapshots: `courier diff --save FILE` writes one, `--against FILE` reads it.
public struct SavedDiffRun: Sendable, Codable {
    public var format = "courier-diff-1"
    public var workspace: String
    public var environment: String?
    public var date: Date
    public var responses: [ResponseSnapshot]

    public init(workspace: String, environment: String?, date: Date, responses: [ResponseSnapshot]) {
        self.workspace = workspace
        self.environment = environment
        self.date = date
        self.responses = responses
    }
}
