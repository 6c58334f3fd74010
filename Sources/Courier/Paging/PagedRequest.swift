import Foundation
import Synchronization

/// Told as a paged request loads (CTNetworking's paging callbacks). Held weakly.
public protocol PagedRequestDelegate: AnyObject, Sendable {
    /// After each page, its items already gathered.
    func pagedRequest(_ paged: PagedRequest, didLoad page: LoadedPage)
    /// After a load (one page, or every page of `start()`) ended without a failure.
    func pagedRequestFinished(_ paged: PagedRequest)
    /// After a page failed; the items of the pages before it are kept.
    func pagedRequestFailed(_ paged: PagedRequest, failure: PageFailure)
}

extension PagedRequestDelegate {
    public func pagedRequest(_ paged: PagedRequest, didLoad page: LoadedPage) {}
    public func pagedRequestFinished(_ paged: PagedRequest) {}
    public func pagedRequestFailed(_ paged: PagedRequest, failure: PageFailure) {}
}

/// A listing fetched page by page (CTNetworking's paging manager, written as YTK writes its
/// batches and chains): one ``Request`` per page, made by the factory from the page's
/// ``PageAddress``; the items each page gives are gathered in order.
///
/// ```swift
/// let listing = PagedRequest(mode: .cursor(.json("$.next_cursor") { $0["next_cursor"] }),
///                            items: .json("$.items") { $0["items"] }) { address in
///     if case .cursor(let cursor) = address.position { return ItemsRequest(cursor: cursor) }
///     return ItemsRequest(cursor: nil)
/// }
/// try await listing.run()          // every page, at most maxPages
/// print(listing.items.count, listing.hasMore)
/// ```
///
/// `loadNextPage` loads one page (a list that grows as the user scrolls), `start`/`run` every
/// page until the listing ends, `until` holds or `maxPages` pages were loaded; `reload`
/// drops what was gathered and loads the first page again. Loads do not overlap: while one
/// runs, another is ignored. Completions run on the callback queue of the pages' agent
/// (of ``agent`` when no page is sent), in YTK's order: delegate, closure, then an awaiting
/// call resumes. A failed page ends the load with a ``PageFailure`` naming the page; the
/// next load tries that page again.
open class PagedRequest: @unchecked Sendable {
    /// Where the next page is: page numbers, a cursor or the next page's URL.
    public let mode: PagingMode
    /// Picks each page's items; without it pages give none (and a page-number listing ends
    /// at its first page). A page whose items are not there fails (-13).
    public let itemReader: PageReader<[JSONValue]>?
    /// The most pages loaded between two reloads; at least 1.
    public let maxPages: Int
    /// Read after each page, once its items are gathered: true ends the listing there.
    public let until: (@Sendable (PagedRequest, LoadedPage) -> Bool)?
    let makePage: @Sendable (PageAddress) -> Request

    struct State {
        weak var delegate: (any PagedRequestDelegate)?
        var agent = NetworkAgent.shared
        var pages: [LoadedPage] = []
        var items: [JSONValue] = []
        /// The page the next load asks for; kept after a failure, to try it again.
        var next: PageAddress
        var end: PagingEnd?
        var failure: PageFailure?
        var isLoading = false
        var gathering = false
        var inFlight: Request?
        /// Changed by `stop()` and `reload()`: a page of an older load is ignored.
        var generation = 0
        var success: (@Sendable (PagedRequest) -> Void)?
        var failed: (@Sendable (PagedRequest) -> Void)?
        var continuation: CheckedContinuation<LoadedPage?, any Error>?
    }
    let state: Mutex<State>

    /// - Parameters:
    ///   - mode: page numbers, a cursor, or the next page's URL.
    ///   - items: what each page gives: `.json(name) { select }` over its body, or a closure.
    ///   - maxPages: the bound on pages between reloads (default 100).
    ///   - until: ends the listing after the page for which it is true.
    ///   - makePage: the request for a page; it is sent as it is (its agent, its callbacks).
    public init(mode: PagingMode, items: PageReader<[JSONValue]>? = nil, maxPages: Int = 100,
                until: (@Sendable (PagedRequest, LoadedPage) -> Bool)? = nil,
                makePage: @escaping @Sendable (PageAddress) -> Request) {
        self.mode = mode
        self.itemReader = items
        self.maxPages = max(1, maxPages)
        self.until = until
        self.makePage = makePage
        state = Mutex(State(next: Self.firstAddress(in: mode)))
    }

    static func firstAddress(in mode: PagingMode) -> PageAddress {
        if case .pageNumber(let first, let size) = mode { return PageAddress(ordinal: 1, position: .number(first, size: size)) }
        return PageAddress(ordinal: 1, position: .first)
    }

    // MARK: - State

    /// Held weakly.
    public var delegate: (any PagedRequestDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }
    /// Whose callback queue completions use when no page is sent (the listing had ended);
    /// otherwise they follow the pages' own agent.
    public var agent: NetworkAgent {
        get { state.withLock { $0.agent } }
        set { state.withLock { $0.agent = newValue } }
    }
    /// The pages loaded since the start or the last reload, in order.
    public var pages: [LoadedPage] { state.withLock { $0.pages } }
    /// Every page's items, in order.
    public var items: [JSONValue] { state.withLock { $0.items } }
    /// Another page can be loaded: the listing has not ended (``end`` says why it did).
    public var hasMore: Bool { state.withLock { $0.end == nil } }
    /// Why there are no more pages; nil while there are.
    public var end: PagingEnd? { state.withLock { $0.end } }
    /// The page that failed the last load; nil after a load without failure.
    public var failure: PageFailure? { state.withLock { $0.failure } }
    /// Whether a load (one page, every page or a reload) is under way; another one started now is
    /// ignored.
    public var isLoading: Bool { state.withLock { $0.isLoading } }
    /// The page the next load asks for.
    public var nextAddress: PageAddress? { state.withLock { $0.end == nil ? $0.next : nil } }

    // MARK: - Loading with callbacks

    /// Loads every page until the listing ends, `until` holds or `maxPages` were loaded,
    /// carrying on from the pages already loaded. Ignored while a load runs.
    public func start(success: (@Sendable (PagedRequest) -> Void)? = nil, failure: (@Sendable (PagedRequest) -> Void)? = nil) {
        begin(gathering: true, reset: false, success: success, failure: failure, continuation: nil)
    }

    /// Loads the next page (CTNetworking's `loadNextPage`). Ignored while a load runs.
    public func loadNextPage(success: (@Sendable (PagedRequest) -> Void)? = nil, failure: (@Sendable (PagedRequest) -> Void)? = nil) {
        begin(gathering: false, reset: false, success: success, failure: failure, continuation: nil)
    }

    /// Stops a running load, drops the pages and items gathered, and loads the first page
    /// again (CTNetworking's `reloadData`).
    public func reload(success: (@Sendable (PagedRequest) -> Void)? = nil, failure: (@Sendable (PagedRequest) -> Void)? = nil) {
        stop()
        begin(gathering: false, reset: true, success: success, failure: failure, continuation: nil)
    }

    /// Stops the page in flight; no completion follows, and an awaiting call throws
    /// ``RequestError/cancelled``. The pages loaded are kept; the next load asks for the
    /// page that was stopped.
    public func stop() {
        let taken = state.withLock { state -> (Request?, CheckedContinuation<LoadedPage?, any Error>?)? in
            guard state.isLoading else { return nil }
            state.isLoading = false
            state.generation += 1
            defer {
                state.inFlight = nil
                state.continuation = nil
                state.success = nil
                state.failed = nil
            }
            return (state.inFlight, state.continuation)
        }
        guard let (request, continuation) = taken else { return }
        request?.setGroupObserver(nil)
        request?.stop()
        continuation?.resume(throwing: RequestError.cancelled)
    }

    // MARK: - Loading with async

    /// Loads every page as ``start(success:failure:)`` does and returns when done; throws
    /// the ``PageFailure`` of a failed page. Cancelling the task stops the load.
    @discardableResult
    public func run() async throws -> Self {
        _ = try await awaitLoad(gathering: true, reset: false)
        return self
    }

    /// Loads the next page and returns it; nil when the listing had ended or a load was
    /// already running.
    @discardableResult
    public func nextPage() async throws -> LoadedPage? {
        try await awaitLoad(gathering: false, reset: false)
    }

    /// ``reload(success:failure:)``, awaited: returns the first page.
    @discardableResult
    public func reloadFirstPage() async throws -> LoadedPage? {
        stop()
        return try await awaitLoad(gathering: false, reset: true)
    }

    private func awaitLoad(gathering: Bool, reset: Bool) async throws -> LoadedPage? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<LoadedPage?, any Error>) in
                begin(gathering: gathering, reset: reset, success: nil, failure: nil, continuation: continuation)
                if Task.isCancelled { stop() }
            }
        } onCancel: {
            self.stop()
        }
    }
}
