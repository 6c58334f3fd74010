import Dispatch
import Foundation
import Synchronization

/// One transfer handed to the transport: what to send, and the hooks that hear how it goes.
/// The agent's ``TransferAttempt`` overrides the hooks; here they do nothing. A class: it
/// moves through the inbox, the loop and the completion batch, and a reference is one
/// retain where copying the prepared request was a dozen. `@unchecked`: a non-final class;
/// every stored property is a `let` of a `Sendable` type.
class TransferJob: @unchecked Sendable {
    let id: Int
    /// What to send, shared with the run's record.
    let sent: SharedPreparedRequest
    let priority: RequestPriority
    let progress: ProgressCell
    /// Times the transport put the job back in its queue for lack of file descriptors
    /// (``DescriptorPacing``).
    let descriptorDeferrals = Atomic<Int>(0)

    /// What to send.
    final var request: PreparedRequest { _read { yield sent.value } }

    init(id: Int, sent: SharedPreparedRequest, priority: RequestPriority, progress: ProgressCell) {
        self.id = id
        self.sent = sent
        self.priority = priority
        self.progress = progress
    }

    /// Whether ``transferProgressed(_:)`` should hear every change; when false the
    /// progress cell still counts received bytes, and libcurl's progress callback is off.
    var wantsProgressTicks: Bool { true }
    /// True for a job whose transfer is only measured (a load run's): libcurl hands over no
    /// header lines (the status comes from libcurl once the transfer ends), and the progress
    /// cell is left alone (no phase, no connection, no byte count). The idle timeout counts from
    /// the start and from body bytes only. A request whose redirects the transport follows
    /// itself still gets its header lines: it needs `Location`.
    var measuresOnly: Bool { false }
    /// Of a body the request discards (``PreparedRequest/discardsResponseBody``), how many
    /// first bytes are kept all the same (a load run's sample exchange); the rest is read and dropped.
    var keptBodyPrefix: Int { 0 }
    /// The transfer got a slot and its handle joined the loop. Transport thread: return at once.
    func transferStarted() {}
    /// A download's body began to arrive in its partial file, with these validators.
    /// Transport thread: return at once (queue any file work elsewhere).
    func downloadBodyStarted(_ plan: DownloadPlan, etag: String?, lastModified: String?) {}
    /// Where the body goes when the response streams (``StreamSession``); nil: never streams.
    var streamSession: StreamSession? { nil }
    /// A gRPC call's outgoing messages, read by libcurl's read callback; nil: not a call.
    var grpcOutbox: GRPCOutbox? { nil }
    /// A chunk of a streamed body completed these events (never empty). Transport thread:
    /// return at once.
    func streamDelivered(_ events: [StreamEvent]) {}
    /// The progress changed. Called on the transport thread: must return at once.
    func transferProgressed(_ progress: TransferProgress) {}
    /// The queue to decide an outcome whose body has `bodyByteCount` bytes in memory on,
    /// instead of the driver's completion queue, or nil. Called on the transport thread:
    /// return at once.
    func completionQueue(bodyByteCount: Int) -> DispatchQueue? { nil }
    /// The transfer ended. Called once, on the queue `completionQueue(bodyByteCount:)` named or else
    /// the driver's completion queue (never after a cancel the transport saw first),
    /// together with the other transfers that ended in the same pass; callbacks added to
    /// `batch` are sent when all of them have run.
    func transferEnded(_ outcome: TransferOutcome, batch: CallbackBatch) {}
    /// True for a job whose end is heard on the transport thread itself, in the pass it ended,
    /// through ``transferEndedOnTransport(_:)`` instead of `transferEnded` on a queue: no
    /// thread hop (a load run's requests, whose next one starts from there).
    var endsOnTransport: Bool { false }
    /// The transfer ended (``endsOnTransport`` jobs). Transport thread: return at once. The
    /// outcome's header lines and body are kept (settled) only for a job that does not
    /// only measure (``measuresOnly``).
    func transferEndedOnTransport(_ outcome: TransferOutcome) {}
}

/// What a finished transfer produced: a response, or a transport error, or both (a body
/// cut short).
struct TransferOutcome: Sendable {
    /// The response's status and header block; nil when none arrived.
    var received: ReceivedHead?
    var body: Data
    /// The body written to a spool file instead of ``body`` (``SpoolPlan``); nil otherwise.
    var spooled: SpooledBody? = nil
    var metrics: TransferMetrics?
    var error: RequestError?
    /// What a download did with its body; nil for other requests.
    var download: DownloadResult? = nil
    /// The body was streamed: ``body`` is the newest part of the stream kept, and the events
    /// were delivered as they came (``StreamSession``).
    var streamed = false
    /// The reader ended the transfer (``Request/endStream()``): what came is the response.
    var endedByReader = false
    /// The trailer lines that followed the body, as received; empty when none came.
    var trailerLines: [UInt8] = []
    /// The transfer was a gRPC call (``PreparedRequest/grpc``).
    var isCall = false
    /// Why a gRPC call's response stream was not read to its end (not gRPC framing, a
    /// message too long or not inflatable); nil when it was.
    var grpcProblem: GRPCStatus? = nil
    /// The transport's buffer still holding the header lines (``received`` has none yet)
    /// and, when it fitted there, the body; ``settle()`` moves them in. Nil once settled.
    var lent: ResponseBuffer? = nil

    /// Gives the lent buffer back without copying what it holds (nobody reads it).
    mutating func discardLent() {
        lent?.giveBack()
        lent = nil
    }

    /// The body's size, wherever it is.
    var bodyByteCount: Int { body.count + (lent?.body.count ?? 0) }

    /// Copies the lent buffer's bytes in (allocated on the calling queue, which is where they
    /// will be freed) and gives the buffer back. Call once, on the queue that decides the outcome.
    mutating func settle() {
        guard let lent else { return }
        self.lent = nil
        if !lent.body.isEmpty { body = Data(lent.body) }
        if received != nil {
            received?.fieldLines = lent.fieldLines.withUnsafeBufferPointer { Array($0) }
        }
        lent.giveBack()
    }
}

extension TransferOutcome {
    /// A transfer that failed before any response (an extension, so the memberwise
    /// initializer stays).
    init(error: RequestError) {
        self.init(received: nil, body: Data(), metrics: nil, error: error)
    }
}
