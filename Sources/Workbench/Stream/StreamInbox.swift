import Courier
import Synchronization

/// Where a streamed response's events wait for the input loop: the engine's handler adds
/// them (on the callback queue) and posts one update per batch, not per event, so that
/// 10,000 events a second wake the loop no more often than it drains them. Holds at most
/// `capacity` events (the newest): a loop that falls behind lets the oldest go, as the view would.
final class StreamInbox: Sendable {
    private struct State {
        var events: [StreamEvent] = []
        var posted = false
    }

    private let state = Mutex(State())
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds an event; true when the loop has to be told (nothing was waiting).
    func add(_ event: StreamEvent) -> Bool {
        state.withLock { state in
            state.events.append(event)
            if state.events.count > capacity + capacity / 2 { state.events.removeFirst(state.events.count - capacity) }
            defer { state.posted = true }
            return !state.posted
        }
    }

    /// The events waiting, oldest first; the next one added tells the loop again.
    func take() -> [StreamEvent] {
        state.withLock { state in
            defer {
                state.events.removeAll(keepingCapacity: true)
                state.posted = false
            }
            return state.events
        }
    }
}
