import Dispatch

/// Work for callback queues collected while one batch of finished transfers is processed,
/// then sent with one `async` per queue instead of one per request: every `async` may wake
/// a thread, and under load those wake-ups cost more than the callbacks themselves.
/// Used by one thread at a time.
final class CallbackBatch {
    private var groups: [(queue: DispatchQueue, work: [@Sendable () -> Void])] = []

    /// Queues `work` for `queue`, after the work already added for it.
    func add(_ queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        if let index = groups.firstIndex(where: { $0.queue === queue }) {
            groups[index].work.append(work)
        } else {
            groups.append((queue, [work]))
        }
    }

    /// Sends what was added, in order per queue, and empties the batch.
    func flush() {
        for (queue, work) in groups {
            if work.count == 1 {
                queue.async(execute: work[0])
            } else {
                queue.async { work.forEach { $0() } }
            }
        }
        groups.removeAll()
    }
}
