import Foundation

/// Everything the transport needs to send one request: the request object's answers,
/// resolved once at start so that later changes to the request or config cannot tear it.
public struct PreparedRequest: Sendable {
    /// The absolute URL sent (`CURLOPT_URL`): joined with the base URL, the query arguments
    /// appended, and as an auth scheme put it (SigV4 sorts the query). It may hold
    /// credentials (a token in the query); show it through ``Request/redactedForDisplay(_:)``.
    public var url: String
    /// The method sent; a redirect may turn it into GET, as libcurl does (303, and 301 or
    /// 302 after a POST).
    public var method: HTTPMethod
    /// Header fields in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body's bytes: the arguments encoded (form or JSON), or ``Request/rawBody``; nil
    /// for none, or when ``multipart`` or ``bodyFile`` is the body.
    public var body: Data?
    /// Seconds without any progress after which the transfer fails with `timedOut`.
    public var timeoutInterval: TimeInterval
    /// Seconds the whole transfer may take; nil: no limit.
    public var deadline: TimeInterval?
    /// How the server's certificate is checked and which client certificate is presented:
    /// the request's ``Request/tlsPolicy``, else the config's.
    public var tlsPolicy: TLSPolicy
    /// The request's auth scheme, applied by the builder (``AuthScheme/authorize(_:)``).
    public var httpAuthentication: HTTPAuthentication?
    /// Authentication libcurl performs (digest, NTLM, Negotiate, AWS SigV4), as the scheme set it.
    public var libcurlAuthentication: LibcurlAuthentication?
    /// The scheme that signs the request as it goes out (``AuthScheme/sign(_:)``); nil: none.
    public var signer: HTTPAuthentication?
    /// The HTTP version asked for (`CURLOPT_HTTP_VERSION`): the request's, else the
    /// config's; ``HTTPVersionPreference/auto`` by default.
    public var httpVersion: HTTPVersionPreference = .auto
    /// Where to connect instead of the URL's host (`CURLOPT_RESOLVE`, `CURLOPT_CONNECT_TO`,
    /// `CURLOPT_UNIX_SOCKET_PATH`); nil: the URL's host.
    public var connectionRoute: ConnectionRoute?
    /// Which proxy the transfer uses (`CURLOPT_PROXY`): the config's
    /// ``NetworkSettings/proxy``.
    public var proxy: ProxySetting
    /// The `User-Agent` sent when ``headers`` has none: the config's
    /// ``NetworkSettings/userAgent`` (`Courier/` and the version by default).
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
    /// The gRPC call this request makes; nil: a plain HTTP request. Its messages are the body.
    public var grpc: GRPCCallSettings?
    /// Where a download writes; set by the agent for each attempt.
    var download: DownloadPlan?
    /// When the response body goes to a spool file instead of memory; nil: it never does.
    var spool: SpoolPlan?
    /// The names (lowercased) of the headers that carry credentials: a redirect to another
    /// origin (scheme, host, port) does not take them along. While there are any, the
    /// transport follows redirects itself instead of libcurl (which would drop only
    /// `Authorization` and `Cookie`), unless ``TransferOptions/keepsCredentialsOnRedirect``. The request's
    /// ``Request/isCredentialHeader(name:value:)`` fills it; an auth scheme may add names
    /// (a message signature's `signature` and `signature-input`).
    public var credentialHeaderNames: Set<String> = []
    /// How libcurl carries out the transfer: the request's ``RequestSettings/transferOptions``,
    /// with ``TransferOptions/keepsCredentialsOnRedirect`` as ``Request/keepsCredentialsOnRedirect``
    /// answered.
    public var transferOptions = TransferOptions()
    /// The jar whose cookies the transfer sends and into which it stores those it receives;
    /// nil: none sent, none kept (the agent has no jar, or the request opted out).
    public var cookieJar: CookieJar?

    /// The transport follows redirects itself instead of libcurl, which drops only
    /// `Authorization` and `Cookie` on the way to another host.
    var followsRedirectsItself: Bool { !keepsCredentialsOnRedirect && !credentialHeaderNames.isEmpty && transferOptions.redirectLimit > 0 }

    /// Credentials go along on redirects to other origins too (the request opted in).
    var keepsCredentialsOnRedirect: Bool { transferOptions.keepsCredentialsOnRedirect == true }

    /// Whether a body goes out: a raw, multipart or file body, or any method but GET and HEAD.
    var sendsBody: Bool {
        body != nil || multipart != nil || bodyFile != nil || grpc != nil || !(method == .get || method == .head)
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
