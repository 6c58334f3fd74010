import Foundation

/// When and how often a failed request is sent again. Off unless set on the config or a
/// request; the defaults are Alamofire's `RetryPolicy`: two retries of idempotent methods on
/// 408/500/502/503/504 and transient transport errors, with exponential backoff.
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt.
    public var retryLimit: Int
    /// Delay before retry n (0-based) is `exponentialBackoffScale * base^n` seconds.
    public var exponentialBackoffBase: Double
    /// Seconds before the first retry; each later one waits `exponentialBackoffBase` times longer
    /// (0.5 s, then 1 s by default).
    public var exponentialBackoffScale: Double
    /// Methods whose requests are retried; by default the idempotent ones (GET, HEAD, PUT, DELETE,
    /// OPTIONS, TRACE, …), never POST or PATCH.
    public var retryableMethods: Set<HTTPMethod>
    /// Response statuses that are retried; ``defaultRetryableStatusCodes`` by default.
    public var retryableStatusCodes: Set<Int>
    /// Transport failures that are retried; ``defaultRetryableErrorCodes`` by default.
    public var retryableErrorCodes: Set<RequestError.Code>

    /// 408, 500, 502, 503 and 504, as Alamofire's `RetryPolicy` has them.
    public static let defaultRetryableStatusCodes: Set<Int> = [408, 500, 502, 503, 504]
    /// Transient transport failures: a timeout, a host not found or refusing, a lost connection, a
    /// failed TLS handshake, a malformed answer.
    public static let defaultRetryableErrorCodes: Set<RequestError.Code> = [
        .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost,
        .secureConnectionFailed, .badServerResponse,
    ]

    /// A policy; with no arguments, Alamofire's defaults: two retries, 0.5 s then 1 s apart.
    public init(
        retryLimit: Int = 2,
        exponentialBackoffBase: Double = 2,
        exponentialBackoffScale: Double = 0.5,
        retryableMethods: Set<HTTPMethod> = Set(HTTPMethod.wellKnown.filter(\.isIdempotent)),
        retryableStatusCodes: Set<Int> = RetryPolicy.defaultRetryableStatusCodes,
        retryableErrorCodes: Set<RequestError.Code> = RetryPolicy.defaultRetryableErrorCodes
    ) {
        self.retryLimit = retryLimit
        self.exponentialBackoffBase = exponentialBackoffBase
        self.exponentialBackoffScale = exponentialBackoffScale
        self.retryableMethods = retryableMethods
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableErrorCodes = retryableErrorCodes
    }

    /// The delay before a retry, given how many retries were made already.
    public func delay(afterRetries retriesSoFar: Int) -> TimeInterval {
        exponentialBackoffScale * pow(exponentialBackoffBase, Double(retriesSoFar))
    }

    /// Whether a request that failed with `error` should be sent again.
    public func shouldRetry(method: HTTPMethod, error: RequestError, retriesSoFar: Int) -> Bool {
        guard retriesSoFar < retryLimit, retryableMethods.contains(method) else { return false }
        if error.code == .invalidStatusCode, let status = error.statusCode {
            return retryableStatusCodes.contains(status)
        }
        return error.family == .transport && retryableErrorCodes.contains(error.code)
    }
}
