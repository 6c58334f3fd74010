/// Holds a body's writes to a number of bytes per second (`/bytes?rate=R`), so that a large
/// download on loopback takes long enough to watch its progress: a write waits until its
/// last byte is due at the rate, unless that is no more than ``slack`` away.
struct WritePacing {
    static let slack: Duration = .milliseconds(10)

    let bytesPerSecond: Int
    /// When the first byte was due: created as the body starts.
    private let start = ContinuousClock.now

    init(bytesPerSecond: Int) {
        self.bytesPerSecond = bytesPerSecond
    }

    /// Waits until `count` bytes from the start are due at the rate, unless that is within ``slack``.
    func wait(untilDue count: Int) async throws {
        let due = start + .seconds(Double(count) / Double(bytesPerSecond))
        if due - ContinuousClock.now > Self.slack {
            try await Task.sleep(until: due, clock: .continuous)
        }
    }
}
