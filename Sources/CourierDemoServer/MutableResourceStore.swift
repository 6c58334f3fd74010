import Synchronization

/// Per-name revision numbers of the `/mutable/{name}` resources (thread-safe).
/// Every name starts at revision 1; `touch` bumps it.
final class MutableResourceStore: Sendable {
    private let revisions = Mutex<[String: Int]>([:])

    /// The current revision of `name`.
    func revision(_ name: String) -> Int {
        revisions.withLock { $0[name, default: 1] }
    }

    /// Bumps the revision of `name` and returns the new one.
    func touch(_ name: String) -> Int {
        revisions.withLock { revisions in
            let next = revisions[name, default: 1] + 1
            revisions[name] = next
            return next
        }
    }
}
