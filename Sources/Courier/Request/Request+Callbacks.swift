import Foundation

extension Request {
    /// YTK's callback order: accessories willStop → filter → delegate → closure → accessories
    /// didStop, then an awaiting `run()` resumes. Completion handlers are taken out before any
    /// of them runs, so a callback may start the request again with new ones (YTK #446).
    /// Runs on the callback queue.
    func deliverCallbacks(error: RequestError?) {
        let taken = move(to: .finished, taking: { RunReceivers(taking: &$0) })
        guard let taken, let context = taken.context else { return }
        let (delegate, success, failure) = (taken.delegate, taken.success, taken.failure)
        let (continuation, group) = (taken.continuation, taken.groupObserver)
        let fanout = context.fanout(self)
        fanout.willStop()
        if error != nil {
            requestFailedFilter()
            delegate?.requestFailed(self)
            failure?(self)
        } else {
            requestCompleteFilter()
            delegate?.requestFinished(self)
            success?(self)
        }
        fanout.didStop(.finished(error))
        if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
        for listener in taken.streamListeners {
            if let error { listener.finish(throwing: error) } else { listener.finish() }
        }
        group?(self, error)
    }

    /// Finishes a run with a response that did not come from the network, such as a cache
    /// hit: the same preprocessor, filters, delegate, closures and accessories as a network
    /// response, all on the agent's callback queue (the preprocessor too, as in YTKRequest). Call it from an override of `start()`
    /// instead of `super.start()`; it marks the request executing itself.
    public func completeWithoutNetwork(content: ResponseContent, error: RequestError? = nil) {
        guard let context = claimRun() else { return }
        answerWithoutNetwork(context, content: content, error: error)
    }

    /// Delivers `content` for a claimed run without the network (a cache hit).
    func answerWithoutNetwork(_ context: RunContext, content: ResponseContent, error: RequestError? = nil) {
        var content = content
        // A recorded session's messages replay even when it failed (they are what it did).
        let replayed = error == nil || content.stream != nil ? replayStream(into: &content) : []
        let stored = move(to: .delivering) { state in
            state.content = content
            state.error = error
            state.retryCount = 0
        }
        guard stored else { return }
        context.fanout(self).willStart()
        context.agent.eventHub.emit(.fromCache, .request(self))
        // One hop, as YTKRequest answers a cache hit: the preprocessor runs on the callback
        // queue right before the filter (there is no network response to process).
        context.settings.callbackQueue.async {
            if !replayed.isEmpty { self.deliverStreamEventsHere(replayed) }
            if error == nil { self.requestCompletePreprocessor() } else { self.requestFailedPreprocessor() }
            self.deliverCallbacks(error: error)
        }
    }
}

/// Who hears the end of a run, taken out of the request's state in one step. A struct, not
/// a tuple: closures inside a tuple returned through a generic lock are re-wrapped (one
/// allocation each, twice), closures inside a struct are not.
struct RunReceivers {
    let context: RunContext?
    let delegate: (any RequestDelegate)?
    let success: (@Sendable (Request) -> Void)?
    let failure: (@Sendable (Request) -> Void)?
    let continuation: CheckedContinuation<Void, any Error>?
    let groupObserver: (@Sendable (Request, RequestError?) -> Void)?
    let streamListeners: [AsyncThrowingStream<StreamEvent, any Error>.Continuation]

    /// Takes the run's one-shot receivers out of `state` (field by field: passing the whole
    /// state would copy it, retaining everything in it).
    init(taking state: inout RequestState) {
        context = state.run
        delegate = state.delegate
        success = state.success
        failure = state.failure
        continuation = state.continuation
        groupObserver = state.groupObserver
        streamListeners = state.streamListeners
        state.streamListeners = []
        state.success = nil
        state.failure = nil
        state.continuation = nil
        state.groupObserver = nil
    }
}
