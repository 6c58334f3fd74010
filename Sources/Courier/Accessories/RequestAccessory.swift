/// Observes a request's lifecycle (YTKRequestAccessory): for a loading indicator, logging or
/// counting. `subject` is the request that starts or stops. Every method is optional.
///
/// `requestWillStart` runs on the thread that calls `start()`; `requestWillStop` and
/// `requestDidStop` run on the callback queue when the request finishes, or on the thread
/// that calls `stop()`.
public protocol RequestAccessory: AnyObject, Sendable {
    /// Called when `subject` (a ``Request``, ``BatchRequest`` or ``ChainRequest``) starts, before
    /// anything is sent, on the thread that calls `start()`. YTKRequestAccessory's
    /// `requestWillStart:`.
    func requestWillStart(_ subject: AnyObject)
    /// Called when `subject` finished, before its finish filter, delegate and closures run: on the
    /// callback queue, or on the thread that calls `stop()`. YTKRequestAccessory's
    /// `requestWillStop:`.
    func requestWillStop(_ subject: AnyObject)
    /// Called last, after the delegate and closures of `subject` ran (or after `stop()`), on the
    /// same queue as ``requestWillStop(_:)``. YTKRequestAccessory's `requestDidStop:`.
    func requestDidStop(_ subject: AnyObject)
}

extension RequestAccessory {
    /// Does nothing: an accessory implements only the moments it cares about.
    public func requestWillStart(_ subject: AnyObject) {}
    /// Does nothing: an accessory implements only the moments it cares about.
    public func requestWillStop(_ subject: AnyObject) {}
    /// Does nothing: an accessory implements only the moments it cares about.
    public func requestDidStop(_ subject: AnyObject) {}
}
