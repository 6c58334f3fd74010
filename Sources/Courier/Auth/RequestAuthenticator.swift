/// Prepares a request's credentials before it is sent and may recover from a failure once:
/// the seam CTNetworking's service failure hook (`shouldCallBackByFailedOnCallingAPI`) and
/// Alamofire's `AuthenticationInterceptor` share. Set it on a request
/// (``Request/authenticator``, ``RequestSettings/authenticator``) or for every
/// request of an agent (``NetworkSettings/authenticator``).
///
/// For one run of a request the agent asks ``credentials(for:)`` before the transfer (the
/// request waits, queued, while a token is fetched), and after a failed attempt — any error,
/// or a 401 answer — asks ``shouldRetry(_:after:)`` at most once. True sends the request once
/// more, with credentials asked afresh; a second failure goes to the callbacks as it is, never
/// to the hook again, so a server that keeps answering 401 cannot make a loop. Accessories and
/// callbacks hear the run once, as for a ``RetryPolicy`` retry: `willStart` at the start, the
/// preprocessor, filter, delegate, completion handler and `didStop` after the last attempt.
///
/// ```swift
/// struct TokenAuthenticator: RequestAuthenticator {
///     let tokens: TokenStore   // an actor that fetches and caches a token
///     func credentials(for request: Request) async throws -> [String: String] {
///         ["Authorization": "Bearer \(try await tokens.current())"]
///     }
///     func shouldRetry(_ request: Request, after failure: AuthenticationFailure) async -> Bool {
///         guard failure.isUnauthorized else { return false }
///         return (try? await tokens.refresh()) != nil
///     }
/// }
/// var settings = NetworkSettings()
/// settings.authenticator = TokenAuthenticator(tokens: tokens)
/// let agent = NetworkAgent(config: NetworkConfig(settings))
/// ```
public protocol RequestAuthenticator: Sendable {
    /// Header fields to send with `request` (they replace fields of the same name), asked
    /// before every attempt of a run. A thrown ``RequestError`` fails the request as it is;
    /// any other error fails it with a parameter error (``RequestError/Code/invalidParameters``)
    /// that says why.
    func credentials(for request: Request) async throws -> [String: String]
    /// Whether to send `request` once more after `failure`, with fresh ``credentials(for:)``
    /// (refresh the token here). False lets the failure through. Asked at most once per run.
    func shouldRetry(_ request: Request, after failure: AuthenticationFailure) async -> Bool
}

extension RequestAuthenticator {
    /// Lets every failure through.
    public func shouldRetry(_ request: Request, after failure: AuthenticationFailure) async -> Bool { false }
}

/// What went wrong with an attempt, as a ``RequestAuthenticator`` is told.
public struct AuthenticationFailure: Sendable {
    /// The response's status; nil when none arrived.
    public let statusCode: Int?
    /// The attempt's error; nil for a 401 the request accepts.
    public let error: RequestError?
    /// What the attempt sent, credentials included: tells which token the server refused.
    public let sent: PreparedRequest

    /// A failure with the response's status (nil: none arrived), the attempt's error, and
    /// what the attempt sent; the agent makes these, a test of an authenticator may too.
    public init(statusCode: Int?, error: RequestError?, sent: PreparedRequest) {
        self.statusCode = statusCode
        self.error = error
        self.sent = sent
    }

    /// The server answered 401 Unauthorized: the credentials were refused (an expired token).
    public var isUnauthorized: Bool { statusCode == 401 }
}
