/// Observes a request's lifecycle (YTKRequestAccessory): for a loading indicator, logging or
/// counting. `subject` is the request that starts or stops. Every method is optional.
///
/// `requestWillStart` runs on the thread that calls `start()`; `requestWillStop` and
/// `requestDidStop` run on the callback queue when the request finishes, or on the thread
/// that calls `stop()`.
public protocol RequestAccessory: AnyObject, Sendable {
    func requestWillStart(_ subject: AnyObject)
    func requestWillStop(_ subject: AnyObject)
    func requestDidStop(_ subject: AnyObject)
}

extension RequestAccessory {
    public func requestWillStart(_ subject: AnyObject) {}
    public func requestWillStop(_ subject: AnyObject) {}
    public func requestDidStop(_ subject: AnyObject) {}
}
