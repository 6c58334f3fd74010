import Synchronization

/// The stall windows of `/load/stall`, one per key: while `now` is inside a key's window,
/// every request with that key is held until the window ends (thread-safe).
///
/// A window is set either by `/load/pause` (starting now) or by the first `/load/stall`
/// request of a key that names `after`/`for` (starting `after` seconds later); a key
/// keeps its window until the server stops, so a test uses a key of its own.
final class LoadStallStore: Sendable {
    /// The longest stall a window may have, so no request is held for long.
    static let maximumStall: Duration = .seconds(10)

    private let windows = Mutex<[String: Range<ContinuousClock.Instant>]>([:])

    /// Starts a stall of `key` now, replacing any earlier window; returns when it ends.
    func pause(_ key: String, for length: Duration) -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        let window = now..<(now + min(length, LoadStallStore.maximumStall))
        windows.withLock { $0[key] = window }
        return window.upperBound
    }

    /// Schedules a stall of `key` from `delay` after now, unless `key` already has a window.
    func scheduleOnce(_ key: String, after delay: Duration, for length: Duration) {
        let start = ContinuousClock.now + delay
        let window = start..<(start + min(length, LoadStallStore.maximumStall))
        windows.withLock { windows in
            if windows[key] == nil { windows[key] = window }
        }
    }

    /// The end of `key`'s window when `now` is inside it, nil otherwise.
    func stallEnd(_ key: String, at now: ContinuousClock.Instant = .now) -> ContinuousClock.Instant? {
        guard let window = windows.withLock({ $0[key] }), window.contains(now) else { return nil }
        return window.upperBound
    }
}
