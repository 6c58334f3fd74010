import Courier
import CourierFormatCore
import CourierHistory
import Foundation

/// A whole exchange a load run kept as a sample of one outcome (a few of each status and
/// error), redacted by the one rule set (``Redaction``, the request's scope): what the Load
/// view shows on Enter on a status or error row, what `--json` and the report list.
public struct LoadSampleExchange: Codable, Sendable, Hashable {
    /// Which outcome it samples (``outcome(status:error:)``): `200`, `503`,
    /// `transport -1004`, `check status == 200`.
    public var outcome: String
    /// The batch item or chain step that sent it.
    public var step: String
    /// Seconds from the end of the warm-up when it ended (negative: during the warm-up).
    public var second: Double
    /// Its latency, milliseconds.
    public var milliseconds: Double
    public var method: String
    public var url: String
    public var requestHeaders: [HistoryExchange.Header]
    /// The request's body (its first bytes), as text; nil when it sent none.
    public var requestBody: String?
    /// The response's status, HTTP version and headers; 0 and empty when none came.
    public var status: Int
    public var httpVersion: String
    public var responseHeaders: [HistoryExchange.Header]
    /// The response body's first bytes as text (at most ``LoadExchange/bodyPrefixLimit``), or
    /// a line saying it is binary.
    public var body: String
    /// The whole body's size as received.
    public var bodyBytes: Int64
    /// The error the request failed with (a transport error, or the check it failed).
    public var error: String?
    /// A failed check's expected and actual values.
    public var checkDetail: String?

    /// The outcome a request with `status` and `error` samples: its status, or its error
    /// (a check's by its text, as the error rows name it).
    public static func outcome(status: Int, error: RequestError?) -> String {
        guard let error else { return String(status) }
        return outcome(family: error.family.rawValue, code: error.code.rawValue, message: error.message)
    }

    /// The outcome of an error row (``LoadErrorCount``): `http 503` samples the status 503.
    public static func outcome(family: String, code: Int, message: String) -> String {
        switch family {
        case "http": String(code)
        case RequestError.Family.validation.rawValue: "check " + message
        default: "\(family) \(code)"
        }
    }

}

extension LoadSampleExchange {
    /// `exchange`, sent by `step` as `sample`, redacted through `scope`: secret headers
    /// masked, the URL and header values through the scope, bodies as the history keeps them.
    init(_ exchange: LoadExchange, sample: LoadSample, step: String, second: Double, scope: VariableScope) {
        outcome = Self.outcome(status: sample.status, error: sample.error)
        self.step = step
        self.second = (second * 1000).rounded() / 1000
        milliseconds = Double(sample.total > 0 ? sample.total : sample.latency) / 1e6
        let request = exchange.request
        method = request.method.rawValue
        url = scope.redact(request.url)
        requestHeaders = (request.headers + [("User-Agent", request.userAgent)]).map { Self.header($0.name, $0.value, scope: scope) }
        requestBody = request.body.map { body in
            Self.text(Self.redacted(body, contentType: request.header("Content-Type"), scope: scope), bytes: Int64(body.count))
        }
        status = exchange.response?.statusCode ?? 0
        httpVersion = exchange.response?.httpVersion ?? ""
        responseHeaders = exchange.response?.headers.map { Self.header($0.name.rawName, $0.value, scope: scope) } ?? []
        body = Self.text(Self.redacted(exchange.body, contentType: exchange.response?.header("Content-Type"), scope: scope),
                         bytes: exchange.bodyBytes)
        bodyBytes = exchange.bodyBytes
        error = sample.error.map { scope.redact($0.message) }
        checkDetail = exchange.checkDetail.map(scope.redact)
    }

    private static func header(_ name: String, _ value: String, scope: VariableScope) -> HistoryExchange.Header {
        HistoryExchange.Header(name: name, value: Redaction.isSensitiveHeader(name) ? Redaction.placeholder : scope.redact(value))
    }

    /// A body whole as the history redacts one, or its first bytes (cut where the sample's
    /// limit fell) as they stream, so that a JSON document cut short hides its secrets too.
    private static func redacted(_ body: Data, contentType: String?, scope: VariableScope) -> Data {
        body.count < LoadExchange.bodyPrefixLimit ? scope.redactedBody(body, contentType: contentType)
            : scope.redactedPrefix(body.prefix(LoadExchange.bodyPrefixLimit), contentType: contentType)
    }

    /// Text as it is (a cut UTF-8 sequence at the end dropped), or a line for binary bytes.
    private static func text(_ data: Data, bytes: Int64) -> String {
        var data = data
        for _ in 0..<4 {
            if let text = String(data: data, encoding: .utf8) { return text }
            guard !data.isEmpty else { break }
            data = data.dropLast()
        }
        return "(\(bytes) bytes of binary data)"
    }
}
