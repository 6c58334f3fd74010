import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Decides a response's outcome, in YTKNetwork's order: transport error → serialization →
/// status code validator (-8) → JSON validator (-9), then the request's own rules (-13) — except that a bad status whose body the
/// serializer cannot read either (an error page) is the status failure, with the
/// serialization error as its cause: the status is what users act on. Runs on the
/// processing queue, or for a light response on its callback queue (never on the
/// transport thread).
enum ResponsePipeline {
    static func process(_ outcome: TransferOutcome, request: Request, snapshot: SettingsSnapshot)
        -> (content: ResponseContent, error: RequestError?) {
        var content = ResponseContent(received: outcome.received, data: outcome.body, metrics: outcome.metrics)
        if let spooled = outcome.spooled { content.spool(spooled) }
        if !outcome.trailerLines.isEmpty { content.trailers = ReceivedHead.fields(in: outcome.trailerLines) }
        if outcome.isCall {
            let error = processCall(outcome, content: &content, accepted: request.grpcCall?.acceptedStatusCodes ?? [.ok])
            // The server's last message, as the request reads it (a unary call's answer).
            if let last = request.grpcMessages.last, let json = request.json(ofCallMessage: last, sent: false) { content.json = json }
            // The request's own rules judge a call that ended as it accepts, as they judge a response.
            guard error == nil, content.grpcStatus != nil else { return (content, error) }
            let violations = request.responseViolations(in: content)
            return (content, violations.isEmpty ? nil : .responseRejected(violations, status: content.statusCode))
        }
        if let error = outcome.error { return (content, error) }
        guard let statusCode = outcome.received?.statusCode else {
            return (content, RequestError(family: .transport, code: .badServerResponse,
                                          message: "The server sent no HTTP response."))
        }
        // The header fields are parsed only here when a serializer needs the content type;
        // otherwise when someone first reads them.
        let bodyOnDisk = outcome.download?.wroteToFile == true || outcome.spooled != nil
        if !bodyOnDisk, !outcome.streamed, request.responseSerializer != .raw, !outcome.body.isEmpty, let head = content.head,
           let error = serialize(outcome.body, head: head, request: request, snapshot: snapshot, into: &content) {
            guard request.isValidStatusCode(statusCode) else {
                var status = RequestError.invalidStatusCode(statusCode)
                status.cause = error
                return (content, status)
            }
            return (content, error)
        }
        // A session's handshake answers 101 Switching Protocols: that is its success.
        guard request.isValidStatusCode(statusCode) || (statusCode == 101 && request.externalTransport != nil) else {
            return (content, .invalidStatusCode(statusCode))
        }
        // A streamed body is many documents, not one: a template has nothing to match.
        if let template = request.jsonValidator, !outcome.streamed {
            // Under `.auto` a body that is not JSON has no tree to match: the template is not met.
            guard let json = content.json else {
                if let spooled = outcome.spooled {
                    return (content, .invalidJSONFormat("the body (\(spooled.count) bytes) was spooled to a file, not parsed: "
                                                        + "a JSON template needs it in memory (spoolResponseBodiesOver)", status: statusCode))
                }
                guard request.responseSerializer == .auto, !bodyOnDisk else { return (content, nil) }
                return (content, .invalidJSONFormat("the response is not JSON (\(content.head?.mimeType ?? "no content type"))",
                                                    status: statusCode))
            }
            if let mismatch = template.mismatch(in: json) {
                return (content, .invalidJSONFormat(mismatch, status: statusCode))
            }
        }
        let violations = request.responseViolations(in: content)
        guard violations.isEmpty else { return (content, .responseRejected(violations, status: statusCode)) }
        return (content, nil)
    }

    /// Checks and parses a non-empty body for a serializer other than `.raw` (the caller
    /// checks both before it parses the head).
    private static func serialize(_ body: Data, head: ResponseHead, request: Request, snapshot: SettingsSnapshot,
                                  into content: inout ResponseContent) -> RequestError? {
        let serializer = request.responseSerializer
        let accepted: Set<String>? = switch serializer {
        case .auto: request.acceptableContentTypes  // only a list the request names itself
        case .json: request.acceptableContentTypes ?? snapshot.settings.acceptableJSONContentTypes
        case .xml, .raw: request.acceptableContentTypes ?? snapshot.settings.acceptableXMLContentTypes
        }
        if let accepted, !(head.mimeType.map(accepted.contains) ?? false) {
            return RequestError(family: .serialization, code: .unacceptableContentType,
                                message: "Unacceptable content type \(head.mimeType.map { "\"\($0)\"" } ?? "(none)") for the \(serializer.rawValue.uppercased()) serializer; accepted: \(accepted.sorted().joined(separator: ", ")).",
                                statusCode: head.statusCode)
        }
        switch serializer {
        case .auto:
            content.readAutomatically(body, mimeType: head.mimeType, buildingTree: request.jsonValidator != nil)
        case .json:
            do {
                // A template needs the tree now; otherwise it is built only if someone reads it,
                // so a large body is not held twice (bytes and tree) for nothing.
                if request.jsonValidator != nil {
                    content.json = try JSONValue(parsing: body)
                } else {
                    try JSONValue.validate(body)
                    content.deferJSON(of: body)
                }
            } catch {
                return RequestError(family: .serialization, code: .cannotParseResponse,
                                    message: "The response is not valid JSON" + jsonLinesHint(body) + ".", statusCode: head.statusCode)
            }
        case .xml:
            do {
                _ = try XMLDocument(data: body, options: [.nodeLoadExternalEntitiesNever])
            } catch {
                return RequestError(family: .serialization, code: .cannotParseResponse,
                                    message: "The response is not valid XML.", statusCode: head.statusCode)
            }
        case .raw:
            break
        }
        return nil
    }

    /// For a body that is JSON Lines (two or more lines, each a JSON document), what it is
    /// and how to read it; empty otherwise.
    private static func jsonLinesHint(_ body: Data) -> String {
        let lines = body.split(separator: 0x0A).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x09 } }
        guard lines.count >= 2, lines.count <= 10_000, lines.allSatisfy({ (try? JSONValue.validate(Data($0))) != nil }) else { return "" }
        return ": it is \(lines.count) JSON documents, one per line (JSON Lines); read it as a stream "
            + "(streamMode .lines; `stream: lines` in a workspace)"
    }
}
