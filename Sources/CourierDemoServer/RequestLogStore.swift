import DequeModule
import Synchronization

/// Thread-safe, bounded record of the requests a server has received (oldest dropped first).
/// A deque, so that dropping the oldest is one step: an array shifted its thousand entries on
/// every request once full, about 1.5 % of a load run's CPU in the workbench's process.
final class RequestLogStore: Sendable {
    /// How many requests are kept.
    static let capacity = 1000

    private let entries = Mutex<Deque<DemoServer.LoggedRequest>>([])

    func append(_ entry: DemoServer.LoggedRequest) {
        entries.withLock { entries in
            if entries.count == RequestLogStore.capacity { entries.removeFirst() }
            entries.append(entry)
        }
    }

    /// The requests seen so far, newest last.
    var snapshot: [DemoServer.LoggedRequest] {
        entries.withLock { Array($0) }
    }
}
