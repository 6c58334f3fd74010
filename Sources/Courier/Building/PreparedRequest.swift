import Foundation

/// Everything the transport needs to send one request: the request object's answers,
/// resolved once at start so that later changes to the request or config cannot tear it.
public struct PreparedRequest: Sendable {
    public var url: String
    public var method: HTTPMethod
    /// Header fields in the order they are sent.
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// Seconds without any progress after which the transfer fails with `timedOut`.
    public var idleTimeout: TimeInterval
    /// Seconds the whole transfer may take; nil: no limit.
    public var deadline: TimeInterval?
    public var tlsPolicy: TLSPolicy
    public var proxy: ProxySetting
    public var userAgent: String
    /// A multipart body; replaces `body`.
    public var multipart: MultipartForm?
    /// A file whose content is the body; replaces `body`.
    public var bodyFile: String?
    /// Drop the response body as it arrives.
    public var discardsResponseBody = false
    /// The most bytes of response body kept in memory; more fails the transfer.
    public var maximumBodyBytes = Int.max
    /// Where a download writes; set by the agent for each attempt.
    var download: DownloadPlan?

    /// Whether a body goes out: a raw, multipart or file body, or any method but GET and HEAD.
    var sendsBody: Bool {
        body != nil || multipart != nil || bodyFile != nil || !(method == .get || method == .head)
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
