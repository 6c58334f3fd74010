import Dispatch
import Synchronization

/// A jar's file being read on a thread of its own (``CookieJar/init(file:readingInBackground:onSaveFailure:)``):
/// what waits for the read to end, and who is told when it does — a transport parks a transfer
/// that uses the jar meanwhile instead of waiting on its thread.
final class CookieReading: Sendable {
    private struct State {
        var done = false
        var waiters: [@Sendable () -> Void] = []
    }
    private let state = Mutex(State())
    private let ended = DispatchGroup()

    init() {
        ended.enter()
    }

    /// Whether the read has ended.
    var isDone: Bool { state.withLock { $0.done } }

    /// How many are waiting to be told (a parked transfer's transport): what the tests check.
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// Returns once the read has ended.
    func wait() {
        guard !isDone else { return }
        ended.wait()
    }

    /// Calls `action` once the read has ended, on the reading thread; false, and `action` not
    /// kept, when it already has.
    func whenDone(_ action: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.done else { return false }
            state.waiters.append(action)
            return true
        }
    }

    /// The read has ended: everyone waiting goes on.
    func finish() {
        let waiters = state.withLock { state in
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        ended.leave()
        for waiter in waiters { waiter() }
    }
}
