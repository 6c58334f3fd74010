import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A purpose-built loopback server that misbehaves in one way, for faults a well-behaved HTTP
/// server cannot produce: it accepts each connection, reads the request head, then acts out
/// its ``Behaviour``. Listens on 127.0.0.1 at a free port; `stop()` closes everything.
final class FaultServer: @unchecked Sendable {
    enum Behaviour: Sendable {
        /// Accepts and never answers.
        case silent
        /// Sends a status line and headers promising a body, then closes.
        case closeAfterHeaders
        /// Sends part of a promised body, then resets the connection (RST).
        case resetMidBody
        /// Sends a header block larger than any client should accept.
        case oversizedHeaders(bytes: Int)
        /// Sends a header block of many ordinary lines, larger in all than a client should accept.
        case manyHeaderLines(count: Int)
        /// Redirects every request to itself.
        case redirectLoop
        /// Sends bytes that are not HTTP.
        case garbage
        /// Answers 200 with this body and content type: for bodies a real server would not send
        /// (an XML document naming a local file as an external entity).
        case body(String, contentType: String)
    }

    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }
    private let listener: LoopbackListener
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var connections: [Int32] = []
    private var stopped = false
    private var accepted = 0

    /// Connections accepted so far.
    var acceptedConnections: Int { lock.withLock { accepted } }

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        listener = try LoopbackListener()
        port = listener.port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Ends every connection and the listener; their threads close them (a descriptor closed
    /// here could be reused by another test's socket while a thread still reads or writes it).
    func stop() {
        lock.withLock {
            stopped = true
            connections.forEach { shutdown($0, Int32(SHUT_RDWR)) }
        }
        listener.stop()
    }

    private func acceptLoop() {
        defer { listener.closeWhenDone() }
        while true {
            guard let connection = listener.accept() else { return }
            let keep = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                accepted += 1
                connections.append(connection)
                return true
            }
            guard keep else {
                close(connection)
                return
            }
            Thread { [self] in
                serve(connection)
                // Not closed by its answer (silent, or cut off): held until the client or
                // stop() ends it. Only this thread closes it, so the number is still ours.
                guard lock.withLock({ connections.contains(connection) }) else { return }
                var byte: UInt8 = 0
                while recv(connection, &byte, 1, 0) > 0 {}
                finish(connection)
            }.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let head = readHead(connection) else { return }
        switch behaviour {
        case .silent:
            return
        case .closeAfterHeaders:
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
            finish(connection)
        case .resetMidBody:
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n")
            send(connection, String(repeating: "x", count: 5_000))
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            finish(connection)
        case .manyHeaderLines(let count):
            let lines = (0..<count).map { "X-Line-\($0): " + String(repeating: "a", count: 50) + "\r\n" }.joined()
            send(connection, "HTTP/1.1 200 OK\r\n" + lines + "Content-Length: 2\r\n\r\n{}")
            finish(connection)
        case .oversizedHeaders(let bytes):
            send(connection, "HTTP/1.1 200 OK\r\nX-Padding: " + String(repeating: "a", count: bytes) + "\r\nContent-Length: 2\r\n\r\n{}")
            finish(connection)
        case .redirectLoop:
            let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            send(connection, "HTTP/1.1 302 Found\r\nLocation: \(path)\r\nContent-Length: 0\r\n\r\n")
            serve(connection)
        case .garbage:
            send(connection, "\u{0}\u{1}\u{2} this is not HTTP at all\r\n\r\n")
            finish(connection)
        case .body(let body, let contentType):
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            finish(connection)
        }
    }

    /// The request head, up to the blank line; nil when the client went away.
    private func readHead(_ connection: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !bytes.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
            if bytes.count > 1 << 20 { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func send(_ connection: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Closes a connection once (an answer that ends by closing, then the thread's end).
    private func finish(_ connection: Int32) {
        let owned = lock.withLock { () -> Bool in
            guard let index = connections.firstIndex(of: connection) else { return false }
            connections.remove(at: index)
            return true
        }
        if owned { close(connection) }
    }
}
