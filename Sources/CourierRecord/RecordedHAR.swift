import Courier
import CourierHistory
import Foundation

/// The HAR documents of a recording: the one written to `--har` (credentials hidden, through
/// the history's HAR exporter, so it reads as any HAR Courier writes) and the one the HAR
/// importer makes the workspace of (in clear so that it can tell credentials apart, and kept
/// in memory only).
public enum RecordedHAR {
    /// HAR 1.2 of every exchange, credentials hidden wherever they appear.
    /// `credentials`: those of `exchanges`, when the caller has gathered them already.
    public static func redacted(_ exchanges: [RecordedExchange], credentials: RecordingCredentials? = nil, creatorVersion: String = "1") -> Data {
        let matcher = (credentials ?? RecordingCredentials(exchanges)).matcher
        return HARExport.text(exchanges.map { $0.redacted(with: matcher, runID: "courier-record") }, creatorVersion: creatorVersion)
    }

    /// What the importer reads: each request whole, and the response's status.
    static func importable(_ exchanges: [RecordedExchange]) -> Data {
        let entries: [JSONValue] = exchanges.map { exchange in
            var request: [String: JSONValue] = [
                "method": .string(exchange.method),
                "url": .string(exchange.url),
                "httpVersion": .string(exchange.httpVersion),
                "headers": .array(exchange.requestHeaders.map { .object(["name": .string($0.name), "value": .string($0.value)]) }),
            ]
            if !exchange.requestBody.isEmpty, let text = String(data: exchange.requestBody, encoding: .utf8) {
                request["postData"] = .object(["mimeType": .string(exchange.requestHeader("Content-Type") ?? ""), "text": .string(text)])
            }
            let content: JSONValue = .object(["mimeType": .string(exchange.responseHeader("Content-Type") ?? "")])
            return .object(["request": .object(request), "response": .object(["status": .int(exchange.status ?? 0), "content": content])])
        }
        let log: JSONValue = .object(["version": "1.2", "creator": .object(["name": "courier record", "version": "1"]),
                                      "entries": .array(entries)])
        return JSONValue.object(["log": log]).serialized(prettyPrinted: false)
    }
}
