import Dispatch

/// Where the outcomes of ended transfers are decided. Each job may name a queue
/// for its outcome (a light one goes straight to its callback queue); the rest go to the
/// driver's completion queue. One `async` per queue, with the callbacks of the outcomes
/// decided there collected in one ``CallbackBatch``: on a callback queue they then run in
/// the same block, so a light response costs one thread hop instead of two.
enum CompletionRouting {
    /// Sends `ended` to their queues, `defaultQueue` for those that name none. Pass the array
    /// itself, not a copy still held elsewhere: the queue deciding it then owns it alone and
    /// moves each outcome out instead of copying it.
    static func send(_ ended: consuming [(job: TransferJob, outcome: TransferOutcome)], defaultQueue: DispatchQueue) {
        let queues = ended.map { $0.job.completionQueue(bodyByteCount: $0.outcome.bodyByteCount) ?? defaultQueue }
        guard let first = queues.first else { return }
        // Usually every outcome of a pass goes to one queue: then the pass's array goes as it is.
        if queues.allSatisfy({ $0 === first }) {
            let handed = EndedTransfers(ended)
            first.async { decide(handed.take(), on: first) }
            return
        }
        var groups = QueueGroups<(job: TransferJob, outcome: TransferOutcome)>()
        for (item, queue) in zip(ended, queues) { groups.add(item, to: queue) }
        for (queue, items) in groups.groups {
            let handed = EndedTransfers(items)
            queue.async { decide(handed.take(), on: queue) }
        }
    }

    /// Decides `ended` on `queue`, the queue this runs on; their callbacks follow in one batch.
    private static func decide(_ ended: consuming [(job: TransferJob, outcome: TransferOutcome)], on queue: DispatchQueue) {
        let batch = CallbackBatch(runningOn: queue)
        var items = ended
        // Taken from the end, in the order they ended: each outcome is moved out of the array
        // and settled in place (iterating copied each one whole, and copying the outcome to
        // settle it copied it again: about 14 retains a transfer).
        items.reverse()
        while var item = items.popLast() {
            item.outcome.settle()
            item.job.transferEnded(item.outcome, batch: batch)
        }
        batch.flush()
    }
}

/// A pass's ended transfers on their way to the queue that decides them: the block holds the
/// box and the decider takes the array out, so that it holds the only reference (an array
/// captured by the block itself would stay shared with the block).
private final class EndedTransfers: @unchecked Sendable {
    /// Set once, emptied by ``take()`` on the deciding queue: never touched by two threads at once.
    private var items: [(job: TransferJob, outcome: TransferOutcome)]

    init(_ items: consuming [(job: TransferJob, outcome: TransferOutcome)]) {
        self.items = items
    }

    /// The transfers, leaving the box empty.
    func take() -> [(job: TransferJob, outcome: TransferOutcome)] {
        var taken: [(job: TransferJob, outcome: TransferOutcome)] = []
        swap(&taken, &items)
        return taken
    }
}
