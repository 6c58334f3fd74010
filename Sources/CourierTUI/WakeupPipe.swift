import Glibc
import Synchronization

/// A pipe whose read end sits in the input loop's `poll()`: writing one byte wakes the loop.
/// Writes are coalesced — one byte stands for everything posted before the loop drains it.
final class WakeupPipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32
    private let pending = Atomic<Bool>(false)

    init() throws(TerminalError) {
        (readEnd, writeEnd) = try Self.makePipe()
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// A non-blocking, close-on-exec pipe: (read end, write end).
    static func makePipe() throws(TerminalError) -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TerminalError("cannot make a pipe: errno \(errno)") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    /// Wakes the loop (from any thread).
    func wake() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    /// Empties the pipe; the next `wake()` writes again. Call it before taking what was posted:
    /// the pipe is read empty first and only then re-armed, so a `wake()` racing with this call
    /// either finds it armed and writes a byte that stays in the pipe, or finds it not yet armed
    /// and posted before the caller looks. (Re-arming first let a racing byte be read here with
    /// the flag left set: every later `wake()` was swallowed and the screen stopped hearing the engine.)
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
        pending.store(false, ordering: .releasing)
    }
}

/// Why the terminal could not be used.
package struct TerminalError: Error, CustomStringConvertible, Sendable {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
