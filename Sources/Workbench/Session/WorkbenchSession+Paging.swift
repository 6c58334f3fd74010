import CourierWorkspace
import Courier
import Foundation

extension WorkbenchSession {
    /// Sends a `paginate:` request: every page through the engine's `PagedRequest`, each an
    /// exchange of its own (`page 2 of NAME`) that becomes the request's latest as it starts,
    /// so the Exchange pane follows the listing; when it stops, the last page's Body shows
    /// every item gathered.
    func sendPages(_ name: String, definition: RequestDefinition, ignoringCache: Bool) {
        let mailbox = self.mailbox
        guard let paged = engine.runner.makePagedRequest(definition: definition, prepare: { request, address in
            request.ignoreCache = ignoringCache
            mailbox.post(.pageRequested(request: request, name: name, page: address.ordinal))
        }) else { return }
        pagedSends[name]?.stop()
        pagedSends[name] = paged
        let stopped: @Sendable (PagedRequest) -> Void = { mailbox.post(.pagingStopped($0, name: name)) }
        paged.start(success: stopped, failure: stopped)
        say("\(name): fetching every page (at most \(definition.paginate?.maxPages ?? Pagination.defaultMaxPages)) — x stops", .info)
    }

    /// A page's request was made: it is registered before it starts, so its start, stop and
    /// checks land on its exchange.
    func pageRequested(_ request: WorkspaceRequest, name: String, page: Int) {
        let exchange = register(name: name, request: request, origin: "page \(page) of \(name)")
        exchange.page = page
    }

    /// The listing stopped: the request's latest page (the last loaded, the failed one, or
    /// the one `x` cancelled) keeps what was gathered, and its Body shows the items.
    func pagingStopped(_ paged: PagedRequest, name: String) {
        if pagedSends[name] === paged { pagedSends[name] = nil }
        let gathered = GatheredPages(paged)
        let outcome = "\(name): \(gathered.summary) (\(gathered.endDescription))"
        notify(.lastEvent(outcome))
        say(outcome, gathered.failed || paged.end == nil ? .warning : .success)
        guard let exchange = exchanges[name], exchange.page != nil else { return }
        exchange.gathered = gathered
        layOut(exchange)
    }

    /// `x` on a request whose pages are being fetched: stops the page in flight, and the
    /// pages before it show what they gathered (no completion follows a stop).
    func stopPaging(_ name: String) -> Bool {
        guard let paged = pagedSends.removeValue(forKey: name) else { return false }
        paged.stop()
        pagingStopped(paged, name: name)
        return true
    }
}
