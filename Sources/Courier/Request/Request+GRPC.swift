import Foundation
import HTTPTypes

/// A gRPC call's side of a request (``grpcCall``): its messages, its status and trailers.
extension Request {
    /// How the call ended (``GRPCStatus``): OK, or the status that is also the request's
    /// ``error`` (family ``RequestError/Family/grpc``); nil before it ended and for a plain
    /// HTTP request.
    public var grpcStatus: GRPCStatus? { state.withLock { $0.content.grpcStatus } }

    /// The trailer fields that followed the response's body (a gRPC call's status and
    /// trailing metadata); empty when none came.
    public var responseTrailers: HTTPFields { state.withLock { $0.content.trailers } ?? HTTPFields() }

    /// The messages the server sent on the call, in order, as kept (the newest
    /// ``StreamLimits/keptEvents`` of both directions): live while it runs, then as it ended.
    public var grpcMessages: [Data] {
        streamEvents.filter { $0.kind == .message && $0.direction == .received }.map(\.data)
    }

    /// Half-closes a running gRPC call's request stream: the server has every message (a
    /// client-streaming call then answers). False when the request is not a running call that
    /// still sends.
    @discardableResult
    public func finishSending() -> Bool {
        agent.finishSending(onCall: self)
    }
}
