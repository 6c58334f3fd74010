import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A hand-made HTTP/2 server (prior knowledge) that answers every gRPC call as grpcio answers
/// a method it lacks when the machine is slow: as soon as the request's HEADERS frame is in,
/// before reading its body, a trailers-only answer (`grpc-status: 12`) and then RST_STREAM
/// with NO_ERROR — both in one write, so that the client reads them together. One connection
/// at a time; `stop()` ends it.
final class EarlyAnswerServer: @unchecked Sendable {
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

    /// Reads the client's preface and frames up to its first HEADERS, answers, then reads
    /// until the client closes (closing first would reset what it has yet to read).
    private static func answer(_ connection: Int32) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        func fill(_ count: Int) -> Bool {
            while bytes.count < count {
                let read = recv(connection, &buffer, buffer.count, 0)
                guard read > 0 else { return false }
                bytes += buffer[..<read]
            }
            return true
        }
        var offset = 24  // "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
        var stream: UInt32?
        while stream == nil {
            guard fill(offset + 9) else { return }
            let length = Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            if bytes[offset + 3] == 1 {  // HEADERS
                stream = UInt32(bytes[offset + 5] & 0x7F) << 24 | UInt32(bytes[offset + 6]) << 16
                    | UInt32(bytes[offset + 7]) << 8 | UInt32(bytes[offset + 8])
            }
            offset += 9 + length
        }
        let fields: [UInt8] = [0x88]  // :status 200, static table entry 8
            + literal("content-type", "application/grpc") + literal("grpc-status", "12")
            + literal("grpc-message", "no such method")
        let reply = frame(type: 4, flags: 0, stream: 0, [])  // SETTINGS
            + frame(type: 4, flags: 1, stream: 0, [])  // SETTINGS ACK
            + frame(type: 1, flags: 0x5, stream: stream!, fields)  // HEADERS, END_STREAM | END_HEADERS
            + frame(type: 3, flags: 0, stream: stream!, [0, 0, 0, 0])  // RST_STREAM, NO_ERROR
        _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        while recv(connection, &buffer, buffer.count, 0) > 0 {}
    }

    /// An HTTP/2 frame: 24-bit length, type, flags, stream identifier, payload.
    private static func frame(type: UInt8, flags: UInt8, stream: UInt32, _ payload: [UInt8]) -> [UInt8] {
        [UInt8(payload.count >> 16 & 0xFF), UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF), type, flags,
         UInt8(stream >> 24 & 0x7F), UInt8(stream >> 16 & 0xFF), UInt8(stream >> 8 & 0xFF), UInt8(stream & 0xFF)] + payload
    }

    /// An HPACK literal field without indexing, with a new name (RFC 7541 §6.2.2); short strings only.
    private static func literal(_ name: String, _ value: String) -> [UInt8] {
        [0x00, UInt8(name.utf8.count)] + Array(name.utf8) + [UInt8(value.utf8.count)] + Array(value.utf8)
    }
}
