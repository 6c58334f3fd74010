import Synchronization

/// Named in-memory counters for `/counter/{name}` (thread-safe).
final class CounterStore: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Increments the counter and returns its new value.
    func increment(_ name: String) -> Int {
        counts.withLock { counts in
            let next = counts[name, default: 0] + 1
            counts[name] = next
            return next
        }
    }

    /// The current value without changing it (0 for an unknown name).
    func peek(_ name: String) -> Int {
        counts.withLock { $0[name, default: 0] }
    }

    /// Resets the counter to 0.
    func reset(_ name: String) {
        _ = counts.withLock { $0.removeValue(forKey: name) }
    }
}
