import Courier
import Foundation

/// Past exchanges as a HAR 1.2 document (`courier history --har FILE`): one page per run,
/// one entry per exchange with its headers, bodies (already redacted in the history) and
/// timings, so that the file opens in browser devtools and HAR viewers.
public enum HARExport {
    /// The HAR document of `exchanges` (oldest first), as JSON.
    public static func document(_ exchanges: [HistoryExchange], creatorVersion: String = "1") -> JSONValue {
        var pages: [JSONValue] = []
        var seenRuns: Set<String> = []
        for exchange in exchanges where !seenRuns.contains(exchange.runID) {
            seenRuns.insert(exchange.runID)
            pages.append(.object([
                "startedDateTime": .string(timestamp(exchange.date)),
                "id": .string(pageID(exchange.runID)),
                "title": .string("\(exchange.workspace) — run of \(timestamp(exchange.date))"),
                "pageTimings": .object(["onContentLoad": .int(-1), "onLoad": .int(-1)]),
            ]))
        }
        let log: JSONValue = .object([
            "version": "1.2",
            "creator": .object(["name": "Courier", "version": .string(creatorVersion)]),
            "pages": .array(pages),
            "entries": .array(exchanges.map(entry)),
            "comment": "Exported from Courier's history; secrets were redacted when the exchanges were recorded.",
        ])
        return .object(["log": log])
    }

    /// The document as pretty-printed JSON text.
    public static func text(_ exchanges: [HistoryExchange], creatorVersion: String = "1") -> Data {
        document(exchanges, creatorVersion: creatorVersion).serialized(prettyPrinted: true)
    }

    static func entry(_ exchange: HistoryExchange) -> JSONValue {
        let timings = exchange.timings
        let phases: [String: JSONValue] = [
            "blocked": .int(-1),
            "dns": number(timings?.dns ?? -1),
            "connect": number(timings?.connect ?? -1),
            "ssl": number(timings?.ssl ?? -1),
            "send": number(max(0, timings?.send ?? 0)),
            "wait": number(max(0, timings?.wait ?? exchange.durationMs)),
            "receive": number(max(0, timings?.receive ?? 0)),
        ]
        var entry: [String: JSONValue] = [
            "pageref": .string(pageID(exchange.runID)),
            "startedDateTime": .string(timestamp(exchange.date)),
            "time": number(timings?.total ?? exchange.durationMs),
            "request": request(exchange),
            "response": response(exchange),
            "cache": .object([:]),
            "timings": .object(phases),
        ]
        var comment = "\(exchange.workspace) · \(exchange.request)"
        if let chain = exchange.chain { comment += " · chain \(chain) step \(exchange.step ?? 0)" } else if let batch = exchange.batch { comment += " · batch \(batch)" }
        if exchange.fromCache { comment += " · answered from Courier's cache" }
        entry["comment"] = .string(comment)
        if let family = exchange.errorFamily, let code = exchange.errorCode {
            entry["_error"] = .string("\(family) \(code): \(exchange.errorMessage ?? "")")
        }
        return .object(entry)
    }

    private static func request(_ exchange: HistoryExchange) -> JSONValue {
        var request: [String: JSONValue] = [
            "method": .string(exchange.method),
            "url": .string(exchange.url),
            "httpVersion": .string(exchange.httpVersion ?? "HTTP/1.1"),
            "cookies": .array([]),
            "headers": headers(exchange.requestHeaders),
            "queryString": .array(queryItems(exchange.url)),
            "headersSize": .int(-1),
            "bodySize": .int(exchange.requestBodyBytes),
        ]
        if let body = exchange.requestBody {
            let type = exchange.requestHeaders.first { $0.name.lowercased() == "content-type" }?.value ?? "application/octet-stream"
            request["postData"] = .object(["mimeType": .string(type), "params": .array([]),
                                           "text": .string(String(decoding: body, as: UTF8.self))])
        }
        return .object(request)
    }

    private static func response(_ exchange: HistoryExchange) -> JSONValue {
        var content: [String: JSONValue] = [
            "size": .int(exchange.responseBodyBytes),
            "mimeType": .string(exchange.contentType ?? "x-unknown"),
        ]
        if let body = exchange.responseBody {
            if let text = String(data: body, encoding: .utf8) {
                content["text"] = .string(text)
            } else {
                content["text"] = .string(body.base64EncodedString())
                content["encoding"] = "base64"
            }
        } else if exchange.responseBodyBytes > 0 {
            content["comment"] = .string("over the history's body limit; SHA-256 \(exchange.responseBodySHA256 ?? "unknown")")
        }
        let status = exchange.status ?? 0
        return .object([
            "status": .int(status),
            "statusText": .string(status == 0 ? "" : ReasonPhrase.of(status)),
            "httpVersion": .string(exchange.httpVersion ?? "HTTP/1.1"),
            "cookies": .array([]),
            "headers": headers(exchange.responseHeaders),
            "content": .object(content),
            "redirectURL": .string(exchange.responseHeader("Location") ?? ""),
            "headersSize": .int(-1),
            "bodySize": .int(exchange.status == nil ? -1 : exchange.responseBodyBytes),
        ])
    }

    private static func headers(_ headers: [HistoryExchange.Header]) -> JSONValue {
        .array(headers.map { .object(["name": .string($0.name), "value": .string($0.value)]) })
    }

    private static func queryItems(_ url: String) -> [JSONValue] {
        (URLComponents(string: url)?.queryItems ?? []).map { .object(["name": .string($0.name), "value": .string($0.value ?? "")]) }
    }

    private static func number(_ value: Double) -> JSONValue {
        value == value.rounded() ? .int(Int(value)) : .double((value * 1000).rounded() / 1000)
    }

    private static func pageID(_ runID: String) -> String { "run-" + runID.prefix(8) }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
