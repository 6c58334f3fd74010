import Dispatch
import Synchronization

/// One attempt of a request in the transport, reporting back to its agent: progress to the
/// request's handlers (throttled) and to event streams (ten a second at most), and the
/// outcome. One object per attempt, where closures and tickers used to cost four.
final class TransferAttempt: TransferJob, @unchecked Sendable {
    /// The agent of the run (held by the run's context anyway; a weak reference here would
    /// give the agent a side table and make every retain of it take the slow path).
    private var agent: NetworkAgent { entry.context.agent }
    let entry: RecordEntry
    let throttle: ProgressThrottle?
    private let lastEventAt = Mutex<UInt64>(0)
    /// A progress event has said where the body is spooled (``TransferProgress/spoolFile``).
    private let spoolAnnounced = Atomic<Bool>(false)
    /// Progress handlers or event listeners were there when the attempt began.
    private let hasProgressListeners: Bool

    /// What this attempt sends (a download's plan differs from one attempt to the next).
    var prepared: PreparedRequest { _read { yield request } }

    init(entry: RecordEntry, sent: SharedPreparedRequest, throttle: ProgressThrottle?) {
        self.entry = entry
        self.throttle = throttle
        hasProgressListeners = throttle != nil || entry.context.agent.eventHub.hasListeners
        super.init(id: entry.id, sent: sent, priority: entry.priority, progress: entry.progress)
    }

    override var wantsProgressTicks: Bool { hasProgressListeners }

    override func transferStarted() {
        entry.request.move(to: .inFlight)
    }

    override var streamSession: StreamSession? { entry.stream }

    override var grpcOutbox: GRPCOutbox? { entry.outbox }

    override func streamDelivered(_ events: [StreamEvent]) {
        entry.request.deliverStreamEvents(events, on: entry.settings.callbackQueue)
    }

    override func downloadBodyStarted(_ plan: DownloadPlan, etag: String?, lastModified: String?) {
        agent.downloads.saveRecord(for: plan, url: prepared.url, etag: etag, lastModified: lastModified)
    }

    override func transferProgressed(_ progress: TransferProgress) {
        throttle?.report(progress)
        let hub = agent.eventHub
        guard hub.hasListeners else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        // The body going to a spool file is news however soon it follows the last event: a
        // transfer that then stalls would send no more progress to carry it.
        let announcesSpool = progress.spoolFile != nil && !spoolAnnounced.exchange(true, ordering: .relaxed)
        let due = lastEventAt.withLock { last in
            guard announcesSpool || now - last >= 100_000_000 else { return false }
            last = now
            return true
        }
        // A tick racing a stop must not report progress after the cancellation.
        if due, entry.request.isExecuting { hub.emit(.progress(progress), .request(entry.request)) }
    }

    /// A light outcome is decided on the request's callback queue, right before its
    /// callbacks: one thread hop instead of two, and the hop is most of a small response's
    /// cost. Light means a body of at most 64 KiB kept in memory, no download file to move
    /// and no cache file to write. Everything else, and every outcome whose callbacks run on
    /// the main queue, is decided on the agent's processing queue.
    override func completionQueue(bodyByteCount: Int) -> DispatchQueue? {
        guard !entry.context.callbacksOnMain, prepared.download == nil, bodyByteCount <= 64 << 10,
              !(entry.request is CachedRequest) else { return nil }
        return entry.settings.callbackQueue
    }

    override func transferEnded(_ outcome: TransferOutcome, batch: CallbackBatch) {
        agent.transferFinished(self, outcome: outcome, batch: batch)
    }
}
