import Foundation

extension Request {
    /// YTK's callback order: accessories willStop → filter → delegate → closure → accessories
    /// didStop, then an awaiting `run()` resumes. Completion handlers are taken out before any
    /// of them runs, so a callback may start the request again with new ones (YTK #446).
    /// Runs on the callback queue.
    func deliverCallbacks(error: RequestError?) {
        let taken = move(to: .finished, taking: { state in
            defer {
                state.success = nil
                state.failure = nil
                state.continuation = nil
                state.groupObserver = nil
            }
            return (state.run, state.delegate, state.success, state.failure, state.continuation, state.groupObserver)
        })
        guard let (context, delegate, success, failure, continuation, group) = taken, let context else { return }
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
            if error == nil { self.requestCompletePreprocessor() } else { self.requestFailedPreprocessor() }
            self.deliverCallbacks(error: error)
        }
    }
}
