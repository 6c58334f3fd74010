/// Why a request failed, in five families: YTKNetwork's three (transport, serialization,
/// validation) with their codes, parameter for requests that never started, and gRPC for a
/// call that ended with a status other than OK. Transport
/// errors also carry libcurl's own code and message; an error may carry the error beneath it
/// (``cause``), as a bad status carries the body it could not read.
public struct RequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The family of a failure, as YTKNetwork's users group them.
    public enum Family: String, Sendable, Codable {
        /// The exchange itself failed: DNS, connect, TLS, timeout, connection lost, cancelled.
        case transport
        /// A response arrived but its body could not be read as the serializer expects.
        case serialization
        /// A response arrived and was read but a validator rejected it.
        case validation
        /// It never started: an interceptor vetoed it or its arguments were invalid.
        case parameter
        /// A gRPC call ended with a status other than OK; the code is the status's (1–16,
        /// ``GRPCStatusCode``) and the message reads `NOT_FOUND (5): no feature at 1,1`.
        case grpc
    }

    /// A numeric error code. Transport codes follow NSURLError's numbering; validation codes
    /// are YTKNetwork's (-8, -9).
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public var description: String { String(rawValue) }

        // Validation (YTKRequestValidationErrorDomain).
        /// The status code failed ``Request/isValidStatusCode(_:)`` (by default: not 200–299).
        /// YTKRequestValidationErrorInvalidStatusCode.
        public static let invalidStatusCode = Code(rawValue: -8)
        /// The JSON body does not match ``Request/jsonValidator``; the message names the path.
        /// YTKRequestValidationErrorInvalidJSONFormat.
        public static let invalidJSONFormat = Code(rawValue: -9)
        /// The response broke a rule of ``Request/responseViolations(in:)`` (a business rule,
        /// a workspace's `expect:` checks); ``RequestError/violations`` lists every one.
        public static let responseRejected = Code(rawValue: -13)
        // Parameter (before any network use).
        /// The request cannot be sent as it is: a validator's objection
        /// (``Request/argumentsProblem()``, a ``ParameterValidator``), a multipart form on GET, a
        /// resumable download that is not a GET, `run()` on a request already running.
        public static let invalidParameters = Code(rawValue: -10)
        /// ``Request/shouldStart()`` or a config ``RequestInterceptor`` refused the start.
        public static let vetoed = Code(rawValue: -11)
        /// Offline replay had no stored answer for the request (parameter family).
        public static let notAvailableOffline = Code(rawValue: -12)
        // Serialization.
        /// The body is JSON but does not map to the model type asked of ``Request/decode(_:decoder:)``.
        public static let cannotMapModel = Code(rawValue: -1015)
        /// The response's content type is not one the serializer accepts
        /// (``Request/acceptableContentTypes``, or the config's).
        public static let unacceptableContentType = Code(rawValue: -1016)
        /// The body is not what the serializer reads: not JSON under ``ResponseSerializer/json``,
        /// not XML under ``ResponseSerializer/xml``.
        public static let cannotParseResponse = Code(rawValue: -1017)
        // Transport.
        /// A libcurl failure with no closer code; ``RequestError/curlCode`` and the message say
        /// which.
        public static let unknown = Code(rawValue: -1)
        /// Stopped: ``Request/stop()``, an agent's cancel, or the awaiting task cancelled.
        public static let cancelled = Code(rawValue: -999)
        /// The URL cannot be sent: not a URL, no host, a control character in it, or a request line
        /// and header fields past libcurl's 1 MiB.
        public static let badURL = Code(rawValue: -1000)
        /// Nothing moved for ``Request/timeoutInterval`` seconds, or the whole transfer passed
        /// ``Request/deadline`` (the message says which).
        public static let timedOut = Code(rawValue: -1001)
        /// A scheme other than `http:` and `https:` (or an external transport's).
        public static let unsupportedURL = Code(rawValue: -1002)
        /// The host (or the proxy) name could not be resolved.
        public static let cannotFindHost = Code(rawValue: -1003)
        /// The connection was refused or could not be made.
        public static let cannotConnectToHost = Code(rawValue: -1004)
        /// The connection broke while sending or receiving, or the server closed it without an
        /// answer.
        public static let networkConnectionLost = Code(rawValue: -1005)
        /// More than 16 redirects.
        public static let tooManyRedirects = Code(rawValue: -1007)
        /// A redirect Courier does not follow: to a scheme other than http: and https:.
        public static let redirectRefused = Code(rawValue: -1010)
        /// The server's answer is not valid HTTP: a malformed reply, a bad content encoding, header
        /// fields past libcurl's limits.
        public static let badServerResponse = Code(rawValue: -1011)
        /// NSURLErrorResourceUnavailable; here: the process ran out of file descriptors for a
        /// connection (`ulimit -n`).
        public static let resourceUnavailable = Code(rawValue: -1008)
        /// The response body passed the in-memory limit (NSURLErrorDataLengthExceedsMaximum).
        public static let dataLengthExceedsMaximum = Code(rawValue: -1103)
        /// A download's body could not be written to its file.
        public static let cannotWriteToFile = Code(rawValue: -3003)
        /// A download's Incomplete directory could not be made, or the finished file could not be
        /// moved into place.
        public static let cannotCreateFile = Code(rawValue: -3000)
        /// A file the request sends (``Request/bodyFilePath``, a multipart file) could not be read.
        public static let cannotOpenFile = Code(rawValue: -3001)
        /// The TLS handshake failed for another reason than the server's certificate.
        public static let secureConnectionFailed = Code(rawValue: -1200)
        /// The server's certificate was not trusted: unknown issuer, expired, for another host
        /// name, or not the pinned key.
        public static let serverCertificateUntrusted = Code(rawValue: -1202)
        /// The client certificate could not be used, or the server refused it.
        public static let clientCertificateRejected = Code(rawValue: -1205)
    }

    /// Which of the five families the failure belongs to.
    public var family: Family
    /// The numeric code: NSURLError's for transport, YTKNetwork's for validation.
    public var code: Code
    /// A sentence saying what went wrong, fit to show a user.
    public var message: String
    /// libcurl's `CURLcode` for transport failures.
    public var curlCode: Int?
    /// The HTTP status when a response was received.
    public var statusCode: Int?
    /// The error beneath this one: for a bad status whose body the serializer could not read
    /// either (a 404 HTML page under the JSON serializer), that serialization error.
    public var cause: RequestError? {
        get { causeStorage.first }
        set { causeStorage = newValue.map { [$0] } ?? [] }
    }
    private var causeStorage: [RequestError] = []
    /// Every rule the response broke, for ``Code/responseRejected``; empty otherwise.
    public var violations: [ResponseViolation] = []

    /// An error of `family` with `code` and a sentence for people. The engine makes its own; a
    /// ``RequestAuthenticator`` or an external transport may throw one.
    public init(family: Family, code: Code, message: String, curlCode: Int? = nil, statusCode: Int? = nil,
                cause: RequestError? = nil) {
        self.family = family
        self.code = code
        self.message = message
        self.curlCode = curlCode
        self.statusCode = statusCode
        self.cause = cause
    }

    public var description: String {
        var text = "\(family) error \(code.rawValue): \(message)"
        if let curlCode { text += " (curl \(curlCode))" }
        if let cause { text += "; beneath it: \(cause)" }
        return text
    }

    /// The request was stopped before it finished.
    public static let cancelled = RequestError(family: .transport, code: .cancelled, message: "The request was cancelled.")

    static func invalidStatusCode(_ status: Int) -> RequestError {
        RequestError(family: .validation, code: .invalidStatusCode, message: "Invalid status code \(status).",
                     statusCode: status)
    }

    static func invalidJSONFormat(_ detail: String, status: Int) -> RequestError {
        RequestError(family: .validation, code: .invalidJSONFormat, message: "Invalid JSON format: \(detail).",
                     statusCode: status)
    }

    static func responseRejected(_ violations: [ResponseViolation], status: Int) -> RequestError {
        let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
        var error = RequestError(family: .validation, code: .responseRejected,
                                 message: "The response broke a rule: \(violations[0])\(more).", statusCode: status)
        error.violations = violations
        return error
    }

    static func badURL(_ url: String) -> RequestError {
        RequestError(family: .transport, code: .badURL, message: "The URL \"\(url)\" is not a valid URL.")
    }
}
