#if GRPC
import Courier
import Foundation
import Hummingbird
import NIOCore

/// A call's request messages as they arrive: the request body's bytes cut into gRPC's
/// length-prefixed frames (``GRPCFrame/Decoder``). A compressed message ends the sequence with
/// an error: the demo server reads plain messages.
struct GRPCMessages: AsyncSequence, Sendable {
    typealias Element = Data
    let body: RequestBody

    struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: RequestBody.AsyncIterator
        var decoder = GRPCFrame.Decoder(limit: DemoExchange.maximumBodySize)
        var ready: [GRPCFrame.Message] = []

        mutating func next() async throws -> Data? {
            while ready.isEmpty {
                let chunk = try await bytes.next()
                do throws(GRPCFrame.DecodingError) {
                    guard let chunk else {
                        try decoder.finish()
                        return nil
                    }
                    ready = try decoder.consume(chunk.readableBytesView)
                } catch {
                    // Too long is RESOURCE_EXHAUSTED, as gRPC says a message over the limit is.
                    if case .tooLong = error { throw GRPCCallFailure(code: 8, "the request's \(error)") }
                    throw GRPCCallFailure(code: 13, "the request's \(error)")
                }
            }
            let message = ready.removeFirst()
            guard !message.compressed else { throw GRPCCallFailure(code: 12, "the demo server reads uncompressed messages only") }
            return message.bytes
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: body.makeAsyncIterator()) }

    /// `messages` as frames, back to back, to send in one write.
    static func frames(_ messages: [Data]) -> ByteBuffer {
        var buffer = ByteBuffer()
        for message in messages { buffer.writeBytes(GRPCFrame.encode(message)) }
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
