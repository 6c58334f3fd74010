#if GRPC
import Foundation
import Hummingbird
import NIOCore

/// A call's request messages as they arrive: the request body's bytes cut into gRPC's
/// length-prefixed frames (a flag byte, a four-byte big-endian length, the message). A
/// compressed frame ends the sequence with an error: the demo server reads plain messages.
struct GRPCMessages: AsyncSequence, Sendable {
    typealias Element = Data
    let body: RequestBody

    struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: RequestBody.AsyncIterator
        var buffer: [UInt8] = []

        mutating func next() async throws -> Data? {
            while true {
                if buffer.count >= 5 {
                    let length = Int(buffer[1]) << 24 | Int(buffer[2]) << 16 | Int(buffer[3]) << 8 | Int(buffer[4])
                    guard buffer[0] == 0 else { throw GRPCCallFailure(code: 12, "the demo server reads uncompressed messages only") }
                    guard length <= DemoExchange.maximumBodySize else { throw GRPCCallFailure(code: 8, "a message over \(DemoExchange.maximumBodySize) bytes") }
                    if buffer.count >= 5 + length {
                        let message = Data(buffer[5..<(5 + length)])
                        buffer.removeFirst(5 + length)
                        return message
                    }
                }
                guard let chunk = try await bytes.next() else {
                    if !buffer.isEmpty { throw GRPCCallFailure(code: 13, "the request ended inside a message") }
                    return nil
                }
                buffer += chunk.readableBytesView
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: body.makeAsyncIterator()) }

    /// `message` as a frame to send.
    static func frame(_ message: Data) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt8(0))
        buffer.writeInteger(UInt32(message.count))
        buffer.writeBytes(message)
        return buffer
    }
}

/// How a call ends other than OK: a gRPC status code and its message.
struct GRPCCallFailure: Error, Sendable {
    let code: Int
    let message: String

    init(code: Int, _ message: String) {
        self.code = code
        self.message = message
    }
}
#endif
