import Foundation
import Synchronization

/// One row of the agent's record table: a request in flight, as a UI shows it. The progress
/// is a copy taken when the table was read; the rest is read from the agent's own entry, so a
/// record costs one reference to copy (a UI reads 10,000 of them ten times a second).
public struct RequestRecord: Sendable {
    private let entry: RecordEntry
    /// The transfer's counters, copied when the table was read.
    public let progress: TransferProgress

    init(entry: RecordEntry, progress: TransferProgress) {
        self.entry = entry
        self.progress = progress
    }

    /// The agent's task id (YTK's record key).
    public var id: Int { entry.id }
    /// The request object that runs.
    public var request: Request { entry.request }
    /// The method as sent.
    public var method: HTTPMethod { entry.prepared.method }
    /// The URL as sent: joined with the base URL, through the URL filters, with the query. It may
    /// hold secrets: show it through the request's ``Request/redactedForDisplay(_:)``.
    public var url: String { entry.prepared.url }
    /// The priority the run started with; waiting runs start by priority, then in order.
    public var priority: RequestPriority { entry.priority }
    /// When the run was handed to the agent.
    public var startedAt: Date { entry.startedAt }

    /// Where the transfer stands: queued, connecting, sending, receiving.
    public var phase: TransferPhase { progress.phase }
    /// Request body bytes sent so far (libcurl's upload count; header lines are not counted).
    public var bytesSent: Int64 { progress.bytesSent }
    /// Response body bytes received so far (header lines are not counted).
    public var bytesReceived: Int64 { progress.bytesReceived }
    /// The response body's length from `Content-Length`, when the server sent one.
    public var expectedBytesToReceive: Int64? { progress.expectedBytesToReceive }
    /// The connection the transfer runs on, once the request went out on one.
    public var connection: TransferConnection? { progress.connection }
    /// The stream's events, rate and state while the response streams; nil otherwise.
    public var stream: StreamState? { entry.stream?.snapshot }
}

extension RequestRecord: CustomStringConvertible {
    /// In words, e.g. "#3 GET http://127.0.0.1:8080/get receiving, 120 of 4096 bytes received";
    /// the URL as sent, secrets hidden by the request's ``Request/redactedForDisplay(_:)``.
    public var description: String {
        "#\(id) \(method.rawValue) \(request.redactedForDisplay(url)) \(stream.map { "\($0)" } ?? "\(progress)")"
    }
}

/// The agent's bookkeeping for one run of a request, and the run's progress cell.
final class RecordEntry: ProgressCell, @unchecked Sendable {
    let id: Int
    let request: Request
    /// What the run sends (a download's attempts each add their plan to a copy).
    let sent: SharedPreparedRequest
    /// What the run read when it started.
    let context: RunContext
    let priority: RequestPriority
    let startedAt = Date()
    /// The run's progress: the entry itself.
    var progress: ProgressCell { self }
    /// The run's authenticator already recovered from a failure once (``RequestAuthenticator``).
    let recovered: Bool
    /// The run's stream, when the request may stream (it does once a response says so).
    let stream: StreamSession?
    /// A gRPC call's outgoing messages, for the whole run.
    let outbox: GRPCOutbox?
    /// The attempt an external transport carries, while it runs.
    let external = Mutex<ExternalTransfer?>(nil)

    var settings: NetworkSettings { _read { yield context.settings } }
    var prepared: PreparedRequest { _read { yield sent.value } }

    init(id: Int, request: Request, sent: SharedPreparedRequest, context: RunContext, priority: RequestPriority,
         clock: RecordClock? = nil, recovered: Bool = false) {
        self.id = id
        self.recovered = recovered
        self.request = request
        self.sent = sent
        self.context = context
        self.priority = priority
        stream = sent.value.stream.map { StreamSession(settings: $0, grpc: sent.value.grpc) }
        outbox = sent.value.grpc.map(GRPCOutbox.init)
        super.init(clock: clock)
    }

    var record: RequestRecord {
        RequestRecord(entry: self, progress: progress.snapshot)
    }
}
