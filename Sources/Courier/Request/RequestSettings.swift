import Foundation

/// Everything a request sends and how, in one value: what a ``Request``'s overridable
/// properties return unless a subclass overrides them (``Request/requestSettings``). A request
/// described by data (a workspace, a command line) sets these; a YTK-style subclass overrides
/// the properties instead, and both work together: an override wins over the setting.
///
/// Each setting is declared here once, with its default; the property of the same name on
/// ``Request`` (or ``CachedRequest``) documents what it does.
public struct RequestSettings: Sendable {
    /// ``Request/requestURL``: a path joined with the base URL, or an absolute URL. Empty by
    /// default.
    public var requestURL = ""
    /// ``Request/baseURL``; empty: the config's.
    public var baseURL = ""
    /// ``Request/cdnURL``; empty: the config's.
    public var cdnURL = ""
    /// ``Request/useCDN``; false by default.
    public var useCDN = false
    /// ``Request/method``; GET by default.
    public var method = HTTPMethod.get
    /// ``Request/arguments``: the query or the body, by method; nil by default.
    public var arguments: JSONValue?
    /// ``Request/requestSerializer``; form-urlencoded by default.
    public var requestSerializer = RequestSerializer.http
    /// ``Request/responseSerializer``; JSON by default, as in YTKNetwork.
    public var responseSerializer = ResponseSerializer.json
    /// ``Request/headers``; nil by default.
    public var headers: [String: String]?
    /// ``Request/basicAuthorization``; nil by default.
    public var basicAuthorization: (user: String, password: String)?
    /// ``Request/timeoutInterval``: seconds without progress; 60 by default.
    public var timeoutInterval = RequestSettings.standardTimeoutInterval
    /// The default of ``timeoutInterval``: 60 s.
    public static let standardTimeoutInterval: TimeInterval = 60
    /// Status codes that count as success; nil = 200–299.
    public var acceptableStatusCodes: Set<Int>?
    /// ``Request/jsonValidator``; nil: any JSON.
    public var jsonValidator: JSONTemplate?
    /// See ``Request/responseViolations(in:)``; nil: no rules.
    public var responseRules: (@Sendable (ResponseContent) -> [ResponseViolation])?
    /// ``Request/acceptableContentTypes``; nil: the config's.
    public var acceptableContentTypes: Set<String>?
    /// ``Request/tlsPolicy``; nil: the config's.
    public var tlsPolicy: TLSPolicy?
    /// ``Request/httpAuthentication``: digest, NTLM, Negotiate or AWS SigV4; nil: none.
    public var httpAuthentication: HTTPAuthentication?
    /// ``Request/httpVersion``; nil: the config's.
    public var httpVersion: HTTPVersionPreference?
    /// ``Request/connectionRoute``; nil: the URL's host.
    public var connectionRoute: ConnectionRoute?
    /// ``Request/retryPolicy``; nil: the config's.
    public var retryPolicy: RetryPolicy?
    /// See ``Request/authenticator``.
    public var authenticator: (any RequestAuthenticator)?
    /// ``Request/buildCustomRequest()``: a hand-built request that replaces URL building,
    /// arguments and headers; nil by default.
    public var customRequest: CustomRequest?
    /// ``Request/resumableDownloadPath``: a file or directory to stream the body to; nil by
    /// default.
    public var resumableDownloadPath: String?
    /// ``Request/multipartForm``; nil by default.
    public var multipartForm: MultipartForm?
    /// ``Request/bodyFilePath``: a raw body read from this file; nil by default.
    public var bodyFilePath: String?
    /// ``Request/rawBody``: a body sent as it is; nil by default.
    public var rawBody: Data?
    /// ``Request/discardsResponseBody``; false by default.
    public var discardsResponseBody = false
    /// How libcurl carries out the transfer (redirects, `Expect: 100-continue`…), handed to
    /// the transport as they are; each at its default. A subclass sets them here.
    public var transferOptions = TransferOptions()
    /// See ``Request/sendsCookies``.
    public var sendsCookies = true
    /// Seconds the whole transfer may take; nil: no deadline.
    public var deadline: TimeInterval?
    /// The most bytes of response body kept in memory; nil: the config's limit.
    public var maximumResponseBodySize: Int?
    /// Whether the body is delivered as it arrives (``Request/streamMode``).
    public var streamMode = StreamMode.automatic
    /// What a stream keeps in memory.
    public var streamLimits = StreamLimits()
    /// Reconnecting a server-sent event stream; nil: never.
    public var streamReconnect: StreamReconnect?
    /// ``Request/grpcCall``: the gRPC call the request makes; nil by default.
    public var grpc: GRPCCallSettings?
    /// Carries the exchange instead of libcurl (a WebSocket session); nil: libcurl.
    public var externalTransport: (any ExternalTransport)?
    /// Seconds a response stays fresh in the cache; -1 = no cache (the default).
    public var cacheTimeInSeconds = -1
    /// ``CachedRequest/cacheVersion``: entries written with another version are not served; 0
    /// by default.
    public var cacheVersion = 0
    /// ``CachedRequest/cacheSensitiveData``: separates entries per user; nil by default.
    public var cacheSensitiveData: JSONValue?
    /// ``CachedRequest/writeCacheAsynchronously``; true by default.
    public var writeCacheAsynchronously = true

    /// Every setting at its default: a GET of an empty URL (set ``requestURL``), no cache.
    public init() {}
}
