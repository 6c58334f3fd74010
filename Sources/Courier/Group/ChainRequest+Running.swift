import Foundation

extension ChainRequest {
    // MARK: - Step mode

    /// Runs the step the chain is paused before. False when it is not paused before a step.
    @discardableResult
    public func advance() -> Bool {
        let index = state.withLock { state -> Int? in
            guard state.isRunning, state.isPaused, let current = state.current,
                  state.steps[current].state == .waitingForAdvance else { return nil }
            state.isPaused = false
            return current
        }
        guard let index else { return false }
        launch(index)
        return true
    }

    /// Runs the paused step again — after a failure in step mode, or instead of `advance()`.
    @discardableResult
    public func retry() -> Bool {
        let index = state.withLock { state -> Int? in
            guard state.isRunning, state.isPaused, let current = state.current else { return nil }
            state.isPaused = false
            state.steps[current].error = nil
            return current
        }
        guard let index else { return false }
        launch(index)
        return true
    }

    /// Marks the paused step skipped and moves on.
    @discardableResult
    public func skip() -> Bool {
        let skipped = state.withLock { state -> Bool in
            guard state.isRunning, state.isPaused, let current = state.current else { return false }
            state.isPaused = false
            state.steps[current].state = .skipped
            state.steps[current].finishedAt = Date()
            return true
        }
        if skipped { runNext() }
        return skipped
    }

    // MARK: - Moving through the steps

    /// Moves to the next pending step: skips it when its condition is false, pauses before it
    /// in step mode, runs it otherwise; finishes the chain after the last.
    func runNext() {
        while true {
            let next = state.withLock { state -> (index: Int, condition: (@Sendable (ChainRequest) -> Bool)?)? in
                guard state.isRunning, let index = state.steps.firstIndex(where: { $0.state == .pending }) else {
                    return nil
                }
                state.current = index
                return (index, state.steps[index].definition.condition)
            }
            guard let next else {
                if isRunning { agent.config.callbackQueue.async { self.complete() } }
                return
            }
            if let condition = next.condition, !condition(self) {
                state.withLock { $0.steps[next.index].state = .skipped }
                publish()
                continue
            }
            let pause = state.withLock { state -> Bool in
                guard state.stepMode else { return false }
                state.steps[next.index].state = .waitingForAdvance
                state.isPaused = true
                return true
            }
            if pause { publish() } else { launch(next.index) }
            return
        }
    }

    private func launch(_ index: Int) {
        let work = state.withLock { state -> ChainStep.Work in
            state.steps[index].state = .running
            state.steps[index].startedAt = Date()
            state.steps[index].finishedAt = nil
            return state.steps[index].definition.work
        }
        // Published once the step's work has started: a watcher that sees the step running and
        // stops its request reaches a started request (stopped before its start, it would
        // ignore the stop and then run).
        defer { publish() }
        switch work {
        case .request(let request):
            request.setGroupObserver { [self] _, error in stepFinished(index, error: error, failed: request) }
            request.start()
        case .group(let requests):
            let batch = BatchRequest(requests: requests)
            batch.agent = agent
            state.withLock { $0.runningBatch = batch }
            batch.start(success: { [self] _ in stepFinished(index, error: nil, failed: nil) },
                        failure: { [self] batch in
                            stepFinished(index, error: batch.failedRequest?.error ?? .cancelled, failed: batch.failedRequest)
                        })
        }
    }

    /// On the callback queue, after the step's own callbacks.
    private func stepFinished(_ index: Int, error: RequestError?, failed: Request?) {
        enum Next { case ignore, callback(ChainStep), pause, fail }
        let next = state.withLock { state -> Next in
            guard state.isRunning, state.current == index else { return .ignore }
            state.runningBatch = nil
            state.steps[index].finishedAt = Date()
            if let error {
                state.steps[index].state = .failed
                state.steps[index].error = error
                if state.stepMode {
                    state.isPaused = true
                    return .pause
                }
                state.failedRequest = failed
                state.isRunning = false
                return .fail
            }
            state.steps[index].state = .succeeded
            return .callback(state.steps[index].definition)
        }
        switch next {
        case .ignore:
            return
        case .pause:
            publish()
        case .fail:
            publish()
            complete()
        case .callback(let step):
            step.callback?(self, step.work.requests)
            publish()
            runNext()
        }
    }

    private func complete() {
        let (delegate, failedRequest) = state.withLock { state in
            defer {
                state.isRunning = false
                state.current = nil
            }
            return (state.delegate, state.failedRequest)
        }
        finishRun(failedRequest: failedRequest) { failed in
            if let failed { delegate?.chainRequestFailed(self, failedRequest: failed) } else { delegate?.chainRequestFinished(self) }
        }
        publish(final: true)
    }
}
