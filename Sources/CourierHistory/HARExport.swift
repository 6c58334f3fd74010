import Courier
import CourierFormatCore
import Foundation

/// Past exchanges as a HAR 1.2 document (`courier history --har FILE`): one page per run,
/// one entry per exchange with its headers, bodies (already redacted in the history),
/// timings and checks (`_checks`, the failed ones also in its `comment`), a WebSocket
/// session's messages as Chrome exports them (`_resourceType: "websocket"`,
/// `_webSocketMessages`) and a streamed response's text as its content, so that the file
/// opens in browser devtools and HAR viewers.
public enum HARExport {
    /// The HAR document of `exchanges` (oldest first), as JSON.
    public static func document(_ exchanges: [HistoryExchange], creatorVersion: String = "1") -> JSONValue {
        var seenRuns: Set<String> = []
        let pages = exchanges.filter { seenRuns.insert($0.runID).inserted }.map { page(runID: $0.runID, date: $0.date, workspace: $0.workspace) }
        let log: JSONValue = .object([
            "version": "1.2",
            "creator": creator(creatorVersion),
            "pages": .array(pages),
            "entries": .array(exchanges.map(entry)),
            "comment": .string(comment),
        ])
        return .object(["log": log])
    }

    /// The document as pretty-printed JSON text.
    public static func text(_ exchanges: [HistoryExchange], creatorVersion: String = "1") -> Data {
        document(exchanges, creatorVersion: creatorVersion).serialized(prettyPrinted: true)
    }

    /// Writes the HAR document of what `query` selects from `store` to `path` as it reads
    /// it, one exchange at a time — memory stays flat however many there are — through an
    /// ``OutputFile``: a 0600 file moved into place when whole (it holds bodies), or
    /// written through to a device or a FIFO. Returns how many exchanges it holds.
    @discardableResult
    public static func write(from store: HistoryStore, query: HistoryQuery, to path: String,
                             creatorVersion: String = "1") throws -> Int {
        let file = try OutputFile(path, privacy: .ownerOnly)
        var count = 0
        // The first failure is kept and thrown once the store stops calling back.
        var failure: OutputFileError?
        func put(_ text: String) {
            guard failure == nil else { return }
            do throws(OutputFileError) { try file.write(text) } catch { failure = error }
        }
        func put(_ value: JSONValue) {
            guard failure == nil else { return }
            do throws(OutputFileError) { try file.write(value.serialized(prettyPrinted: false)) } catch { failure = error }
        }
        do {
            put("{\"log\":{\"version\":\"1.2\",\"creator\":")
            put(creator(creatorVersion))
            put(",\"comment\":")
            put(.string(comment))
            try store.streamExchangesWithBodies(query, runs: { runs in
                put(",\"pages\":")
                put(.array(runs.map { page(runID: $0.runID, date: $0.date, workspace: $0.workspace) }))
                put(",\"entries\":[\n")
            }, exchange: { exchange in
                if count > 0 { put(",\n") }
                put(entry(exchange))
                count += 1
            })
            put("\n]}}\n")
            if let failure { throw failure }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        return count
    }

    private static let comment = "Exported from Courier's history; secrets were redacted when the exchanges were recorded."

    private static func creator(_ version: String) -> JSONValue {
        .object(["name": "Courier", "version": .string(version)])
    }

    private static func page(runID: String, date: Date, workspace: String) -> JSONValue {
        .object([
            "startedDateTime": .string(timestamp(date)),
            "id": .string(pageID(runID)),
            "title": .string("\(workspace) — run of \(timestamp(date))"),
            "pageTimings": .object(["onContentLoad": .int(-1), "onLoad": .int(-1)]),
        ])
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
        if let checks = exchange.checks, !checks.isEmpty {
            comment += " · " + HistoryExchange.checksVerdict(checks)
            comment += exchange.failedChecks.map { "\n" + $0.line }.joined()
            entry["_checks"] = .array(checks.map(check))
        }
        entry["comment"] = .string(comment)
        if let family = exchange.errorFamily, let code = exchange.errorCode {
            entry["_error"] = .string("\(family) \(code): \(exchange.errorMessage ?? "")")
        }
        if let transcript = exchange.transcript, isCall(exchange) {
            let parts = callParts(exchange, transcript: transcript)
            if case .object(var request) = entry["request"] {
                request["postData"] = parts.request
                entry["request"] = .object(request)
            }
            if case .object(var response) = entry["response"] {
                response["content"] = parts.response
                entry["response"] = .object(response)
            }
            entry.merge(parts.entry) { _, new in new }
            if transcript.dropped > 0 { entry["comment"] = .string(comment + " · \(transcript.dropped) earlier messages not kept") }
        } else if let transcript = exchange.transcript {
            entry["_resourceType"] = "websocket"
            entry["_webSocketMessages"] = webSocketMessages(transcript)
            if transcript.dropped > 0 { entry["comment"] = .string(comment + " · \(transcript.dropped) earlier messages not kept") }
        }
        return .object(entry)
    }

    /// A check as a `_checks` item: what it is and where it is written, and how it went.
    private static func check(_ record: CheckRecord) -> JSONValue {
        var check: [String: JSONValue] = [
            "check": .string(record.check), "location": .string(record.location), "passed": .bool(record.passed),
            "expected": .string(record.expected), "actual": .string(record.actual), "summary": .string(record.summary),
        ]
        if let path = record.path { check["path"] = .string(path) }
        if let schemaLocation = record.schemaLocation {
            check["schemaLocation"] = .string(schemaLocation)
        } else if let note = record.note {
            check["note"] = .string(note)
        }
        return .object(check)
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
        if exchange.transcript != nil {
            // A session's messages are in `_webSocketMessages`, as browsers export them.
            content["size"] = .int(0)
        } else if let body = exchange.responseBody {
            if let text = String(data: body, encoding: .utf8) {
                content["text"] = .string(text)
            } else {
                content["text"] = .string(body.base64EncodedString())
                content["encoding"] = "base64"
            }
        } else if let file = exchange.responseBodyFile {
            // Kept by reference (up to 256 MiB): not inlined, said where.
            content["comment"] = .string("spooled; the history keeps it redacted as bodies/\(file) beside its database; "
                                         + "SHA-256 \(exchange.responseBodySHA256 ?? "unknown")")
        } else if exchange.responseBodyBytes > 0 {
            content["comment"] = .string("over the history's body limit; SHA-256 \(exchange.responseBodySHA256 ?? "unknown")")
        }
        let status = exchange.status ?? 0
        var response: [String: JSONValue] = [
            "status": .int(status),
            "statusText": .string(status == 0 ? "" : ReasonPhrase.of(status)),
            "httpVersion": .string(exchange.httpVersion ?? "HTTP/1.1"),
            "cookies": .array([]),
            "headers": headers(exchange.responseHeaders),
            "content": .object(content),
            "redirectURL": .string(exchange.responseHeader("Location") ?? ""),
            "headersSize": .int(-1),
            "bodySize": .int(exchange.status == nil ? -1 : exchange.responseBodyBytes),
        ]
        if let warning = exchange.warning { response["comment"] = .string("warning: " + warning) }
        return .object(response)
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

    /// One style for every timestamp: making a formatter per date cost more than the rest of
    /// an entry.
    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func timestamp(_ date: Date) -> String { timestampStyle.format(date) }
}
