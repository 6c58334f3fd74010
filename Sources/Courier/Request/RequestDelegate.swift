/// Told when a request finishes (YTKRequestDelegate). Held weakly by the request; called on
/// the config's callback queue, before the success or failure closure.
public protocol RequestDelegate: AnyObject, Sendable {
    /// Called on the callback queue when the request succeeded, after its complete filter and
    /// before the success closure (YTKRequestDelegate's `requestFinished:`).
    func requestFinished(_ request: Request)
    /// Called on the callback queue when the request failed, after its failed filter and before the
    /// failure closure (YTKRequestDelegate's `requestFailed:`). Not called after `stop()`.
    func requestFailed(_ request: Request)
}

extension RequestDelegate {
    /// Does nothing: a delegate implements what it cares about.
    public func requestFinished(_ request: Request) {}
    /// Does nothing: a delegate implements what it cares about.
    public func requestFailed(_ request: Request) {}
}
