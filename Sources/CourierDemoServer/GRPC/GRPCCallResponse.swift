#if GRPC
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A gRPC call's HTTP response: 200 with `content-type: application/grpc`, the messages the
/// handler sends as frames while it reads the request's, then trailers with the status —
/// `grpc-status: 0`, or the code and `grpc-message` (percent-encoded) of the
/// ``GRPCCallFailure`` it threw.
enum GRPCCallResponse {
    /// Runs `handler` on the request's messages, sending what it sends: each batch of messages
    /// in one write (a firehose's tick is one DATA frame, not one per message).
    static func make(_ exchange: DemoExchange,
                     _ handler: @escaping @Sendable (GRPCMessages, _ send: ([Data]) async throws -> Void) async throws -> Void) -> Response {
        let messages = GRPCMessages(body: exchange.request.body)
        let body = ResponseBody { writer in
            var trailers: HTTPFields = [HTTPField.Name("grpc-status")!: "0"]
            do {
                try await handler(messages) { batch in try await writer.write(GRPCMessages.frames(batch)) }
            } catch let failure as GRPCCallFailure {
                trailers = Self.trailers(failure)
            } catch {
                trailers = Self.trailers(GRPCCallFailure(code: 13, "\(error)"))
            }
            try await writer.finish(trailers)
        }
        return Response(status: .ok, headers: [.contentType: "application/grpc", HTTPField.Name("grpc-accept-encoding")!: "identity"],
                        body: body)
    }

    /// A call refused before it starts (a method the service lacks, not a POST): the status in
    /// the headers, no body (a trailers-only response).
    static func refused(_ failure: GRPCCallFailure) -> Response {
        var headers: HTTPFields = [.contentType: "application/grpc"]
        headers.append(contentsOf: trailers(failure))
        return Response(status: .ok, headers: headers)
    }

    private static func trailers(_ failure: GRPCCallFailure) -> HTTPFields {
        // grpc-message is percent-encoded UTF-8: what is not printable ASCII, and %.
        let encoded = failure.message.utf8.map { byte in
            (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "%") ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
        return [HTTPField.Name("grpc-status")!: String(failure.code), HTTPField.Name("grpc-message")!: encoded]
    }
}
#endif
