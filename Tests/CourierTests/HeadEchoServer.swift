import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback listener that answers every request with its own head (request line and
/// header lines, as they arrived) as a `text/plain` body, and closes: what a client sent,
/// byte for byte, at any path. One connection at a time; `stop()` ends it.
final class HeadEchoServer: @unchecked Sendable {
    let port: Int
    private let listener: LoopbackListener

    init() throws {
        listener = try LoopbackListener()
        port = listener.port
        listener.answerEachConnection { Self.answer($0) }
    }

    func stop() {
        listener.stop()
    }

    private static func answer(_ connection: Int32) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while bytes.firstRange(of: terminator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0, bytes.count < 1 << 20 else { return }
            bytes += buffer[..<count]
        }
        let head = String(decoding: bytes[..<bytes.firstRange(of: terminator)!.lowerBound], as: UTF8.self)
        let reply = Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\nContent-Length: \(head.utf8.count)\r\n\r\n\(head)".utf8)
        _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
