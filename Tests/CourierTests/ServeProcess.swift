#if !canImport(CourierDemoServer)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `courier serve` started for a test (TestDemoServer, under TSan): its output goes to a FIFO
/// that a thread of its own reads, so the port is known as soon as the server says it —
/// "Courier demo server listening on http://127.0.0.1:PORT" — with no polling; the thread
/// goes on reading to the end, so the server never blocks on a full pipe.
enum ServeProcess {
    static func start(_ arguments: [String]) async throws -> (port: Int, child: ChildProcess) {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("courier-serve-\(UUID().uuidString).fifo").path
        guard mkfifo(fifo, 0o600) == 0 else { throw ServerProblem("mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        defer { unlink(fifo) }
        // Opened for reading first, without waiting for a writer: posix_spawn waits for the
        // child's exec, and the child opens the FIFO for writing before it.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard reader >= 0 else { throw ServerProblem("open \(fifo): \(String(cString: strerror(errno)))") }
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK)
        let child: ChildProcess
        do { child = try ChildProcess.start(arguments, output: fifo) } catch {
            close(reader)
            throw error
        }
        let port: Int? = await withCheckedContinuation { continuation in
            Thread { readUntilEnd(reader, continuation) }.start()
        }
        guard let port else {
            child.stop()
            throw ServerProblem("\(arguments.joined(separator: " ")) ended without saying where it listens (is the "
                                + "root's debug build older than these tests? `swift build --build-tests` there)")
        }
        return (port, child)
    }

    /// Reads the server's output: resumes `found` with the port once the line that names it
    /// is in (nil at the end of the output without it), then reads on to the end.
    private static func readUntilEnd(_ reader: Int32, _ found: CheckedContinuation<Int?, Never>) {
        var text = ""
        var resumed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(reader, &buffer, buffer.count)
            guard count > 0 else { break }
            guard !resumed else { continue }
            text += String(decoding: buffer[..<count], as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // whole lines only
            if let line = lines.first(where: { $0.contains("listening on http://") }),
               let port = line.split(separator: ":").last.flatMap({ Int($0) }) {
                resumed = true
                found.resume(returning: port)
            }
        }
        close(reader)
        if !resumed { found.resume(returning: nil) }
    }
}
#endif
