import Dispatch

/// Where the outcomes of ended transfers are decided. Each job may name a queue
/// for its outcome (a light one goes straight to its callback queue); the rest go to the
/// driver's completion queue. One `async` per queue, with the callbacks of the outcomes
/// decided there collected in one ``CallbackBatch``: on a callback queue they then run in
/// the same block, so a light response costs one thread hop instead of two.
enum CompletionRouting {
    /// Sends `ended` to their queues, `defaultQueue` for those that name none.
    static func send(_ ended: [(job: TransferJob, outcome: TransferOutcome)], defaultQueue: DispatchQueue) {
        var groups = QueueGroups<(job: TransferJob, outcome: TransferOutcome)>()
        for item in ended {
            groups.add(item, to: item.job.completionQueue(for: item.outcome) ?? defaultQueue)
        }
        for (queue, ended) in groups.groups {
            queue.async {
                let batch = CallbackBatch(runningOn: queue)
                for (job, outcome) in ended { job.transferEnded(outcome.settled(), batch: batch) }
                batch.flush()
            }
        }
    }
}
