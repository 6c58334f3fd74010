import Synchronization

/// Thread-safe, bounded record of the requests a server has received (oldest dropped first).
final class RequestLogStore: Sendable {
    /// How many requests are kept.
    static let capacity = 1000

    private let entries = Mutex<[DemoServer.LoggedRequest]>([])

    func append(_ entry: DemoServer.LoggedRequest) {
        entries.withLock { entries in
            entries.append(entry)
            if entries.count > RequestLogStore.capacity {
                entries.removeFirst(entries.count - RequestLogStore.capacity)
            }
        }
    }

    /// The requests seen so far, newest last.
    var snapshot: [DemoServer.LoggedRequest] {
        entries.withLock { $0 }
    }
}
