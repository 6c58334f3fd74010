import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP/1.1 server for token tests: `/token` answers as told (a JSON body, or a
/// body trickled a byte every 100 ms — at most 100 bytes — that never completes in time), and
/// any other path answers 200 with the request's head as its body. It keeps the path of every
/// request and every head that arrived. `stop()` ends it and any trickle.
final class TokenEndpointStub: @unchecked Sendable {
    enum TokenReply: Sendable {
        case json(status: Int, body: String)
        case trickle
    }

    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }
    private let listener: LoopbackListener
    private let reply: TokenReply
    private let state = Mutex<(paths: [String], heads: [String], stopped: Bool, trickled: Int)>(([], [], false, 0))

    /// The paths requested, in order of arrival.
    var paths: [String] { state.withLock { $0.paths } }
    /// The heads of the requests to other paths than `/token`.
    var resourceHeads: [String] { state.withLock { $0.heads } }
    /// The bytes of a trickled answer sent so far: the trickle stops when the client has hung
    /// up (a send fails), so a client that gave up after N seconds leaves about 10 × N.
    var trickledBytes: Int { state.withLock { $0.trickled } }

    init(token reply: TokenReply) throws {
        self.reply = reply
        listener = try LoopbackListener(backlog: 16)
        port = listener.port
        let listener = listener
        Thread { [self, listener] in
            while let connection = listener.accept() {
                Thread { self.serve(connection) }.start()
            }
            listener.closeWhenDone()
        }.start()
    }

    func stop() {
        state.withLock { $0.stopped = true }
        listener.stop()
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let head = Self.readRequest(connection) else { return }
        let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        state.withLock {
            $0.paths.append(path)
            if !path.hasPrefix("/token") { $0.heads.append(head) }
        }
        guard path.hasPrefix("/token") else {
            Self.send(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\nContent-Length: \(head.utf8.count)\r\n\r\n\(head)")
            return
        }
        switch reply {
        case .json(let status, let body):
            Self.send(connection, "HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        case .trickle:
            Self.send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: 1000\r\n\r\n")
            for _ in 0..<100 where !state.withLock({ $0.stopped }) {
                guard Self.send(connection, " ") else { return }
                state.withLock { $0.trickled += 1 }
                usleep(100_000)
            }
        }
    }

    /// The request's head; its body (up to Content-Length) read and dropped.
    private static func readRequest(_ connection: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while bytes.firstRange(of: terminator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0, bytes.count < 1 << 20 else { return nil }
            bytes += buffer[..<count]
        }
        let end = bytes.firstRange(of: terminator)!
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        var bodyBytes = bytes.count - end.upperBound
        while bodyBytes < length {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            bodyBytes += count
        }
        return head
    }

    @discardableResult
    private static func send(_ connection: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
