import Foundation

/// The run's state changes, each one a legal ``RequestPhase`` transition made under the
/// request's lock. The agent, groups and accessories call these; nothing else takes the lock.
extension Request {
    /// Claims a run: moves to `preparing` and records its context, or returns nil when a run
    /// is already under way. Atomic: of two concurrent calls, one gets the context.
    /// `cacheKey` names the entry the run reads and writes, from the run's settings.
    func claimRun(cacheKey: (SettingsSnapshot) -> CacheKey? = { _ in nil }) -> RunContext? {
        let agent = self.agent
        let snapshot = agent.config.snapshot
        let key = cacheKey(snapshot)
        return state.withLock { state -> RunContext? in
            guard state.phase.canMove(to: .preparing) else { return nil }
            let global = snapshot.settings.accessories
            let context = RunContext(agent: agent, snapshot: snapshot,
                                     accessories: state.accessories.isEmpty ? global : global + state.accessories,
                                     cacheKey: key)
            state.phase = .preparing
            state.run = context
            return context
        }
    }

    /// Sends a claimed run through its agent.
    func launch(_ context: RunContext) {
        context.fanout(self).willStart()
        context.agent.add(self, context: context)
    }

    /// Moves to `next` when that is a legal transition from the current phase, running
    /// `update` under the same lock; false (and nothing changed) otherwise.
    @discardableResult
    func move(to next: RequestPhase, _ update: (inout RequestState) -> Void = { _ in }) -> Bool {
        move(to: next, taking: update) != nil
    }

    /// ``move(to:_:)`` that returns what `take` reads under the lock; nil when the move is illegal.
    func move<T>(to next: RequestPhase, taking take: (inout RequestState) -> T) -> T? {
        state.withLock { state -> T? in
            guard state.phase.canMove(to: next) else { return nil }
            state.phase = next
            return take(&state)
        }
    }

    /// `preparing → queued` with its record id: a fresh response state for the new run.
    func enqueue(taskID: Int) {
        move(to: .queued) { state in
            state.taskID = taskID
            state.content = ResponseContent()
            state.error = nil
            state.retryCount = 0
        }
    }

    /// `processing → queued` for another attempt.
    func requeueForRetry(_ retries: Int) -> Bool {
        move(to: .queued) { $0.retryCount = retries }
    }

    /// Stores the outcome and moves to `delivering`; false when the run was stopped meanwhile.
    func store(content: ResponseContent, error: RequestError?) -> Bool {
        move(to: .delivering) { state in
            state.content = content
            state.error = error
        }
    }

    /// The progress handlers of the current run.
    var progressHandlers: ProgressHandlers {
        state.withLock { ProgressHandlers(download: $0.downloadProgress, upload: $0.uploadProgress) }
    }

    /// What a batch or chain running this request is told after its callbacks (or its stop).
    func setGroupObserver(_ observer: (@Sendable (Request, RequestError?) -> Void)?) {
        state.withLock { $0.groupObserver = observer }
    }

    /// Takes `accessory` off the request's own list (a one-shot accessory after its run).
    func removeAccessory(_ accessory: any RequestAccessory) {
        state.withLock { $0.accessories.removeAll { $0 === accessory } }
    }

    /// Puts `content` in the response getters unless a run is under way; false if one is.
    func showIdle(_ content: ResponseContent) -> Bool {
        state.withLock { state -> Bool in
            guard !state.phase.isActive else { return false }
            state.content = content
            state.error = nil
            return true
        }
    }

    /// The response getters' content, as they hold it now.
    var content: ResponseContent { state.withLock { $0.content } }
}

/// A run's progress handlers (a struct: see ``RunReceivers``).
struct ProgressHandlers {
    let download: (@Sendable (ProgressReport) -> Void)?
    let upload: (@Sendable (ProgressReport) -> Void)?
}
