import Foundation

extension ChainRequest {
    /// Starts the first step (or, in step mode, waits for `advance()`). Does nothing while running.
    public func start() {
        let claimed = state.withLock { state -> Bool in
            guard !state.isRunning else { return false }
            state.isRunning = true
            state.isPaused = false
            state.failedRequest = nil
            state.current = nil
            state.values = [:]
            for index in state.steps.indices {
                state.steps[index].state = .pending
                state.steps[index].values = [:]
                state.steps[index].error = nil
                state.steps[index].startedAt = nil
                state.steps[index].finishedAt = nil
            }
            return true
        }
        guard claimed else { return }
        GroupAgent.shared.add(.chain(self))
        fanout.willStart()
        runNext()
    }

    /// Sets the completion handlers and starts.
    public func start(success: (@Sendable (ChainRequest) -> Void)?, failure: (@Sendable (ChainRequest) -> Void)?) {
        state.withLock { state in
            state.success = success
            state.failure = failure
        }
        start()
    }

    /// Starts and waits: returns the finished chain or throws a ``GroupFailure``.
    @discardableResult
    public func run() async throws -> Self {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                state.withLock { $0.continuation = continuation }
                start()
                if Task.isCancelled { stop() }
            }
        } onCancel: {
            self.stop()
        }
        return self
    }

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

    /// Stops the running step and drops the rest; no failure callback follows.
    public func stop() {
        let (wasRunning, batch, current, continuation) = state.withLock { state in
            defer { state.continuation = nil }
            guard state.isRunning else { return (false, nil as BatchRequest?, nil as ChainStep?, state.continuation) }
            state.isRunning = false
            state.isPaused = false
            state.delegate = nil
            state.success = nil
            state.failure = nil
            let current = state.current.map { state.steps[$0].definition }
            for index in state.steps.indices where !state.steps[index].state.isFinished {
                state.steps[index].state = .cancelled
            }
            defer { state.runningBatch = nil }
            return (true, state.runningBatch, current, state.continuation)
        }
        guard wasRunning else {
            continuation?.resume(throwing: RequestError.cancelled)
            return
        }
        let fanout = self.fanout
        fanout.willStop()
        if let batch {
            batch.stop()
        } else if let current {
            for request in current.work.requests {
                request.state.withLock { $0.groupObserver = nil }
                request.stop()
            }
        }
        fanout.didStop(.cancelled)
        publish(final: true)
        continuation?.resume(throwing: RequestError.cancelled)
        GroupAgent.shared.remove(self)
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
        publish()
        switch work {
        case .request(let request):
            request.state.withLock { $0.groupObserver = { [self] _, error in stepFinished(index, error: error, failed: request) } }
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

    /// YTK's chain callback order: accessories willStop → delegate → closure → accessories didStop.
    private func complete() {
        let (delegate, success, failure, continuation, failedRequest) = state.withLock { state in
            defer {
                state.success = nil
                state.failure = nil
                state.continuation = nil
                state.isRunning = false
                state.current = nil
            }
            return (state.delegate, state.success, state.failure, state.continuation, state.failedRequest)
        }
        let fanout = self.fanout
        let error = failedRequest.map { $0.error ?? .cancelled }
        fanout.willStop()
        if let failedRequest {
            delegate?.chainRequestFailed(self, failedRequest: failedRequest)
            failure?(self)
        } else {
            delegate?.chainRequestFinished(self)
            success?(self)
        }
        fanout.didStop(.finished(error))
        publish(final: true)
        if let failedRequest, let error {
            continuation?.resume(throwing: GroupFailure(failedRequest: failedRequest, error: error))
        } else {
            continuation?.resume()
        }
        GroupAgent.shared.remove(self)
    }
}
