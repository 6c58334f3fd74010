import Dispatch

/// Work for callback queues collected while one batch of finished transfers is processed,
/// then sent with one `async` per queue instead of one per request: every `async` may wake
/// a thread, and under load those wake-ups cost more than the callbacks themselves.
/// Used by one thread at a time.
final class CallbackBatch {
    /// A callback in a struct: stored in the generic groups as a closure, it was wrapped in a
    /// reabstraction thunk, one allocation a callback.
    private struct Work {
        let run: @Sendable () -> Void
    }

    private var groups = QueueGroups<Work>()
    /// The queue whose block is collecting the batch: its work runs in that block, in place.
    private let current: DispatchQueue?

    /// A batch collected in a block running on `current` (nil: on no queue callbacks use).
    init(runningOn current: DispatchQueue? = nil) {
        self.current = current
    }

    /// Queues `work` for `queue`, after the work already added for it.
    func add(_ queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        groups.add(Work(run: work), to: queue)
    }

    /// Sends what was added, in order per queue, and empties the batch.
    func flush() {
        for (queue, work) in groups.groups {
            if queue === current {
                work.forEach { $0.run() }
            } else if work.count == 1 {
                queue.async(execute: work[0].run)
            } else {
                queue.async { work.forEach { $0.run() } }
            }
        }
        groups.removeAll()
    }
}
