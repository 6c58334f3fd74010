import DequeModule
import Synchronization

/// Downloads to the same file take turns: one attempt per destination at a time, the others
/// queued behind it in arrival order. Each waiting attempt starts once the one before it has
/// moved its body into place (or kept what it fetched), and then downloads again as planned
/// afresh; it does not share the other's response, so every request gets its own exchange,
/// status and metrics. Without turns, attempts with the same URL and destination wrote one
/// partial file together, and all but the first to finish found it gone ("The file doesn't
/// exist"). Per agent: other processes are not coordinated with.
final class DestinationTurns: Sendable {
    private struct Turns {
        /// The attempt (its record's id) whose turn it is, per destination path.
        var holders: [String: Int] = [:]
        /// The destination each holding attempt holds, to release it by id.
        var held: [Int: String] = [:]
        /// Attempts waiting for a destination, each with how to start it.
        var waiting: [String: Deque<(id: Int, start: @Sendable () -> Void)>] = [:]
    }

    private let turns = Mutex(Turns())

    /// Runs `start` now when no other attempt holds `destination`, else once the attempts
    /// queued before it are done. The attempt holds the destination until ``release(id:)``.
    func take(_ destination: String, id: Int, start: @escaping @Sendable () -> Void) {
        let now = turns.withLock { turns -> Bool in
            guard turns.holders[destination] != nil else {
                turns.holders[destination] = id
                turns.held[id] = destination
                return true
            }
            turns.waiting[destination, default: []].append((id, start))
            return false
        }
        if now { start() }
    }

    /// Ends attempt `id`'s turn (or its wait) and starts the next attempt waiting for the same
    /// destination. Nothing when `id` holds and awaits none, so it may be called more than once.
    func release(id: Int) {
        let next = turns.withLock { turns -> (@Sendable () -> Void)? in
            guard let destination = turns.held.removeValue(forKey: id) else {
                for (path, queue) in turns.waiting {
                    if let index = queue.firstIndex(where: { $0.id == id }) {
                        turns.waiting[path]?.remove(at: index)
                        break
                    }
                }
                return nil
            }
            guard let next = turns.waiting[destination]?.popFirst() else {
                turns.holders[destination] = nil
                turns.waiting[destination] = nil
                return nil
            }
            turns.holders[destination] = next.id
            turns.held[next.id] = destination
            return next.start
        }
        next?()
    }
}
