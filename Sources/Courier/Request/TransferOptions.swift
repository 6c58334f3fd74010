/// How libcurl carries out a transfer, beyond where it goes and what it sends: the options a
/// request hands the transport as they are, with no fallback to the agent's config. Each is
/// nil until set, and the transport then uses the default named beside it.
///
/// A request's options are ``RequestSettings/transferOptions``; the builder copies them into
/// ``PreparedRequest/transferOptions`` whole, and a reused easy handle is reset when they
/// differ (they are `Equatable`). Adding one is a field here and the line of
/// `EasyTransfer.configureTransferOptions` that sets it; the workspace format declares its
/// YAML key, range and curl flag in one table (`TransferOptionFields`).
public struct TransferOptions: Sendable, Equatable {
    /// Redirects followed before the transfer fails with ``RequestError/Code/tooManyRedirects``;
    /// 0: none is followed, and the 3xx is the response. Nil: ``standardMaxRedirects``.
    public var maxRedirects: Int?
    /// Credential headers (and libcurl's own authorization) go along on redirects to other
    /// origins too. Nil: false — they go to the request's own origin only. Read through
    /// ``Request/keepsCredentialsOnRedirect``, which a subclass may override.
    public var keepsCredentialsOnRedirect: Bool?
    /// Seconds a request with a body waits for the server's `100 Continue` before it sends
    /// the body anyway (`CURLOPT_EXPECT_100_TIMEOUT_MS`; libcurl asks for one before a large
    /// body, and whenever the request sets `Expect: 100-continue`). Nil: libcurl's 1 s.
    public var expect100Timeout: Double?

    /// The default of ``maxRedirects``.
    public static let standardMaxRedirects = 16

    /// Every option at its default.
    public init(maxRedirects: Int? = nil, keepsCredentialsOnRedirect: Bool? = nil, expect100Timeout: Double? = nil) {
        self.maxRedirects = maxRedirects
        self.keepsCredentialsOnRedirect = keepsCredentialsOnRedirect
        self.expect100Timeout = expect100Timeout
    }

    /// ``maxRedirects`` or its default, never below 0.
    public var redirectLimit: Int { max(0, maxRedirects ?? Self.standardMaxRedirects) }
}
