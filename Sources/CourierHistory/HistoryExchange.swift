import Courier
import Foundation
import GRDB

/// One exchange in the history database: what was sent and what came back, secrets
/// redacted, as the runner or the workbench saw it finish. A row of the `exchange` table.
public struct HistoryExchange: Sendable, Codable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    /// A header as sent or received (value redacted when it is a secret).
    public struct Header: Sendable, Codable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// libcurl's phases in milliseconds, laid out as HAR's `timings` are: each phase's own
    /// duration, -1 when it did not happen (a reused connection has no DNS or connect).
    public struct Timings: Sendable, Codable, Hashable {
        public var dns: Double
        public var connect: Double
        public var ssl: Double
        public var send: Double
        public var wait: Double
        public var receive: Double
        public var total: Double

        public init(dns: Double, connect: Double, ssl: Double, send: Double, wait: Double, receive: Double, total: Double) {
            self.dns = dns
            self.connect = connect
            self.ssl = ssl
            self.send = send
            self.wait = wait
            self.receive = receive
            self.total = total
        }
    }

    public static let databaseTableName = "exchange"

    /// Dates as GRDB writes them, without its `DateFormatter` (``TimestampText/database(_:)``).
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { TimestampText.database($0) }
    }

    public var id: Int64?
    /// One `courier run` or workbench session: exchanges of one run share it (HAR pages).
    public var runID: String
    public var date: Date
    /// The workspace's name and its file's absolute path.
    public var workspace: String
    public var workspacePath: String
    /// The request's name in the workspace.
    public var request: String
    public var environment: String?
    public var method: String
    public var url: String
    public var requestHeaders: [Header]
    public var requestBody: Data?
    public var requestBodyBytes: Int
    public var status: Int?
    public var httpVersion: String?
    public var responseHeaders: [Header]
    /// The trailer fields that followed the body — a gRPC call's status, message and
    /// trailing metadata — redacted as headers are; nil when none came.
    public var responseTrailers: [Header]?
    /// The response body, whole when it is at most the history's body limit; nil otherwise.
    /// A session's is its transcript's text (``HistoryTranscript/body``).
    public var responseBody: Data?
    /// A spooled response body (past `spoolBodiesOver`) kept by reference: the name of its
    /// redacted copy in the history's `bodies/` folder (``HistoryStore/keptBodyPath(of:)``);
    /// nil when it was not kept (over `config.history.spooledBytes`, let go past
    /// `spooledTotalBytes`, or not spooled).
    public var responseBodyFile: String?
    public var responseBodyBytes: Int
    /// SHA-256 of the body as received (hex), so that two large bodies can be compared.
    public var responseBodySHA256: String?
    public var contentType: String?
    public var durationMs: Double
    public var timings: Timings?
    public var ok: Bool
    public var errorFamily: String?
    public var errorCode: Int?
    public var errorMessage: String?
    /// What was said beside the response (``WorkspaceRequest/warning``): a body that did not
    /// parse as its content type says under `response: auto`, or a GraphQL `errors` message.
    public var warning: String?
    /// The request's `expect:` and contract checks, each passed or failed with expected and
    /// actual (redacted, bounded); nil when the response was not checked.
    public var checks: [CheckRecord]?
    /// A session's messages both ways (a WebSocket's), bounded and redacted; nil for any
    /// other exchange (a streamed HTTP response's text is its body).
    public var transcript: HistoryTranscript?
    public var fromCache: Bool
    public var batch: String?
    public var chain: String?
    public var step: Int?
    /// Where a download went.
    public var file: String?

    public init(runID: String, date: Date, workspace: String, workspacePath: String, request: String, method: String, url: String) {
        self.runID = runID
        self.date = date
        self.workspace = workspace
        self.workspacePath = workspacePath
        self.request = request
        self.method = method
        self.url = url
        requestHeaders = []
        requestBodyBytes = 0
        responseHeaders = []
        responseBodyBytes = 0
        durationMs = 0
        ok = false
        fromCache = false
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Whether the response body is here (redacted), not only its size and hash.
    public var hasWholeResponseBody: Bool { responseBody != nil }

    /// How a gRPC call ended, from its trailers (or a trailers-only answer's headers); nil
    /// for any other exchange.
    public var callStatus: GRPCStatus? {
        GRPCStatus(fields: (responseHeaders + (responseTrailers ?? [])).map { ($0.name, $0.value) })
    }

    /// `200`, `transport -1004`, `failed`, or a gRPC call's status: `OK`, `NOT_FOUND (5)`.
    public var outcome: String {
        if let call = callStatus { return call.code.outcome }
        if ok, let status { return String(status) }
        if let errorFamily, let errorCode { return "\(errorFamily) \(errorCode)" }
        return status.map(String.init) ?? "failed"
    }

    /// The checks that failed; none when there were none or all passed.
    public var failedChecks: [CheckRecord] { checks?.filter { !$0.passed } ?? [] }

    /// `✓ 5 checks passed` or `✗ 3/5 checks failed`.
    public static func checksVerdict(_ checks: [CheckRecord]) -> String {
        let failed = checks.filter { !$0.passed }.count
        let noun = checks.count == 1 ? "check" : "checks"
        return failed == 0 ? "✓ \(checks.count) \(noun) passed" : "✗ \(failed)/\(checks.count) \(noun) failed"
    }

    /// The value of a response header, case-insensitively.
    public func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
