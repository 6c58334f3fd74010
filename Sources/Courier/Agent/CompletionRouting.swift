import Dispatch

/// Where the outcomes of ended transfers are decided. Each job may name a queue
/// for its outcome (a light one goes straight to its callback queue); the rest go to the
/// driver's completion queue. One `async` per queue, with the callbacks of the outcomes
/// decided there collected in one ``CallbackBatch``: on a callback queue they then run in
/// the same block, so a light response costs one thread hop instead of two.
enum CompletionRouting {
    /// Sends `ended` to their queues, `defaultQueue` for those that name none.
    static func send(_ ended: [(job: TransferJob, outcome: TransferOutcome)], defaultQueue: DispatchQueue) {
        let queues = ended.map { $0.job.completionQueue(bodyByteCount: $0.outcome.bodyByteCount) ?? defaultQueue }
        guard let first = queues.first else { return }
        // Usually every outcome of a pass goes to one queue: then the pass's array goes as it is.
        if queues.allSatisfy({ $0 === first }) {
            first.async { decide(ended, on: first) }
            return
        }
        var groups = QueueGroups<(job: TransferJob, outcome: TransferOutcome)>()
        for (item, queue) in zip(ended, queues) { groups.add(item, to: queue) }
        for (queue, items) in groups.groups {
            queue.async { decide(items, on: queue) }
        }
    }

    /// Decides `ended` on `queue`, the queue this runs on; their callbacks follow in one batch.
    private static func decide(_ ended: [(job: TransferJob, outcome: TransferOutcome)], on queue: DispatchQueue) {
        let batch = CallbackBatch(runningOn: queue)
        for item in ended {
            // One copy out of the array, settled in place.
            var outcome = item.outcome
            outcome.settle()
            item.job.transferEnded(outcome, batch: batch)
        }
        batch.flush()
    }
}
