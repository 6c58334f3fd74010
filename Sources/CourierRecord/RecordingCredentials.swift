import Courier
import CourierHistory
import Foundation

/// The credentials seen in recorded traffic — secret headers (`Authorization` whole and its
/// token, a Basic password), cookies from `Cookie` and `Set-Cookie`, secret-named query
/// parameters and JSON or form fields — so that every file `courier record` writes can hide
/// them wherever they turn up again (a token echoed in a body, a cookie in a URL).
public struct RecordingCredentials: Sendable {
    /// The credentials' values, in clear: kept in memory only, to find them again.
    public private(set) var values: Set<String> = []

    public init() {}

    /// The credentials of every exchange.
    public init(_ exchanges: [RecordedExchange]) {
        for exchange in exchanges { add(exchange) }
    }

    /// Adds what `exchange` carries.
    public mutating func add(_ exchange: RecordedExchange) {
        for header in exchange.requestHeaders + exchange.responseHeaders {
            let lower = header.name.lowercased()
            if lower == "cookie" {
                for pair in header.value.split(separator: ";") { addCookie(pair) }
            } else if lower == "set-cookie" {
                if let pair = header.value.split(separator: ";").first { addCookie(pair) }
            } else if lower == "authorization" || lower == "proxy-authorization" {
                addAuthorization(header.value)
            } else if Redaction.isSensitiveHeader(header.name) {
                insert(header.value)
            }
        }
        if let query = URLComponents(string: exchange.url)?.queryItems {
            for item in query where Redaction.isSensitiveKey(item.name) { insert(item.value ?? "") }
        }
        let type = exchange.requestHeader("Content-Type")?.lowercased() ?? ""
        if type.contains("json"), let value = try? JSONValue(parsing: exchange.requestBody) {
            addFields(of: value, key: nil)
        } else if type.hasPrefix("application/x-www-form-urlencoded") {
            var form = URLComponents()
            form.percentEncodedQuery = String(decoding: exchange.requestBody, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
            for item in form.queryItems ?? [] where Redaction.isSensitiveKey(item.name) { insert(item.value ?? "") }
        }
    }

    /// What hides them, with the one rule set's own rules (``Redaction``) applied after.
    public var matcher: SecretMatcher { SecretMatcher(values) }

    private mutating func insert(_ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 3 && trimmed != Redaction.placeholder { values.insert(trimmed) }
    }

    private mutating func addCookie(_ pair: Substring) {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { insert(String(parts[1])) }
    }

    /// `Bearer X`: the whole value and X; `Basic X`: also the decoded `user:password` and the password.
    private mutating func addAuthorization(_ value: String) {
        insert(value)
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return }
        let credentials = String(parts[1]).trimmingCharacters(in: .whitespaces)
        insert(credentials)
        if parts[0].lowercased() == "basic", let data = Data(base64Encoded: credentials), let decoded = String(data: data, encoding: .utf8) {
            insert(decoded)
            if let colon = decoded.firstIndex(of: ":") { insert(String(decoded[decoded.index(after: colon)...])) }
        }
    }

    private mutating func addFields(of value: JSONValue, key: String?) {
        switch value {
        case .object(let members): for (name, member) in members { addFields(of: member, key: name) }
        case .array(let elements): for element in elements { addFields(of: element, key: key) }
        case .string(let text) where key.map(Redaction.isSensitiveKey) == true: insert(text)
        default: break
        }
    }
}

extension RecordedExchange {
    /// The exchange as the history keeps one — for ``HARExport`` — with every credential hidden:
    /// secret headers by name, then every known credential (`matcher`) and secret query value
    /// wherever it appears in the URL, the headers and the bodies (JSON: secret-named fields too).
    func redacted(with matcher: SecretMatcher, runID: String) -> HistoryExchange {
        func text(_ value: String) -> String { Redaction.redact(value, secrets: matcher) }
        func headers(_ lines: [Header]) -> [HistoryExchange.Header] {
            Redaction.headers(lines.map { ($0.name, $0.value) }).map { HistoryExchange.Header(name: $0.name, value: text($0.value)) }
        }
        func body(_ data: Data, type: String?) -> Data? {
            guard !data.isEmpty else { return nil }
            if type?.lowercased().contains("json") == true, let value = try? JSONValue(parsing: data) {
                return Redaction.json(value, strings: text).serialized(prettyPrinted: false)
            }
            guard let string = String(data: data, encoding: .utf8) else { return data }
            return Data(text(string).utf8)
        }
        let host = URLComponents(string: url)?.host ?? "recorded"
        var exchange = HistoryExchange(runID: runID, date: date, workspace: "courier record", workspacePath: "",
                                       request: host, method: method, url: text(url))
        exchange.httpVersion = responseHTTPVersion ?? httpVersion
        exchange.requestHeaders = headers(requestHeaders)
        exchange.requestBody = body(requestBody, type: requestHeader("Content-Type"))
        exchange.requestBodyBytes = requestBody.count
        exchange.status = status
        exchange.responseHeaders = headers(responseHeaders)
        // A body larger than what was kept is given by its size only.
        exchange.responseBody = responseBytes == nil ? body(responseBody, type: responseHeader("Content-Type")) : nil
        exchange.responseBodyBytes = responseBytes ?? responseBody.count
        exchange.contentType = responseHeader("Content-Type")
        exchange.durationMs = durationMs
        if let metrics {
            exchange.timings = HistoryExchange.Timings(metrics: metrics)
        }
        exchange.ok = status.map { $0 < 400 } ?? false
        if let error {
            exchange.errorFamily = "network"
            exchange.errorMessage = text(error)
        }
        return exchange
    }
}
