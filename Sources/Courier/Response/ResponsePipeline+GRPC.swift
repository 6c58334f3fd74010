import Foundation
import HTTPTypes

/// A gRPC call's outcome (grpc/doc/PROTOCOL-HTTP2.md): the HTTP status must be 200 (others
/// map to a status as grpc/doc/http-grpc-status-mapping.md says), the response stream must be
/// gRPC framing, and the status comes from the trailers — or from the headers of a
/// "trailers-only" answer. Any status but OK is the request's error, in the gRPC family.
extension ResponsePipeline {
    static func processCall(_ outcome: TransferOutcome, content: inout ResponseContent, accepted: Set<GRPCStatusCode>) -> RequestError? {
        // The status in the trailers is the call's last word: a stream reset after it (the
        // server done before the client half-closed) changes nothing.
        let trailed = content.trailers.flatMap(status(in:))
        // So is a "trailers-only" answer's: libcurl 7.88 reports a reset that follows one (the
        // server answered before reading what this side had not sent yet) as a stream error.
        var trailersOnly: GRPCStatus?
        if outcome.received?.statusCode == 200, let head = content.head { trailersOnly = status(in: head.headers) }
        if let error = outcome.error, (trailed ?? trailersOnly) == nil || error.code == .cancelled {
            // A status this side gave the call (its deadline passed, libcurl lost the answer) is its status.
            guard error.family == .grpc, let given = outcome.grpcProblem else { return error }
            content.grpcStatus = given
            return accepted.contains(given.code) ? nil : error
        }
        // Ended by this side (``Request/endStream()``: a reader that has seen enough) before the
        // server's status — or before any answer: CANCELLED, as gRPC calls a call the client
        // ended — and, as for a stream ended so, not a failure: what came stands.
        if outcome.endedByReader, (trailed ?? trailersOnly) == nil, (outcome.received?.statusCode ?? 200) == 200 {
            content.grpcStatus = GRPCStatus(code: .cancelled, message: "ended by this side before the server's status")
            return nil
        }
        guard let httpStatus = outcome.received?.statusCode else {
            return RequestError(family: .transport, code: .badServerResponse, message: "The server sent no HTTP response.")
        }
        let headers = content.head?.headers ?? HTTPFields()
        let status = callStatus(httpStatus: httpStatus, headers: headers, trailed: trailed, problem: outcome.grpcProblem)
        content.grpcStatus = status
        return accepted.contains(status.code) ? nil : status.error
    }

    /// The status in `fields` (trailers, or a trailers-only head), if they hold one.
    private static func status(in fields: HTTPFields) -> GRPCStatus? {
        GRPCStatus(fields: fields.map { (name: $0.name.canonicalName, value: $0.value) })
    }

    /// The status a call ended with, by the rules above, given the one its trailers hold.
    static func callStatus(httpStatus: Int, headers: HTTPFields, trailed: GRPCStatus?, problem: GRPCStatus?) -> GRPCStatus {
        let inHeaders = status(in: headers)
        guard httpStatus == 200 else {
            return inHeaders ?? GRPCStatus(code: mappedCode(httpStatus: httpStatus),
                                           message: "HTTP \(httpStatus) instead of a gRPC answer (HTTP 200)")
        }
        if let problem { return problem }
        if let status = trailed ?? inHeaders { return status }
        let contentType = headers[.contentType] ?? "none"
        guard contentType.lowercased().hasPrefix("application/grpc") else {
            return GRPCStatus(code: .unknown, message: "not a gRPC answer: its content type is \(contentType), not application/grpc")
        }
        return GRPCStatus(code: .internal, message: "the call ended without a grpc-status (no trailers)")
    }

    /// grpc/doc/http-grpc-status-mapping.md: the status of an HTTP answer that is not 200.
    static func mappedCode(httpStatus: Int) -> GRPCStatusCode {
        switch httpStatus {
        case 400: .internal
        case 401: .unauthenticated
        case 403: .permissionDenied
        case 404: .unimplemented
        case 429, 502, 503, 504: .unavailable
        default: .unknown
        }
    }
}
