import Synchronization

/// Lets the input loop give up a layout running in the background: the layout looks at it each
/// time it hands over the lines it has so far.
final class LayoutTicket: Sendable {
    private let cancelled = Atomic<Bool>(false)

    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
