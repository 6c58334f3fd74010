import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTPTypes
import Synchronization

/// One HTTP request as an object (YTKBaseRequest). Subclass it and override what to send;
/// start it with closures, a delegate or `await run()`; read the outcome from its state.
///
/// ```swift
/// final class UserRequest: Request {
///     let id: Int
///     init(id: Int) { self.id = id }
///     override var requestURL: String { "/users/\(id)" }
///     override var jsonValidator: JSONTemplate? { .object(["name": .string]) }
/// }
/// ```
open class Request: @unchecked Sendable {
    let state = Mutex(RequestState())
    private let settingsStore: Mutex<RequestSettings>

    /// A request with every overridable at its default. Subclasses add their own stored properties
    /// and initialisers; the request is not sent until it is started. (The one designated
    /// initialiser: a subclass's initialiser calls it without writing `super.init()`.)
    public init() {
        settingsStore = Mutex(RequestSettings())
    }

    /// What the overridable properties below return unless a subclass overrides them: every
    /// setting in one value, declared once with its default. Changes apply from the next start.
    public var requestSettings: RequestSettings {
        get { settingsStore.withLock { $0 } }
        set { settingsStore.withLock { $0 = newValue } }
    }

    // MARK: - What to send (override these)

    /// The path relative to the base URL, or an absolute URL (YTK `requestUrl`).
    open var requestURL: String { requestSettings.requestURL }
    /// Overrides the config's base URL for this request.
    open var baseURL: String { requestSettings.baseURL }
    /// Overrides the config's CDN URL for this request.
    open var cdnURL: String { requestSettings.cdnURL }
    /// Join with the CDN URL instead of the base URL.
    open var useCDN: Bool { requestSettings.useCDN }
    /// The HTTP method (YTK `requestMethod`); GET by default.
    open var method: HTTPMethod { requestSettings.method }
    /// Sent in the query for GET/HEAD/DELETE, in the body otherwise (YTK `requestArgument`).
    open var arguments: JSONValue? { requestSettings.arguments }
    /// How arguments are written into a body.
    open var requestSerializer: RequestSerializer { requestSettings.requestSerializer }
    /// How the response body is read. JSON by default, as in YTKNetwork (a response that is
    /// not JSON fails); ``ResponseSerializer/auto`` takes any response, as workspaces do.
    open var responseSerializer: ResponseSerializer { requestSettings.responseSerializer }
    /// Extra header fields (YTK `requestHeaderFieldValueDictionary`).
    open var headers: [String: String]? { requestSettings.headers }
    /// User and password for HTTP Basic authorization (YTK `requestAuthorizationHeaderFieldArray`).
    open var basicAuthorization: (user: String, password: String)? { requestSettings.basicAuthorization }
    /// Seconds without progress before the request fails with `timedOut`. 60 by default;
    /// zero or less means no timeout.
    open var timeoutInterval: TimeInterval { requestSettings.timeoutInterval }
    /// Seconds the whole transfer may take, however steadily bytes arrive; past it the request
    /// fails with `timedOut` saying so. Nil (the default): no deadline, only the idle timeout.
    open var deadline: TimeInterval? { requestSettings.deadline }
    /// Whether a status code counts as success (YTK `statusCodeValidator`). 200–299 by default.
    open func isValidStatusCode(_ statusCode: Int) -> Bool {
        requestSettings.acceptableStatusCodes.map { $0.contains(statusCode) } ?? (200...299).contains(statusCode)
    }
    /// The shape the JSON response must have; nil = any.
    open var jsonValidator: JSONTemplate? { requestSettings.jsonValidator }
    /// Rules the response must meet beyond its status and JSON template, checked after both
    /// pass (CTNetworking's `isCorrectWithCallBackData`): return what it broke, and the request
    /// fails with ``RequestError/Code/responseRejected`` (validation family, like -8 and -9:
    /// not cached, a batch or chain fails, no retry). None by default. Runs off the main
    /// thread; `content.json` is parsed when first read.
    ///
    /// ```swift
    /// override func responseViolations(in content: ResponseContent) -> [ResponseViolation] {
    ///     guard case .object(let body)? = content.json, body["code"] != .int(0) else { return [] }
    ///     return [ResponseViolation("the API says \(body["message"] ?? .null)", path: "$.code")]
    /// }
    /// ```
    open func responseViolations(in content: ResponseContent) -> [ResponseViolation] { requestSettings.responseRules?(content) ?? [] }
    /// Content types the response serializer accepts; nil = the config's.
    open var acceptableContentTypes: Set<String>? { requestSettings.acceptableContentTypes }
    /// TLS verification for this request; nil = the config's.
    open var tlsPolicy: TLSPolicy? { requestSettings.tlsPolicy }
    /// The auth scheme (``AuthSchemes/all``): basic or bearer headers, digest, NTLM, Negotiate
    /// or AWS SigV4 done by libcurl, a message signature; nil = none of these.
    open var httpAuthentication: HTTPAuthentication? { requestSettings.httpAuthentication }
    /// The HTTP version to ask for; nil = the config's.
    open var httpVersion: HTTPVersionPreference? { requestSettings.httpVersion }
    /// Where to connect instead of the URL's host (resolve, connect-to, a Unix socket).
    open var connectionRoute: ConnectionRoute? { requestSettings.connectionRoute }
    /// Retry for this request; nil = the config's.
    open var retryPolicy: RetryPolicy? { requestSettings.retryPolicy }
    /// Prepares credentials before each attempt and may recover once from a failure (a 401);
    /// nil = the config's (``NetworkSettings/authenticator``).
    open var authenticator: (any RequestAuthenticator)? { requestSettings.authenticator }
    /// False vetoes the start: the request fails with ``RequestError/Code/vetoed`` before any
    /// network use (CTNetworking's interceptor).
    open func shouldStart() -> Bool { true }
    /// What is wrong with the arguments, or nil; a problem fails the request with
    /// ``RequestError/Code/invalidParameters`` before any network use.
    open func argumentsProblem() -> String? { nil }
    /// A hand-built request that replaces URL building, arguments and headers.
    open func buildCustomRequest() -> CustomRequest? { requestSettings.customRequest }
    /// Streams the body to this file (or into this directory, named after the URL), resuming
    /// an interrupted attempt with Range and If-Range. GET only (YTK `resumableDownloadPath`).
    open var resumableDownloadPath: String? { requestSettings.resumableDownloadPath }
    /// A multipart/form-data body with fields and files streamed from disk; POST, PUT or PATCH.
    open var multipartForm: MultipartForm? { requestSettings.multipartForm }
    /// A raw body streamed from this file instead of the arguments.
    open var bodyFilePath: String? { requestSettings.bodyFilePath }
    /// A raw body sent as it is instead of the arguments (which then go in the query).
    open var rawBody: Data? { requestSettings.rawBody }
    /// Drop the response body as it arrives (only its size is counted, in `metrics`): for
    /// checks and measurements that need the status and headers but not the bytes.
    open var discardsResponseBody: Bool { requestSettings.discardsResponseBody }
    /// Text about this request as it may be shown or stored (cache metadata, logs): by
    /// default ``Redaction/redact(_:secrets:)`` without known secrets. Override to hide values
    /// only the subclass knows are secret (a token placed in the URL's path).
    open func redactedForDisplay(_ text: String) -> String { Redaction.redact(text) }
    /// Whether the header `name: value` carries a credential, which a redirect to another
    /// origin must not take along: by default a header whose name says so (``Redaction``).
    /// Override to add values only the subclass knows are secret.
    open func isCredentialHeader(name: String, value: String) -> Bool { Redaction.isSensitiveHeader(name) }
    /// Sends credential headers (and libcurl's own authorization) on redirects to other
    /// origins too. Off by default: they go to the request's own origin only.
    open var keepsCredentialsOnRedirect: Bool { requestSettings.transferOptions.keepsCredentialsOnRedirect ?? false }
    /// Sends the agent's cookies and keeps those the response sets (``NetworkAgent/cookieJar``).
    /// False: this request's transfer neither sends nor stores a cookie.
    open var sendsCookies: Bool { requestSettings.sendsCookies }
    /// The most bytes this request's body may have in memory; nil uses the config's
    /// ``NetworkSettings/maximumResponseBodyBytes``.
    open var maximumResponseBodySize: Int? { requestSettings.maximumResponseBodySize }
    /// Whether the body is delivered as it arrives (``Request/streamEventHandler``,
    /// ``Request/events(bufferingNewest:)``): by default when the response's content type is a
    /// stream's (server-sent events, NDJSON). A streamed body is not serialized and not bounded
    /// by ``Request/maximumResponseBodySize``.
    open var streamMode: StreamMode { requestSettings.streamMode }
    /// What a stream keeps in memory, however long it runs.
    open var streamLimits: StreamLimits { requestSettings.streamLimits }
    /// Reconnects a server-sent event stream with `Last-Event-ID` when it ends; nil: never.
    open var streamReconnect: StreamReconnect? { requestSettings.streamReconnect }
    /// Carries the exchange instead of libcurl (a WebSocket session); nil: libcurl.
    open var externalTransport: (any ExternalTransport)? { requestSettings.externalTransport }
    /// The gRPC call this request makes (``GRPCCallSettings``): the URL names the method, the
    /// messages are the body, and the call's status decides success; nil: a plain HTTP request.
    open var grpcCall: GRPCCallSettings? { requestSettings.grpc }

    /// What a message of this call reads as in JSON; nil here, since the engine knows no
    /// protobuf (messages are bytes to it). A subclass that knows the call's schema decodes
    /// `message` (sent by this side when `sent`, else received): the last message the server
    /// sent is then the response's ``responseJSON``, which ``responseViolations(in:)`` sees,
    /// and what a user interface shows.
    open func json(ofCallMessage message: Data, sent: Bool) -> JSONValue? { nil }

    // MARK: - Hooks (no-ops by default)

    /// Runs off the main queue after a successful network response, before any callback:
    /// on the processing queue, or for a light response (a body of at most 64 KiB, no
    /// download, no cache write) on the callback queue just before the filter unless that
    /// is the main queue. For an answer without the network (a cache hit), on the callback
    /// queue just before the filter, as in YTKRequest.
    open func requestCompletePreprocessor() {}
    /// Runs on the callback queue after a successful response, before the delegate.
    open func requestCompleteFilter() {}
    /// Runs after a failure, before any callback, where ``requestCompletePreprocessor()``
    /// would run.
    open func requestFailedPreprocessor() {}
    /// Runs on the callback queue after a failure, before the delegate.
    open func requestFailedFilter() {}

    /// What the agent writes to the cache after this run's successful network response, and
    /// whether in the background; nil for a request without a cache (``CachedRequest`` has one).
    func cacheWrite(after content: ResponseContent, context: RunContext) -> (CacheWrite, asynchronously: Bool)? {
        nil
    }

    // MARK: - Starting

    /// Sends the request through its agent. Does nothing while it is already executing.
    /// Subclasses that answer without the network (a cache) override it and call
    /// ``completeWithoutNetwork(content:error:)`` or `super.start()`.
    open func start() {
        guard let context = claimRun() else { return }
        launch(context)
    }

    // MARK: - Settings of the caller

    /// Which agent sends the request; ``NetworkAgent/shared`` unless set.
    public var agent: NetworkAgent {
        get { state.withLock { $0.agent } ?? .shared }
        set { state.withLock { $0.agent = newValue } }
    }
    /// A number for the caller's use; `NetworkAgent.cancel(tag:)` stops every request with it.
    public var tag: Int {
        get { state.withLock { $0.tag } }
        set { state.withLock { $0.tag = newValue } }
    }
    /// Anything the caller wants to keep with the request (YTK `userInfo`); the engine does not
    /// read it. Nil unless set.
    public var userInfo: [String: any Sendable]? {
        get { state.withLock { $0.userInfo } }
        set { state.withLock { $0.userInfo = newValue } }
    }
    /// Shown by a loading indicator while the request runs (YTK's HUD plugin's
    /// `animatingText`); nil = the indicator's generic text. See ``HUDSubject``.
    public var hudText: String? {
        get { state.withLock { $0.hudText } }
        set { state.withLock { $0.hudText = newValue } }
    }
    /// Keeps the request's failure out of a loading indicator's toasts (YTK's
    /// `isHideErrorToast`); the error, callbacks and events still report it.
    public var quietErrors: Bool {
        get { state.withLock { $0.quietErrors } }
        set { state.withLock { $0.quietErrors = newValue } }
    }
    /// Where the request goes in the agent's queue when more requests wait than there are transfer
    /// slots (YTK `requestPriority`): higher first, then in order. Read at start;
    /// ``RequestPriority/default`` unless set.
    public var priority: RequestPriority {
        get { state.withLock { $0.priority } }
        set { state.withLock { $0.priority = newValue } }
    }
    /// Held weakly.
    public var delegate: (any RequestDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }
    /// The request's own accessories, called after the config's (YTK `requestAccessories`). Set
    /// before starting.
    public var accessories: [any RequestAccessory] {
        get { state.withLock { $0.accessories } }
        set { state.withLock { $0.accessories = newValue } }
    }
    /// Appends an accessory to ``accessories`` (YTK `addAccessory:`).
    public func addAccessory(_ accessory: any RequestAccessory) {
        state.withLock { $0.accessories.append(accessory) }
    }
    /// Called on success after the delegate; cleared when the request finishes.
    public var successCompletionHandler: (@Sendable (Request) -> Void)? {
        get { state.withLock { $0.success } }
        set { state.withLock { $0.success = newValue } }
    }
    /// Called on failure after the delegate; cleared when the request finishes.
    public var failureCompletionHandler: (@Sendable (Request) -> Void)? {
        get { state.withLock { $0.failure } }
        set { state.withLock { $0.failure = newValue } }
    }
    /// Called on the callback queue as a download's body arrives (YTK `resumableDownloadProgressBlock`).
    public var downloadProgressHandler: (@Sendable (ProgressReport) -> Void)? {
        get { state.withLock { $0.downloadProgress } }
        set { state.withLock { $0.downloadProgress = newValue } }
    }
    /// Called on the callback queue as the request body goes out (YTK `uploadProgressBlock`).
    public var uploadProgressHandler: (@Sendable (ProgressReport) -> Void)? {
        get { state.withLock { $0.uploadProgress } }
        set { state.withLock { $0.uploadProgress = newValue } }
    }
    /// Drops both completion handlers (YTK `clearCompletionBlock`).
    public func clearCompletionHandlers() {
        state.withLock { $0.success = nil; $0.failure = nil }
    }

    // MARK: - State

    /// The agent's id for the current or last transfer.
    public var taskID: Int? { state.withLock { $0.taskID } }
    /// Where the request is in its current (or last) run.
    public var phase: RequestPhase { state.withLock { $0.phase } }
    /// Whether a run is under way: from `start()` until the callbacks begin.
    public var isExecuting: Bool { phase.isActive }
    /// Whether the last run was stopped.
    public var isCancelled: Bool { phase == .cancelled }
    /// The response's status line and header fields; nil until a response arrives (and when
    /// none did). For a cache hit, the stored ones.
    public var response: ResponseHead? { state.withLock { $0.content }.head }
    /// The response's status code; 0 without a response.
    public var responseStatusCode: Int { state.withLock { $0.content.statusCode } }
    /// The response's header fields; empty without a response.
    public var responseHeaders: HTTPFields { response?.headers ?? HTTPFields() }
    /// The response body as received (for a stream, its newest bytes: ``streamLimits``); nil
    /// without a body, for a download saved to disk (``downloadedFileURL``), for a body spooled
    /// to a file (``responseSpooledBody``), and when the body passed the size limit (-1103).
    public var responseData: Data? { state.withLock { $0.content.data } }
    /// The body, when it was too large for memory and was written to a file as it arrived
    /// (``NetworkSettings/spoolResponseBodiesOver``, 64 MiB); ``responseData`` is then nil.
    /// The file is removed when the request runs again or is released.
    public var responseSpooledBody: SpooledBody? { state.withLock { $0.content.spooledBody } }
    /// The body decoded with the response's charset (UTF-8 when unnamed, Latin-1 as last resort).
    public var responseString: String? { state.withLock { $0.content }.string }
    /// The body parsed by the JSON serializer (a large body is parsed when first read, outside
    /// the request's lock).
    public var responseJSON: JSONValue? { state.withLock { $0.content }.json }
    /// ``responseJSON`` when its tree was built already; nil when reading it would parse the body.
    package var parsedResponseJSON: JSONValue? { state.withLock { $0.content }.parsedJSON }
    /// The body parsed as an XML document, when the XML serializer accepted it (or `.auto`
    /// read it as XML). A new document on each call: documents are mutable and must not be
    /// shared across threads.
    public var responseXML: XMLDocument? {
        let content = state.withLock { $0.content }
        guard responseSerializer.resolved(forMimeType: content.head?.mimeType) == .xml, content.bodyWarning == nil,
              let data = content.data, !data.isEmpty, error == nil || error?.family == .validation
        else { return nil }
        return try? XMLDocument(data: data, options: [.nodeLoadExternalEntitiesNever])
    }
    /// Why a body was kept as text although its content type says JSON or XML, under
    /// ``ResponseSerializer/auto`` (which shows it rather than failing); nil otherwise.
    public var responseWarning: String? { state.withLock { $0.content.bodyWarning } }
    /// Why the last run failed; nil while it runs and after a success.
    public var error: RequestError? { state.withLock { $0.error } }
    /// Where a finished download was saved.
    public var downloadedFileURL: URL? { state.withLock { $0.content.downloadedFile } }
    /// libcurl's timings and sizes of the last transfer; nil before one finished and for a cache
    /// hit.
    public var metrics: TransferMetrics? { state.withLock { $0.content.metrics } }
    /// How many times the request was sent again by its retry policy in the current run.
    public var retryCount: Int { state.withLock { $0.retryCount } }

    /// Decodes the JSON body into `type`; a body that does not map to it throws a
    /// ``RequestError`` of the serialization family (``RequestError/Code/cannotMapModel``, or
    /// ``RequestError/Code/cannotParseResponse`` when it is not JSON) naming the coding path,
    /// as `$.items[3].price: expected Double, found a string`.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws(RequestError) -> T {
        do {
            return try decoder.decode(type, from: responseData ?? Data())
        } catch let error as DecodingError {
            throw ModelMappingFailure.error(error, type: T.self, statusCode: responseStatusCode == 0 ? nil : responseStatusCode)
        } catch {
            throw RequestError(family: .serialization, code: .cannotMapModel,
                               message: "The response does not map to \(T.self): \(error).", statusCode: responseStatusCode == 0 ? nil : responseStatusCode)
        }
    }
}

/// Everything a request remembers between threads, behind one lock. Only the request's own
/// methods (`Request/`) take it; the agent, groups and accessories call them.
struct RequestState: Sendable {
    var agent: NetworkAgent?
    var tag = 0
    var userInfo: [String: any Sendable]?
    var hudText: String?
    var quietErrors = false
    var priority = RequestPriority.default
    weak var delegate: (any RequestDelegate)?
    var accessories: [any RequestAccessory] = []
    var success: (@Sendable (Request) -> Void)?
    var failure: (@Sendable (Request) -> Void)?
    var downloadProgress: (@Sendable (ProgressReport) -> Void)?
    var uploadProgress: (@Sendable (ProgressReport) -> Void)?
    var continuation: CheckedContinuation<Void, any Error>?
    var streamHandler: (@Sendable (Request, StreamEvent) -> Void)?
    /// ``Request/events(bufferingNewest:)``'s sequences, finished when the run ends.
    var streamListeners: [AsyncThrowingStream<StreamEvent, any Error>.Continuation] = []
    /// Told after every callback when the request belongs to a batch or chain.
    var groupObserver: (@Sendable (Request, RequestError?) -> Void)?
    var taskID: Int?
    var phase = RequestPhase.idle
    /// What the current run read when it started; nil before the first start.
    var run: RunContext?
    var retryCount = 0
    var content = ResponseContent()
    var error: RequestError?
}
