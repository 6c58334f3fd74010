import Foundation

extension RequestBuilder {
    /// The names a gRPC call sets itself: a request's own field of these names is replaced.
    static let grpcFieldNames: Set<String> = ["content-type", "te", "grpc-timeout", "grpc-encoding", "grpc-accept-encoding"]

    /// Shapes `prepared` as the gRPC call `call` (grpc/doc/PROTOCOL-HTTP2.md): a `POST` over
    /// HTTP/2 — with prior knowledge on `http:`, by ALPN on `https:` — with no body of its
    /// own (the call's frames are read from its outbox), `content-type: application/grpc`,
    /// `te: trailers`, the compression sent and accepted, `grpc-timeout` from the deadline, and
    /// the metadata. Its response streams as messages.
    static func shapeGRPCCall(_ call: GRPCCallSettings, _ prepared: inout PreparedRequest, limits: StreamLimits) throws(RequestError) {
        prepared.method = .post
        prepared.body = nil
        prepared.multipart = nil
        prepared.bodyFile = nil
        prepared.grpc = call
        prepared.httpVersion = prepared.url.lowercased().hasPrefix("https:") ? .http2 : .http2PriorKnowledge
        let metadata: [(name: String, value: String)]
        do {
            metadata = try GRPCMetadata.fields(call.metadata.map { ($0.key, $0.value) })
        } catch {
            throw RequestError(family: .parameter, code: .invalidParameters, message: "The gRPC call's \(error).")
        }
        prepared.headers.removeAll { grpcFieldNames.contains($0.name.lowercased()) }
        prepared.headers += [(name: "content-type", value: "application/grpc"), (name: "te", value: "trailers"),
                             (name: "grpc-accept-encoding", value: "gzip")]
        if let compression = call.compression { prepared.headers.append((name: "grpc-encoding", value: compression.rawValue)) }
        if let deadline = prepared.deadline { prepared.headers.append((name: "grpc-timeout", value: GRPCTimeout.header(seconds: deadline))) }
        prepared.headers += metadata
        prepared.stream = StreamSettings(mode: .messages, limits: limits)
    }
}
