import Glibc

/// Appends `<monotonic ns> <event> <thread CPU ns> <run-queue wait ns>` lines to a file: when
/// keys arrive, engine news is applied, a frame is ready to write (`painted`) and has reached
/// the terminal (`frame`), with how long the thread that made the trace (the input loop's) has
/// run and has waited for a core so far (`/proc/thread-self/schedstat`, opened on that
/// thread). `make bench-tui` reads it to time the loop from the inside, without the driving
/// terminal's latency, and to tell a slow frame that worked from one that waited.
final class FrameTrace {
    private let descriptor: Int32
    private let schedstat: Int32

    init?(path: String?) {
        guard let path, !path.isEmpty else { return nil }
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        schedstat = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
    }

    deinit {
        close(descriptor)
        if schedstat >= 0 { close(schedstat) }
    }

    func record(_ event: String) {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let (ran, waited) = threadTimes()
        let line = "\(Int(time.tv_sec) * 1_000_000_000 + time.tv_nsec) \(event) \(ran) \(waited)\n"
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }

    /// The calling thread's time on a core and time runnable but waiting for one, in
    /// nanoseconds (0 and 0 where the kernel does not say).
    private func threadTimes() -> (ran: Int, waited: Int) {
        guard schedstat >= 0 else { return (0, 0) }
        var buffer = [UInt8](repeating: 0, count: 96)
        let count = buffer.withUnsafeMutableBytes { pread(schedstat, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return (0, 0) }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " ")).prefix(2)
            .map { Int(String(decoding: $0, as: UTF8.self)) ?? 0 }
        return fields.count == 2 ? (fields[0], fields[1]) : (0, 0)
    }
}
