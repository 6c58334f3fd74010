import Foundation

/// One whole exchange a load run kept as a sample of its outcome (a status, an error): the
/// request as prepared, the response's head and the first ``bodyPrefixLimit`` bytes of its
/// body. Raw, secrets and all: redact it before it is shown or stored.
public final class LoadExchange: Sendable {
    /// How much of a sample's response body is kept.
    public static let bodyPrefixLimit = 4096

    /// The request as it was sent (its token header included).
    public let request: PreparedRequest
    /// The response's head; nil when none came (a transport error).
    public let response: ResponseHead?
    /// The first bytes of the response's body, at most ``bodyPrefixLimit``.
    public let body: Data
    /// The whole body's size as received (libcurl's count; compressed when it came so).
    public let bodyBytes: Int64
    /// Why the run counted it failed when a check did: what the check expected and found.
    public let checkDetail: String?

    /// An exchange of `request`, answered by `response` with `body`'s first bytes of `bodyBytes`.
    public init(request: PreparedRequest, response: ResponseHead?, body: Data, bodyBytes: Int64, checkDetail: String? = nil) {
        self.request = request
        self.response = response
        self.body = body.count > Self.bodyPrefixLimit ? body.prefix(Self.bodyPrefixLimit) : body
        self.bodyBytes = bodyBytes
        self.checkDetail = checkDetail
    }
}

/// Checks a load run makes of every response (`courier load --checks`: the request's
/// `expect:`). Called on the driver's transport thread for each response, with its whole
/// body: a run with checks is slower than one without.
public protocol LoadResponseCheck: Sendable {
    /// The first check that `response` of target `target` fails, or nil when it passes them all.
    func failure(target: Int, response: ResponseHead, body: Data, seconds: Double) -> LoadCheckFailure?
    /// Whether target `target`'s checks judge the status: a status of 400 and more that passes
    /// them is then the right answer, not a failure (``LoadSample/statusJudged``).
    func judgesStatus(target: Int) -> Bool
}

/// A check a response failed: the error the run counts it as (the check's own text as its
/// message, so that each check is its own row), and what it expected and found.
public struct LoadCheckFailure: Sendable {
    /// Family ``RequestError/Family/validation``, code ``RequestError/Code/responseRejected``.
    public var error: RequestError
    /// `expected 200, got 503`.
    public var detail: String

    /// A failure of the check `check` (`status == 200`), with what it expected and found.
    public init(check: String, detail: String) {
        error = RequestError(family: .validation, code: .responseRejected, message: check)
        self.detail = detail
    }
}
