import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One `/bin/sh -c` run, read to the shell's exit — not to the end of its output. A command
/// that leaves a child in the background (`echo TOKEN; sleep 60 &`) hands it its standard
/// output; Foundation's `Process` reports the exit only once every holder of the pipe is gone,
/// so such a command "did not finish" although it printed at once. Here a thread waits for the
/// shell itself (`waitpid`), the output already in the pipe is taken, and what the child may
/// write later is not waited for.
///
/// The shell leads a process group of its own: a timeout kills the group, children included.
enum ShellCommand {
    /// What a finished command gave.
    struct Outcome {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        var output: Data
        /// Standard output went on past `outputLimit` bytes (the rest was read and dropped).
        var outputOverflowed: Bool
        var errors: Data
    }

    enum Failure: Error {
        case couldNotStart(String)
        case timedOut
    }

    /// Runs `command` with no standard input, for at most `timeout` seconds; keeps the first
    /// `outputLimit` bytes of standard output and the first `errorLimit` of standard error.
    static func run(_ command: String, timeout: TimeInterval, outputLimit: Int, errorLimit: Int = 64 * 1024) throws(Failure) -> Outcome {
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1], wake: [Int32] = [-1, -1]
        defer { (output + errors + wake).filter { $0 >= 0 }.forEach { close($0) } }
        guard GroupLeaderSpawn.makePipe(&output), GroupLeaderSpawn.makePipe(&errors), GroupLeaderSpawn.makePipe(&wake) else {
            throw .couldNotStart(String(cString: strerror(errno)))
        }
        let pid = try spawn(command, output: output[1], errors: errors[1])
        // Only the child keeps the write ends: its exit (and its children's) ends the output.
        close(output[1]); output[1] = -1
        close(errors[1]); errors[1] = -1
        let wakeWrite = wake[1]
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            _ = withUnsafeBytes(of: &status) { write(wakeWrite, $0.baseAddress, $0.count) }
        }
        var outcome = Outcome(status: 0, output: Data(), outputOverflowed: false, errors: Data())
        let deadline = Date().addingTimeInterval(max(0, timeout))
        var open = [output[0], errors[0]]
        var status: Int32?
        while status == nil {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                _ = readStatus(wake[0])
                throw .timedOut
            }
            var fds = (open + [wake[0]]).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, 60_000).rounded(.up)))
            // An interrupted or failed poll comes round again: the deadline bounds the loop.
            if ready < 0 { continue }
            for (index, descriptor) in open.enumerated() where descriptor >= 0 && fds[index].revents != 0 {
                if !take(from: descriptor, into: &outcome, isOutput: descriptor == output[0],
                         outputLimit: outputLimit, errorLimit: errorLimit) {
                    open[index] = -1
                }
            }
            if fds[fds.count - 1].revents != 0 { status = readStatus(wake[0]) }
        }
        // What the shell wrote before it exited is in the pipes: read it without waiting for
        // an end that a background child may hold off.
        for descriptor in open where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            while take(from: descriptor, into: &outcome, isOutput: descriptor == output[0],
                       outputLimit: outputLimit, errorLimit: errorLimit) {}
        }
        let raw = status ?? readStatus(wake[0])
        outcome.status = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        return outcome
    }

    /// Starts the shell in a process group of its own, its output and errors on the pipes'
    /// write ends, standard input from /dev/null, signals at their defaults.
    private static func spawn(_ command: String, output: Int32, errors: Int32) throws(Failure) -> pid_t {
        let started = GroupLeaderSpawn.spawn(["/bin/sh", "-c", command]) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, errors, 2)
        }
        switch started {
        case .success(let pid): return pid
        case .failure(let failure): throw .couldNotStart(failure.description)
        }
    }

    /// Reads what `descriptor` has into the outcome; false at its end (or an error, or
    /// nothing more without waiting).
    private static func take(from descriptor: Int32, into outcome: inout Outcome, isOutput: Bool,
                             outputLimit: Int, errorLimit: Int) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { return true }
        guard count > 0 else { return false }
        if isOutput {
            let room = max(0, outputLimit - outcome.output.count)
            outcome.output.append(contentsOf: buffer[..<min(count, room)])
            if count > room { outcome.outputOverflowed = true }
        } else {
            outcome.errors.append(contentsOf: buffer[..<min(count, max(0, errorLimit - outcome.errors.count))])
        }
        return true
    }

    /// The wait status the waiting thread writes once the shell is gone.
    private static func readStatus(_ descriptor: Int32) -> Int32 {
        var status: Int32 = 0
        while withUnsafeMutableBytes(of: &status, { read(descriptor, $0.baseAddress, $0.count) }) < 0, errno == EINTR {}
        return status
    }
}
