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
    /// The request's auth scheme, applied by the builder (``AuthScheme/authorize(_:)``).
    public var httpAuthentication: HTTPAuthentication?
    /// Authentication libcurl performs (digest, NTLM, Negotiate, AWS SigV4), as the scheme set it.
    public var libcurlAuthentication: LibcurlAuthentication?
    /// The scheme that signs the request as it goes out (``AuthScheme/sign(_:)``); nil: none.
    public var signer: HTTPAuthentication?
    public var httpVersion: HTTPVersionPreference = .auto
    public var connectionRoute: ConnectionRoute?
    public var proxy: ProxySetting
    public var userAgent: String
    /// A multipart body; replaces `body`.
    public var multipart: MultipartForm?
    /// A file whose content is the body; replaces `body`.
    public var bodyFile: String?
    /// Drop the response body as it arrives.
    public var discardsResponseBody = false
    /// A 256 KiB receive buffer instead of libcurl's 16 KiB: large bodies arrive 2.4× faster over
    /// loopback, but libcurl allocates the buffer for every transfer, and at that size the
    /// allocator maps and trims it each time (page faults: 8 % of a load run's CPU per small
    /// response). nil: downloads and discarded bodies have it, the rest not.
    public var bulkReceiveBuffer: Bool?
    /// The most bytes of response body kept in memory; more fails the transfer.
    public var maximumBodyBytes = Int.max
    /// How the response body is delivered while it arrives; nil: read whole, never streamed.
    public var stream: StreamSettings?
    /// Where a download writes; set by the agent for each attempt.
    var download: DownloadPlan?
    /// The names (lowercased) of the headers that carry credentials: a redirect to another
    /// origin (scheme, host, port) does not take them along (``RedirectHop``).
    public var credentialHeaderNames: Set<String> = []
    /// Credentials go along on redirects to other origins too (the request opted in).
    public var keepsCredentialsOnRedirect = false
    /// The jar whose cookies the transfer sends and into which it stores those it receives;
    /// nil: none sent, none kept (the agent has no jar, or the request opted out).
    public var cookieJar: CookieJar?

    /// The transport follows redirects itself instead of libcurl, which drops only
    /// `Authorization` and `Cookie` on the way to another host.
    var followsRedirectsItself: Bool { !keepsCredentialsOnRedirect && !credentialHeaderNames.isEmpty }

    /// Whether a body goes out: a raw, multipart or file body, or any method but GET and HEAD.
    var sendsBody: Bool {
        body != nil || multipart != nil || bodyFile != nil || !(method == .get || method == .head)
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
