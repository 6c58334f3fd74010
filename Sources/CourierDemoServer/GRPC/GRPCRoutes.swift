#if GRPC
import CourierProtobuf
import Foundation
import Hummingbird

/// The demo server's gRPC service, `courier.demo.Places` (``DemoPlaces``), with server
/// reflection (`grpc.reflection.v1` and `v1alpha`) describing it. Calls need HTTP/2: the TLS
/// listener (ALPN `h2`) and the plaintext HTTP/2 one (``DemoGRPCListener``) serve them; over
/// the plain HTTP/1.1 listener a client gets no trailers, so no status.
enum GRPCRoutes {
    static func add(to router: Router<DemoRequestContext>, places: DemoPlaces = DemoPlaces()) {
        // Reflection lists the service it can describe (grpcurl's `list` shows the same).
        let reflection = try! GRPCReflectionService(descriptorSet: DemoPlacesSchema.descriptorSet, services: [DemoPlaces.service])
        router.onAnyMethod("/\(DemoPlaces.service)/:method") { exchange in
            if let refusal = refusal(of: exchange) { return refusal }
            guard let handler = places.handler(of: exchange.segments[1]) else {
                return GRPCCallResponse.refused(GRPCCallFailure(code: 12, "\(DemoPlaces.service) has no method \(exchange.segments[1])"))
            }
            return GRPCCallResponse.make(exchange, handler)
        }
        for version in ["v1", "v1alpha"] {
            router.onAnyMethod("/grpc.reflection.\(version).ServerReflection/ServerReflectionInfo") { exchange in
                if let refusal = refusal(of: exchange) { return refusal }
                return GRPCCallResponse.make(exchange) { messages, send in
                    for try await question in messages { try await send([reflection.answer(question)]) }
                }
            }
        }
    }

    /// Why a request is no gRPC call: not a POST, or not `application/grpc`.
    private static func refusal(of exchange: DemoExchange) -> Response? {
        let type = exchange.header(.contentType) ?? ""
        guard exchange.method == .post, type.hasPrefix("application/grpc") else {
            return GRPCCallResponse.refused(GRPCCallFailure(code: 13, "a gRPC call is a POST of application/grpc (this was \(exchange.method) \(type))"))
        }
        return nil
    }
}
#endif
