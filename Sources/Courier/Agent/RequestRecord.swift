import Foundation

/// One row of the agent's record table: a request in flight, as a UI shows it.
public struct RequestRecord: Sendable {
    /// The agent's task id (YTK's record key).
    public let id: Int
    public let request: Request
    public let method: HTTPMethod
    public let url: String
    public let priority: RequestPriority
    public let startedAt: Date
    public let progress: TransferProgress

    public var phase: TransferPhase { progress.phase }
    public var bytesSent: Int64 { progress.bytesSent }
    public var bytesReceived: Int64 { progress.bytesReceived }
    public var expectedBytesToReceive: Int64? { progress.expectedBytesToReceive }
    public var connection: TransferConnection? { progress.connection }
}

extension RequestRecord: CustomStringConvertible {
    /// In words, e.g. "#3 GET http://127.0.0.1:8080/get receiving, 120 of 4096 bytes received";
    /// the URL as sent, secrets hidden by the request's ``Request/redactedForDisplay(_:)``.
    public var description: String {
        "#\(id) \(method.rawValue) \(request.redactedForDisplay(url)) \(progress)"
    }
}

/// The agent's bookkeeping for one run of a request.
final class RecordEntry: Sendable {
    let id: Int
    let request: Request
    /// What the run sends (a download's attempts each add their plan to a copy).
    let sent: SharedPreparedRequest
    /// What the run read when it started.
    let context: RunContext
    let priority: RequestPriority
    let startedAt = Date()
    let progress = ProgressCell()
    /// The run's authenticator already recovered from a failure once (``RequestAuthenticator``).
    let recovered: Bool

    var settings: NetworkSettings { _read { yield context.settings } }
    var prepared: PreparedRequest { _read { yield sent.value } }

    init(id: Int, request: Request, sent: SharedPreparedRequest, context: RunContext, priority: RequestPriority,
         recovered: Bool = false) {
        self.id = id
        self.recovered = recovered
        self.request = request
        self.sent = sent
        self.context = context
        self.priority = priority
    }

    var record: RequestRecord {
        RequestRecord(id: id, request: request, method: prepared.method, url: prepared.url, priority: priority,
                      startedAt: startedAt, progress: progress.snapshot)
    }
}
