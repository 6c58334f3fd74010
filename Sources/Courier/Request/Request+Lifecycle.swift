import Foundation

/// Starting with completion handlers that receive the request as its own type: a
/// `UserRequest`'s handlers get a `UserRequest`, no cast needed. Every ``Request`` has it.
public protocol TypedCompletionHandlers: Request {}

extension Request: TypedCompletionHandlers {}

extension TypedCompletionHandlers {
    /// Sets the completion handlers and starts (YTK `startWithCompletionBlockWithSuccess:failure:`).
    /// The handlers run on the callback queue, after the delegate.
    /// Inlinable, so that a caller's concrete closures are wrapped once rather than first
    /// re-wrapped for the generic `Self`.
    @inlinable
    public func start(success: (@Sendable (Self) -> Void)?, failure: (@Sendable (Self) -> Void)?) {
        var onSuccess: (@Sendable (Request) -> Void)?
        var onFailure: (@Sendable (Request) -> Void)?
        if let success { onSuccess = { success($0 as! Self) } }
        if let failure { onFailure = { failure($0 as! Self) } }
        setCompletionHandlers(success: onSuccess, failure: onFailure)
        start()
    }

    /// YTK 3.0.4's one-shot start: lifecycle closures for this run only, plus the completion
    /// handlers.
    public func start(willStart: (@Sendable (Request) -> Void)? = nil, willStop: (@Sendable (Request) -> Void)? = nil,
                      success: (@Sendable (Self) -> Void)?, failure: (@Sendable (Self) -> Void)?,
                      didStop: (@Sendable (Request) -> Void)? = nil) {
        addAccessory(ClosureAccessory(willStart: willStart, willStop: willStop, didStop: didStop))
        start(success: success, failure: failure)
    }
}

extension Request {
    @usableFromInline
    func setCompletionHandlers(success: (@Sendable (Request) -> Void)?, failure: (@Sendable (Request) -> Void)?) {
        state.withLock { state in
            state.success = success
            state.failure = failure
        }
    }

    /// Stops the request: accessories hear willStop and didStop, the delegate and handlers
    /// are dropped, and no failure callback follows. `run()` throws ``RequestError/cancelled``.
    /// A batch or chain running it records it as cancelled (a batch goes on or fails as its
    /// `continueOnFailure` says; a chain fails, or pauses in step mode, at that step).
    public func stop() {
        guard let entry = agent.detach(self) else {
            let continuation = state.withLock { state in
                defer { state.continuation = nil }
                return state.phase.isActive ? nil : state.continuation
            }
            continuation?.resume(throwing: RequestError.cancelled)
            return
        }
        let context = entry.context
        keepStoppedStream(entry.stream)
        let fanout = context.fanout(self)
        fanout.willStop()
        let stopped = move(to: .cancelled, taking: { state in
            state.delegate = nil
            return RunReceivers(taking: &state)
        })
        fanout.didStop(.cancelled)
        guard let stopped else { return }
        let (continuation, group) = (stopped.continuation, stopped.groupObserver)
        continuation?.resume(throwing: RequestError.cancelled)
        stopped.streamListeners.forEach { $0.finish(throwing: RequestError.cancelled) }
        // A batch or chain that started it hears that it will not finish (a group stopping its
        // own requests lets go of them first, so it is not told about its own stop).
        if let group { context.settings.callbackQueue.async { group(self, .cancelled) } }
    }

    /// Starts the request and waits for it: returns the finished request, or throws its
    /// ``RequestError``. Cancelling the task stops the request.
    @discardableResult
    public func run() async throws -> Self {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let accepted = state.withLock { state -> Bool in
                    guard !state.phase.isActive, state.continuation == nil else { return false }
                    state.continuation = continuation
                    return true
                }
                guard accepted else {
                    continuation.resume(throwing: RequestError(family: .parameter, code: .invalidParameters,
                                                               message: "Invalid parameters: the request is already running."))
                    return
                }
                start()
                if Task.isCancelled { stop() }
            }
        } onCancel: {
            self.stop()
        }
        return self
    }

    /// Runs the request and decodes its JSON body into `type`.
    public func run<T: Decodable>(decoding type: T.Type, decoder: JSONDecoder = JSONDecoder()) async throws -> T {
        try await run().decode(type, decoder: decoder)
    }
}
