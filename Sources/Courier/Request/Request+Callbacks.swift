import Foundation

extension Request {
    /// YTK's callback order: accessories willStop → filter → delegate → closure → accessories
    /// didStop, then an awaiting `run()` resumes. Completion handlers are taken out before any
    /// of them runs, so a callback may start the request again with new ones (YTK #446).
    /// Runs on the callback queue.
    func deliverCallbacks(error: RequestError?) {
        let (delegate, accessories, success, failure, continuation, group) = state.withLock { state in
            defer {
                state.success = nil
                state.failure = nil
                state.continuation = nil
                state.groupObserver = nil
            }
            state.isExecuting = false
            return (state.delegate, state.accessories, state.success, state.failure, state.continuation,
                    state.groupObserver)
        }
        let fanout = LifecycleFanout(agent: agent, subject: .request(self), own: accessories)
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
        group?(self, error)
    }

    /// Finishes a run with a response that did not come from the network, such as a cache
    /// hit: the same preprocessor, filters, delegate, closures and accessories as a network
    /// response, all on the agent's callback queue (the preprocessor too, as in YTKRequest). Call it from an override of `start()`
    /// instead of `super.start()`; it marks the request executing itself.
    public func completeWithoutNetwork(content: ResponseContent, error: RequestError? = nil) {
        let accessories = state.withLock { state -> [any RequestAccessory]? in
            guard !state.isExecuting else { return nil }
            state.isExecuting = true
            state.isCancelled = false
            state.content = content
            state.error = error
            state.retryCount = 0
            return state.accessories
        }
        guard let accessories else { return }
        LifecycleFanout(agent: agent, subject: .request(self), own: accessories).willStart()
        agent.eventHub.emit(.fromCache, .request(self))
        // One hop, as YTKRequest answers a cache hit: the preprocessor runs on the callback
        // queue right before the filter (there is no network response to process).
        agent.config.callbackQueue.async {
            if error == nil { self.requestCompletePreprocessor() } else { self.requestFailedPreprocessor() }
            self.deliverCallbacks(error: error)
        }
    }
}
