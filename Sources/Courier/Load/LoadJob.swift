import Dispatch
import Foundation
import Synchronization

/// One request of a load run on the driver's own transport: no ``Request``, no record, no
/// response pipeline — the transfer's outcome goes straight back to the ``LoadDriver``, on the
/// transport thread, in the pass it ended.
/// `@unchecked` as its superclass: every stored property is a `let` of a `Sendable` type.
final class LoadJob: TransferJob, @unchecked Sendable {
    let target: Int
    let due: UInt64
    let warmup: Bool
    /// Keeps its exchange as a sample (``LoadExchange``): hears its header lines and keeps the
    /// first bytes of its body.
    let captures: Bool
    /// Hears its whole response, checked (``LoadResponseCheck``); nil when not checked.
    private let checks: (any LoadResponseCheck)?
    /// When the transfer's handle joined the loop (transport thread), for the open model's
    /// latency: the wait for a slot counts, and so does the transfer.
    let startedAt = Atomic<UInt64>(0)
    // Strong: a completion may still be queued when the driver is otherwise gone.
    private let driver: LoadDriver
    /// A unary gRPC call's message, sent by libcurl's read callback; nil for HTTP.
    private let outbox: GRPCOutbox?

    init(id: Int, target: Int, sent: SharedPreparedRequest, progress: ProgressCell, due: UInt64, warmup: Bool, driver: LoadDriver,
         captures: Bool = false, checks: (any LoadResponseCheck)? = nil) {
        self.target = target
        self.due = due
        self.warmup = warmup
        self.captures = captures
        self.checks = checks
        self.driver = driver
        outbox = sent.value.grpc.map { GRPCOutbox($0) }
        super.init(id: id, sent: sent, priority: .default, progress: progress)
    }

    override var grpcOutbox: GRPCOutbox? { outbox }

    override var wantsProgressTicks: Bool { false }

    override var measuresOnly: Bool { !captures && checks == nil }

    override var keptBodyPrefix: Int { captures ? LoadExchange.bodyPrefixLimit : 0 }

    override func transferStarted() {
        startedAt.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
    }

    override var endsOnTransport: Bool { true }

    override func transferEndedOnTransport(_ outcome: TransferOutcome) {
        driver.transferEnded(self, outcome: outcome)
    }

    /// The sample of the ended transfer.
    func sample(of outcome: TransferOutcome) -> LoadSample {
        let started = startedAt.load(ordering: .relaxed)
        let metrics = outcome.metrics
        let end: UInt64
        if started > 0, let metrics {
            end = started + UInt64(max(0, metrics.total) * 1e9)
        } else {
            end = DispatchTime.now().uptimeNanoseconds
        }
        var sample = LoadSample(target: target, latency: end > due ? end - due : 0)
        sample.warmup = warmup
        sample.sentAt = started
        sample.sendDelay = started > due ? started - due : 0
        sample.status = outcome.received?.statusCode ?? 0
        sample.error = outcome.isCall ? Self.callError(outcome) : outcome.error
        if let metrics { sample.take(metrics, responded: outcome.received != nil) }
        guard captures || checks != nil else { return sample }
        let response = outcome.received?.parsed()
        var failure: LoadCheckFailure?
        if let checks, let response, sample.error == nil {
            failure = checks.failure(target: target, response: response, body: outcome.body, seconds: metrics?.total ?? 0)
            if let failure { sample.error = failure.error }
            sample.statusJudged = checks.judgesStatus(target: target)
        }
        if captures {
            sample.exchange = LoadExchange(request: request, response: response, body: outcome.body,
                                           bodyBytes: metrics?.bytesReceived ?? Int64(outcome.body.count), checkDetail: failure?.detail)
        }
        return sample
    }

    /// A call's failure as a request's would be: its gRPC status other than OK, from the
    /// trailers or a trailers-only answer's headers (the transport settles a call's outcome
    /// for that), or how the transfer failed.
    private static func callError(_ outcome: TransferOutcome) -> RequestError? {
        var content = ResponseContent(received: outcome.received, data: Data(), metrics: nil)
        if !outcome.trailerLines.isEmpty { content.trailers = ReceivedHead.fields(in: outcome.trailerLines) }
        return ResponsePipeline.processCall(outcome, content: &content, accepted: [.ok])
    }
}
