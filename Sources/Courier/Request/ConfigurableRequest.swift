import Foundation
import Synchronization

/// A request whose every overridable is a stored property, for requests described by data
/// (a workspace, a command line) rather than by a subclass. It is a ``CachedRequest`` whose
/// cache is off until `cacheTimeInSeconds` is set above zero.
///
/// ```swift
/// let request = ConfigurableRequest("/post", method: .post, arguments: ["name": "courier"])
/// request.definition.requestSerializer = .json
/// try await request.run()
/// ```
open class ConfigurableRequest: CachedRequest, @unchecked Sendable {
    /// The settings, behind the request's lock like the rest of its state.
    public struct Definition: Sendable {
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
        public var timeoutInterval: TimeInterval = 60
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
        /// See ``Request/keepsCredentialsOnRedirect``.
        public var keepsCredentialsOnRedirect = false
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

    private let definitionStore: Mutex<Definition>

    /// A request with every setting of `definition`.
    public init(_ definition: Definition) {
        definitionStore = Mutex(definition)
        super.init()
    }

    /// A request to `url` (a path joined with the base URL, or an absolute URL) with a method,
    /// arguments and headers; everything else at its default, changed through ``definition``.
    public convenience init(_ url: String, method: HTTPMethod = .get, arguments: JSONValue? = nil,
                            headers: [String: String]? = nil) {
        var definition = Definition()
        definition.requestURL = url
        definition.method = method
        definition.arguments = arguments
        definition.headers = headers
        self.init(definition)
    }

    /// A request to an absolute `URL`.
    public convenience init(_ url: URL, method: HTTPMethod = .get, arguments: JSONValue? = nil,
                            headers: [String: String]? = nil) {
        self.init(url.absoluteString, method: method, arguments: arguments, headers: headers)
    }

    /// A request whose arguments are any `Encodable` value, encoded as JSON (a struct
    /// becomes an object of its properties); throws what the encoder throws.
    public convenience init(_ url: String, method: HTTPMethod = .get, encoding arguments: some Encodable,
                            headers: [String: String]? = nil) throws {
        self.init(url, method: method, arguments: try JSONValue(encoding: arguments), headers: headers)
    }

    /// Every setting at once; changes apply from the next start.
    public var definition: Definition {
        get { definitionStore.withLock { $0 } }
        set { definitionStore.withLock { $0 = newValue } }
    }

    open override var requestURL: String { definition.requestURL }
    open override var baseURL: String { definition.baseURL }
    open override var cdnURL: String { definition.cdnURL }
    open override var useCDN: Bool { definition.useCDN }
    open override var method: HTTPMethod { definition.method }
    open override var arguments: JSONValue? { definition.arguments }
    open override var requestSerializer: RequestSerializer { definition.requestSerializer }
    open override var responseSerializer: ResponseSerializer { definition.responseSerializer }
    open override var headers: [String: String]? { definition.headers }
    open override var basicAuthorization: (user: String, password: String)? { definition.basicAuthorization }
    open override var timeoutInterval: TimeInterval { definition.timeoutInterval }
    open override var jsonValidator: JSONTemplate? { definition.jsonValidator }
    open override func responseViolations(in content: ResponseContent) -> [ResponseViolation] {
        definition.responseRules?(content) ?? []
    }
    open override var acceptableContentTypes: Set<String>? { definition.acceptableContentTypes }
    open override var tlsPolicy: TLSPolicy? { definition.tlsPolicy }
    open override var httpAuthentication: HTTPAuthentication? { definition.httpAuthentication }
    open override var httpVersion: HTTPVersionPreference? { definition.httpVersion }
    open override var connectionRoute: ConnectionRoute? { definition.connectionRoute }
    open override var retryPolicy: RetryPolicy? { definition.retryPolicy }
    open override var authenticator: (any RequestAuthenticator)? { definition.authenticator }
    open override func buildCustomRequest() -> CustomRequest? { definition.customRequest }
    open override var resumableDownloadPath: String? { definition.resumableDownloadPath }
    open override var multipartForm: MultipartForm? { definition.multipartForm }
    open override var bodyFilePath: String? { definition.bodyFilePath }
    open override var rawBody: Data? { definition.rawBody }
    open override var discardsResponseBody: Bool { definition.discardsResponseBody }
    open override var keepsCredentialsOnRedirect: Bool { definition.keepsCredentialsOnRedirect }
    open override var sendsCookies: Bool { definition.sendsCookies }
    open override var maximumResponseBodySize: Int? { definition.maximumResponseBodySize }
    open override var deadline: TimeInterval? { definition.deadline }
    open override var streamMode: StreamMode { definition.streamMode }
    open override var streamLimits: StreamLimits { definition.streamLimits }
    open override var streamReconnect: StreamReconnect? { definition.streamReconnect }
    open override var externalTransport: (any ExternalTransport)? { definition.externalTransport }
    open override var cacheTimeInSeconds: Int { definition.cacheTimeInSeconds }
    open override var cacheVersion: Int { definition.cacheVersion }
    open override var cacheSensitiveData: JSONValue? { definition.cacheSensitiveData }
    open override var writeCacheAsynchronously: Bool { definition.writeCacheAsynchronously }
    open override func isValidStatusCode(_ statusCode: Int) -> Bool {
        definition.acceptableStatusCodes.map { $0.contains(statusCode) } ?? super.isValidStatusCode(statusCode)
    }
}
