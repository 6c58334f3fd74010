/// An accessory made of closures, for YTK 3.0.4's one-shot start; it leaves the request once
/// the run it was added for is over.
final class ClosureAccessory: RequestAccessory, Sendable {
    typealias Callback = @Sendable (Request) -> Void
    let willStart: Callback?
    let willStop: Callback?
    let didStop: Callback?

    init(willStart: Callback?, willStop: Callback?, didStop: Callback?) {
        self.willStart = willStart
        self.willStop = willStop
        self.didStop = didStop
    }

    func requestWillStart(_ subject: AnyObject) {
        if let request = subject as? Request { willStart?(request) }
    }

    func requestWillStop(_ subject: AnyObject) {
        if let request = subject as? Request { willStop?(request) }
    }

    func requestDidStop(_ subject: AnyObject) {
        guard let request = subject as? Request else { return }
        // Off the request before the closure runs: a closure (or whoever it wakes) may start
        // the request again at once, and that run is not this one's.
        request.removeAccessory(self)
        didStop?(request)
    }
}
