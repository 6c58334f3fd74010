import Dispatch
import Synchronization

/// One attempt of a request in the transport, reporting back to its agent: progress to the
/// request's handlers (throttled) and to event streams (ten a second at most), and the
/// outcome. One object per attempt, where closures and tickers used to cost four.
final class TransferAttempt: TransferObserver {
    private weak let agent: NetworkAgent?
    let entry: RecordEntry
    /// What this attempt sends (a download's plan differs from one attempt to the next).
    let prepared: PreparedRequest
    let throttle: ProgressThrottle?
    private let lastEventAt = Mutex<UInt64>(0)

    init(agent: NetworkAgent, entry: RecordEntry, prepared: PreparedRequest, throttle: ProgressThrottle?) {
        self.agent = agent
        self.entry = entry
        self.prepared = prepared
        self.throttle = throttle
    }

    func transferStarted() {
        entry.request.move(to: .inFlight)
    }

    func downloadBodyStarted(_ plan: DownloadPlan, etag: String?, lastModified: String?) {
        agent?.downloads.saveRecord(for: plan, url: prepared.url, etag: etag, lastModified: lastModified)
    }

    func transferProgressed(_ progress: TransferProgress) {
        throttle?.report(progress)
        guard let hub = agent?.eventHub, hub.hasListeners else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lastEventAt.withLock { last in
            guard now - last >= 100_000_000 else { return false }
            last = now
            return true
        }
        // A tick racing a stop must not report progress after the cancellation.
        if due, entry.request.isExecuting { hub.emit(.progress(progress), .request(entry.request)) }
    }

    func transferEnded(_ outcome: TransferOutcome, batch: CallbackBatch) {
        agent?.transferFinished(self, outcome: outcome, batch: batch)
    }
}
