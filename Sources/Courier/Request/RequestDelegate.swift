/// Told when a request finishes (YTKRequestDelegate). Held weakly by the request; called on
/// the config's callback queue, before the success or failure closure.
public protocol RequestDelegate: AnyObject, Sendable {
    func requestFinished(_ request: Request)
    func requestFailed(_ request: Request)
}

extension RequestDelegate {
    public func requestFinished(_ request: Request) {}
    public func requestFailed(_ request: Request) {}
}
