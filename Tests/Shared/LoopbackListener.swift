import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket listening on 127.0.0.1 at a free port, for the tests' hand-made servers. Its
/// descriptor is closed only by the thread that accepts on it (``closeWhenDone()``, at the end
/// of its loop); ``stop()`` only shuts it down, which makes a blocked `accept` return.
///
/// Closing it from `stop()` let its number be reused by the next test's socket while the loop,
/// still busy with a connection, had yet to call `accept` again: it then accepted and answered
/// the next test's connections (a test saw a 200 while its own server saw nothing).
final class LoopbackListener: @unchecked Sendable {
    let descriptor: Int32
    let port: Int
    private let lock = NSLock()
    private var isOpen = true

    init(backlog: Int32 = 16) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = descriptor >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, backlog) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard listening else {
            if descriptor >= 0 { close(descriptor) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// The next connection; nil once stopped.
    func accept() -> Int32? {
        let connection = Glibc.accept(descriptor, nil, nil)
        return connection >= 0 ? connection : nil
    }

    /// Waits up to `milliseconds` for a connection to arrive; false when none did or it was stopped.
    func waitForConnection(milliseconds: Int32) -> Bool {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, milliseconds) > 0 && waiting.revents & Int16(POLLIN) != 0
    }

    /// Answers connections one at a time on a thread of its own — `answer`, then the
    /// connection is closed — until ``stop()``; the thread closes the descriptor at the end.
    func answerEachConnection(_ answer: @escaping @Sendable (Int32) -> Void) {
        Thread { [self] in
            while let connection = accept() {
                answer(connection)
                close(connection)
            }
            closeWhenDone()
        }.start()
    }

    /// Ends the accept loop: a blocked `accept` returns, and so does every later one.
    func stop() {
        lock.withLock { if isOpen { shutdown(descriptor, Int32(SHUT_RDWR)) } }
    }

    /// Closes the descriptor; the accepting thread calls it when its loop ends.
    func closeWhenDone() {
        lock.withLock {
            if isOpen { close(descriptor) }
            isOpen = false
        }
    }
}
