/// Why a batch or chain failed: the request that failed first and its error.
public struct GroupFailure: Error, Sendable, CustomStringConvertible {
    /// The request that failed first.
    public let failedRequest: Request
    /// Its error, as ``Request/error`` holds it.
    public let error: RequestError

    public var description: String { "\(failedRequest.method.rawValue) \(failedRequest.requestURL) failed: \(error)" }
}
