import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback listener that answers every request with its own head (request line and
/// header lines, as they arrived) as a `text/plain` body, and closes: what a client sent,
/// byte for byte, at any path. One connection at a time; `stop()` ends it.
final class HeadEchoServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    init() throws {
        (listener, port) = try listeningLoopbackSocket()
        let listener = listener
        Thread { [listener] in
            while case let connection = accept(listener, nil, nil), connection >= 0 {
                Self.answer(connection)
                close(connection)
            }
        }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
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

/// A TCP socket listening on 127.0.0.1 at a free port: its descriptor and the port.
func listeningLoopbackSocket() throws -> (descriptor: Int32, port: Int) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let listening = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(listener, socketAddress, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, socketAddress, &length) == 0
        }
    }
    guard listening else {
        close(listener)
        throw POSIXError(.EADDRNOTAVAIL)
    }
    return (listener, Int(UInt16(bigEndian: address.sin_port)))
}
