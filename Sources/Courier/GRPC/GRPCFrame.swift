import Foundation

/// gRPC's length-prefixed messages on an HTTP/2 stream: a flag byte (1: compressed by the
/// call's `grpc-encoding`), a 4-byte big-endian length, then the message's bytes.
public enum GRPCFrame {
    /// One message as it travels.
    public static func encode(_ message: Data, compressed: Bool = false) -> Data {
        var frame = Data(capacity: 5 + message.count)
        frame.append(compressed ? 1 : 0)
        let length = UInt32(message.count)
        frame.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
        frame.append(message)
        return frame
    }

    /// A received message: its bytes as they came, and whether they are compressed.
    public struct Message: Sendable, Hashable {
        /// The message's bytes, still compressed when ``compressed``.
        public var bytes: Data
        /// Whether the flag byte said compressed (by the call's `grpc-encoding`).
        public var compressed: Bool
    }

    /// Why a response stream is not gRPC framing.
    public enum DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A flag byte other than 0 and 1.
        case badFlag(UInt8, offset: Int)
        /// A message longer than the reader takes.
        case tooLong(Int, limit: Int)
        /// The stream ended inside a message.
        case truncated(missing: Int)

        /// What is wrong, in a sentence.
        public var description: String {
            switch self {
            case .badFlag(let flag, let offset): "byte \(offset) starts a message with flag \(flag), not 0 or 1: the body is not gRPC framing"
            case .tooLong(let length, let limit): "a message of \(length) bytes, over the limit of \(limit)"
            case .truncated(let missing): "the stream ended \(missing) bytes before its last message did"
            }
        }
    }

    /// Splits a response body into messages as its bytes arrive, in chunks of any size.
    public struct Decoder: Sendable {
        /// The longest message taken (gRPC's usual default is 4 MiB).
        public var limit: Int
        private var buffer = Data()
        private var consumed = 0

        /// A decoder that takes messages up to `limit` bytes.
        public init(limit: Int = 4 << 20) { self.limit = limit }

        /// The messages `chunk` completes, in order.
        public mutating func consume(_ chunk: some DataProtocol) throws(DecodingError) -> [Message] {
            buffer.append(contentsOf: chunk)
            var messages: [Message] = []
            while buffer.count >= 5 {
                let start = buffer.startIndex
                let flag = buffer[start]
                guard flag <= 1 else { throw .badFlag(flag, offset: consumed) }
                let length = buffer[(start + 1)..<(start + 5)].reduce(0) { $0 << 8 | Int($1) }
                guard length <= limit else { throw .tooLong(length, limit: limit) }
                guard buffer.count >= 5 + length else { break }
                messages.append(Message(bytes: Data(buffer[(start + 5)..<(start + 5 + length)]), compressed: flag == 1))
                buffer.removeFirst(5 + length)
                consumed += 5 + length
            }
            return messages
        }

        /// Checks the stream ended between messages.
        public func finish() throws(DecodingError) {
            guard buffer.isEmpty else {
                let needed = buffer.count >= 5 ? 5 + buffer[(buffer.startIndex + 1)..<(buffer.startIndex + 5)].reduce(0) { $0 << 8 | Int($1) } : 5
                throw .truncated(missing: needed - buffer.count)
            }
        }
    }
}
