import Foundation

extension PagedRequest {
    /// Claims a load (unless one runs: then an awaiting caller gets nil at once) and sends
    /// its first page.
    func begin(gathering: Bool, reset: Bool, success: (@Sendable (PagedRequest) -> Void)?,
               failure: (@Sendable (PagedRequest) -> Void)?, continuation: CheckedContinuation<LoadedPage?, any Error>?) {
        let claimed = state.withLock { state -> Bool in
            guard !state.isLoading else { return false }
            if reset {
                state.pages = []
                state.items = []
                state.end = nil
                state.next = Self.firstAddress(in: mode)
            }
            state.isLoading = true
            state.gathering = gathering
            state.failure = nil
            state.success = success
            state.failed = failure
            state.continuation = continuation
            return true
        }
        guard claimed else {
            continuation?.resume(returning: nil)
            return
        }
        sendNext(after: nil)
    }

    /// Sends the next page, or ends the load when the listing has ended.
    private func sendNext(after page: LoadedPage?) {
        let next = state.withLock { state -> (address: PageAddress, generation: Int)? in
            guard state.end == nil else { return nil }
            return (state.next, state.generation)
        }
        guard let next else {
            if page == nil {
                // Nothing was sent: the completion still comes on the callback queue.
                agent.config.callbackQueue.async { self.finish(page: nil, failure: nil, generation: nil) }
            } else {
                finish(page: page, failure: nil, generation: nil)
            }
            return
        }
        let request = makePage(next.address)
        let current = state.withLock { state -> Bool in
            guard state.isLoading, state.generation == next.generation else { return false }
            state.inFlight = request
            return true
        }
        guard current else { return }
        request.setGroupObserver { [self] request, error in
            pageFinished(next.address, request: request, error: error, generation: next.generation)
        }
        request.start()
    }

    /// On the callback queue, after the page request's own callbacks.
    private func pageFinished(_ address: PageAddress, request: Request, error: RequestError?, generation: Int) {
        var items: [JSONValue] = []
        var failure = error.map { PageFailure(address: address, request: request, error: $0) }
        if failure == nil, let reader = itemReader {
            if let found = reader.read(request) {
                items = found
            } else {
                let message = "\(address): no items at \(reader.name) (\(request.method.rawValue) \(request.redactedForDisplay(request.requestURL)))"
                failure = PageFailure(address: address, request: request,
                                      error: RequestError(family: .validation, code: .responseRejected, message: message))
            }
        }
        if let failure {
            let current = state.withLock { state -> Bool in
                guard state.isLoading, state.generation == generation else { return false }
                state.inFlight = nil
                state.failure = failure
                return true
            }
            if current { finish(page: nil, failure: failure, generation: generation) }
            return
        }
        let page = LoadedPage(address: address, request: request, items: items)
        let following = position(after: page)
        let current = state.withLock { state -> Bool in
            guard state.isLoading, state.generation == generation else { return false }
            state.inFlight = nil
            state.pages.append(page)
            state.items += items
            if let following {
                state.next = PageAddress(ordinal: address.ordinal + 1, position: following)
                if state.pages.count >= maxPages { state.end = .maxPages }
            } else {
                state.end = .lastPage
            }
            return true
        }
        guard current else { return }
        if let until, until(self, page) {
            state.withLock { state in if state.end == nil { state.end = .untilHeld } }
        }
        delegate?.pagedRequest(self, didLoad: page)
        let carryOn = state.withLock { $0.gathering && $0.isLoading && $0.generation == generation }
        if carryOn { sendNext(after: page) } else { finish(page: page, failure: nil, generation: generation) }
    }

    /// Where the page after `page` is; nil when `page` was the last.
    private func position(after page: LoadedPage) -> PagePosition? {
        switch mode {
        case .pageNumber(_, let size):
            guard case .number(let number, _) = page.address.position, page.items.count >= size else { return nil }
            return .number(number + 1, size: size)
        case .cursor(let reader):
            guard let cursor = reader.read(page.request), !cursor.isEmpty,
                  page.address.position != .cursor(cursor) else { return nil }
            return .cursor(cursor)
        case .nextURL(let reader):
            let own = page.request.response?.url
            guard let text = reader.read(page.request), !text.isEmpty,
                  let url = URL(string: text, relativeTo: own.flatMap { URL(string: $0) })?.absoluteString,
                  url != own else { return nil }
            return .url(url)
        }
    }

    /// Ends the load: delegate, closure, then an awaiting call resumes. `generation` nil:
    /// nothing was sent.
    private func finish(page: LoadedPage?, failure: PageFailure?, generation: Int?) {
        let taken = state.withLock { state -> (delegate: (any PagedRequestDelegate)?, success: (@Sendable (PagedRequest) -> Void)?,
                                              failed: (@Sendable (PagedRequest) -> Void)?,
                                              continuation: CheckedContinuation<LoadedPage?, any Error>?)? in
            guard state.isLoading, generation == nil || state.generation == generation else { return nil }
            state.isLoading = false
            defer {
                state.success = nil
                state.failed = nil
                state.continuation = nil
            }
            return (state.delegate, state.success, state.failed, state.continuation)
        }
        guard let taken else { return }
        if let failure {
            taken.delegate?.pagedRequestFailed(self, failure: failure)
            taken.failed?(self)
            taken.continuation?.resume(throwing: failure)
        } else {
            taken.delegate?.pagedRequestFinished(self)
            taken.success?(self)
            taken.continuation?.resume(returning: page)
        }
    }
}
