/// Why a batch or chain failed: the request that failed first and its error.
public struct GroupFailure: Error, Sendable, CustomStringConvertible {
    public let failedRequest: Request
    public let error: RequestError

    public var description: String { "\(failedRequest.method.rawValue) \(failedRequest.requestURL) failed: \(error)" }
}
