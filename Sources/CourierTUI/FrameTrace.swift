import Glibc

/// Appends `<monotonic nanoseconds> <event>` lines to a file: when keys arrive, engine news
/// is applied and frames reach the terminal. `make bench-tui` reads it to time the loop from
/// the inside, without the driving terminal's latency.
final class FrameTrace {
    private let descriptor: Int32

    init?(path: String?) {
        guard let path, !path.isEmpty else { return nil }
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    func record(_ event: String) {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let line = "\(Int(time.tv_sec) * 1_000_000_000 + time.tv_nsec) \(event)\n"
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }
}
