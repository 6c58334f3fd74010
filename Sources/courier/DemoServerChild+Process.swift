#if canImport(Glibc)
import Glibc
#endif
import CourierFormatCore
import CourierRunner
import Foundation
import Synchronization

extension DemoServerChild {
    /// The child process: spawned once, its handshake read into the addresses, stopped once.
    final class ChildProcess: Sendable {
        private enum Phase {
            case notStarted
            /// Its pid and the write end of its standard input.
            case running(pid_t, control: Int32)
            case stopped
        }

        private let phase = Mutex(Phase.notStarted)
        private let errorTail = Mutex(Data())
        /// Left when standard error has been read to its end.
        private let errorsRead = DispatchGroup()
        private static let errorTailLimit = 8 * 1024

        /// Starts `courier serve --child --port N` (this program), unless it was started or
        /// stopped already; a thread reads its handshake into `addresses`.
        func spawn(port: Int, resolving addresses: DemoServerAddresses, timeout: Duration) {
            phase.withLock { phase in
                guard case .notStarted = phase else { return }
                phase = .stopped
                var pipes: [[Int32]] = []
                for _ in 0..<3 {
                    var ends: [Int32] = [-1, -1]
                    guard GroupLeaderSpawn.makePipe(&ends) else {
                        addresses.failed("cannot make a pipe: \(String(cString: strerror(errno)))")
                        pipes.joined().forEach { close($0) }
                        return
                    }
                    pipes.append(ends)
                }
                let (control, handshake, errors) = (pipes[0], pipes[1], pipes[2])
                let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                    .flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil } ?? "/proc/self/exe"
                let started = GroupLeaderSpawn.spawn([program, "serve", "--child", "--port", String(port)]) { actions in
                    posix_spawn_file_actions_adddup2(&actions, control[0], 0)
                    posix_spawn_file_actions_adddup2(&actions, handshake[1], 1)
                    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
                }
                [control[0], handshake[1], errors[1]].forEach { close($0) }
                switch started {
                case .success(let pid):
                    phase = .running(pid, control: control[1])
                    errorsRead.enter()
                    Thread.detachNewThread { self.drainErrors(errors[0]) }
                    Thread.detachNewThread { self.readHandshake(handshake[0], into: addresses, timeout: timeout) }
                case .failure(let failure):
                    [control[1], handshake[0], errors[0]].forEach { close($0) }
                    addresses.failed("cannot start \(program) serve --child: \(failure.description)")
                }
            }
        }

        /// Ends the child's standard input (it stops its server and exits) and reaps it; past
        /// `grace`, kills its process group. Only the first stop (or kill) does anything.
        func stop(within grace: Duration) async {
            guard let pid = end() else { return }
            let reaped = Atomic(false)
            let killer = Task {
                try? await Task.sleep(for: grace)
                if !reaped.load(ordering: .acquiring) { Glibc.kill(-pid, SIGKILL) }
            }
            await withCheckedContinuation { (exited: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    var status: Int32 = 0
                    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
                    exited.resume()
                }
            }
            reaped.store(true, ordering: .releasing)
            killer.cancel()
        }

        /// Kills the child's process group at once and reaps it (a child that did not answer).
        private func kill() {
            guard let pid = end() else { return }
            Glibc.kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        }

        /// Marks it stopped and closes the write end of its standard input; its pid, or nil
        /// when it was not running.
        private func end() -> pid_t? {
            let running = phase.withLock { phase in
                defer { phase = .stopped }
                guard case .running(let pid, let control) = phase else { return nil as (pid_t, Int32)? }
                return (pid, control)
            }
            guard let (pid, control) = running else { return nil }
            close(control)
            return pid
        }

        /// Reads the child's handshake lines into `addresses` until both listeners are known,
        /// or the pipe ends, or `timeout` passes (then the child is killed and `addresses`
        /// says why).
        private func readHandshake(_ descriptor: Int32, into addresses: DemoServerAddresses, timeout: Duration) {
            defer { close(descriptor) }
            let deadline = ContinuousClock.now + timeout
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            var told = 0
            while told < 2, ContinuousClock.now < deadline {
                if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[pending.startIndex..<end]
                    pending = pending[(end + 1)...]
                    guard let handshake = try? JSONDecoder().decode(DemoServerHandshake.self, from: line), handshake.tell(addresses) else {
                        kill()
                        addresses.failed("its answer was not understood: \(String(decoding: line, as: UTF8.self))")
                        return
                    }
                    told += 1
                    continue
                }
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let milliseconds = ((deadline - ContinuousClock.now) / .milliseconds(1)).rounded(.up)
                guard poll(&ready, 1, Int32(min(max(milliseconds, 1), 60_000))) >= 0 else {
                    if errno == EINTR { continue } else { break }
                }
                guard ready.revents != 0 else { continue }
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[..<count])
            }
            guard told < 2 else { return }
            let exited = ContinuousClock.now < deadline
            kill()
            // Gone, its standard error ends: what it said is all there once read.
            _ = errorsRead.wait(timeout: .now() + 2)
            let said = errorTail.withLock { String(decoding: $0, as: UTF8.self) }.trimmingCharacters(in: .whitespacesAndNewlines)
            addresses.failed(said.isEmpty ? (exited ? "it exited" : "it gave no answer within \(timeout)") : said)
        }

        /// Reads the child's standard error to its end, keeping the tail (a full pipe would
        /// block the child's writes).
        private func drainErrors(_ descriptor: Int32) {
            defer {
                close(descriptor)
                errorsRead.leave()
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                errorTail.withLock { tail in
                    tail.append(contentsOf: buffer[..<count])
                    if tail.count > Self.errorTailLimit { tail.removeFirst(tail.count - Self.errorTailLimit) }
                }
            }
        }
    }
}
