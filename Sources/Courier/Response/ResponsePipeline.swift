import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Decides a response's outcome, in YTKNetwork's order: transport error → serialization →
/// status code validator (-8) → JSON validator (-9). Runs on the processing queue.
enum ResponsePipeline {
    static func process(_ outcome: TransferOutcome, request: Request, settings: NetworkSettings)
        -> (content: ResponseContent, error: RequestError?) {
        var content = ResponseContent(head: outcome.head, data: outcome.body, metrics: outcome.metrics)
        if let error = outcome.error { return (content, error) }
        guard let head = outcome.head else {
            return (content, RequestError(family: .transport, code: .badServerResponse,
                                          message: "The server sent no HTTP response."))
        }
        let bodyOnDisk = outcome.download?.wroteToFile == true
        if !bodyOnDisk,
           let error = serialize(outcome.body, head: head, request: request, settings: settings, into: &content) {
            return (content, error)
        }
        guard request.isValidStatusCode(head.statusCode) else {
            return (content, .invalidStatusCode(head.statusCode))
        }
        if let template = request.jsonValidator, let json = content.json,
           let mismatch = template.mismatch(in: json) {
            return (content, .invalidJSONFormat(mismatch, status: head.statusCode))
        }
        return (content, nil)
    }

    private static func serialize(_ body: Data, head: ResponseHead, request: Request, settings: NetworkSettings,
                                  into content: inout ResponseContent) -> RequestError? {
        let serializer = request.responseSerializer
        guard serializer != .raw, !body.isEmpty else { return nil }
        let accepted = request.acceptableContentTypes
            ?? (serializer == .json ? settings.acceptableJSONContentTypes : settings.acceptableXMLContentTypes)
        guard let mimeType = head.mimeType, accepted.contains(mimeType) else {
            return RequestError(family: .serialization, code: .unacceptableContentType,
                                message: "Unacceptable content type \(head.mimeType.map { "\"\($0)\"" } ?? "(none)") for the \(serializer.rawValue.uppercased()) serializer; accepted: \(accepted.sorted().joined(separator: ", ")).",
                                statusCode: head.statusCode)
        }
        switch serializer {
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
                                    message: "The response is not valid JSON.", statusCode: head.statusCode)
            }
        case .xml:
            do {
                _ = try XMLDocument(data: body)
            } catch {
                return RequestError(family: .serialization, code: .cannotParseResponse,
                                    message: "The response is not valid XML.", statusCode: head.statusCode)
            }
        case .raw:
            break
        }
        return nil
    }
}

/// Text from a body in the charset its Content-Type names.
public enum CharsetDecoding {
    /// Decodes with `charset` when it is known and fits, else UTF-8, else Latin-1 (which never fails).
    public static func string(from data: Data, charset: String?) -> String {
        if let charset, let encoding = encoding(named: charset), let text = String(data: data, encoding: encoding) {
            return text
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        return String(data: data, encoding: .isoLatin1) ?? ""
    }

    static func encoding(named name: String) -> String.Encoding? {
        switch name.lowercased() {
        case "utf-8", "utf8": return .utf8
        case "iso-8859-1", "latin1", "iso8859-1", "l1": return .isoLatin1
        case "iso-8859-2", "latin2": return .isoLatin2
        case "us-ascii", "ascii": return .ascii
        case "utf-16": return .utf16
        case "utf-16le": return .utf16LittleEndian
        case "utf-16be": return .utf16BigEndian
        case "utf-32": return .utf32
        case "windows-1252", "cp1252": return .windowsCP1252
        case "windows-1251", "cp1251": return .windowsCP1251
        case "shift_jis", "sjis": return .shiftJIS
        case "euc-jp": return .japaneseEUC
        default: return nil
        }
    }
}
