/// How a ``PagedRequest`` finds its next page (CTNetworking's paging manager counts pages;
/// most APIs today hand out a cursor or the next page's URL instead).
public enum PagingMode: Sendable {
    /// Page numbers: the first page is `first`, each next one the number after it; a page
    /// with fewer than `size` items is the last (CTNetworking's `pageNo`, default 1, and
    /// `pageSize`, default 10).
    case pageNumber(first: Int = 1, size: Int = 10)
    /// Each page says where the next starts with an opaque cursor, read by the reader; no
    /// cursor (nil or empty), or the cursor the page was asked with, ends the listing.
    case cursor(PageReader<String>)
    /// Each page gives the next page's URL, read by the reader (a JSON member, or
    /// ``PageReader/linkNext`` for a `Link: <…>; rel="next"` header); a relative URL is
    /// resolved against the page's own. No URL, or the page's own, ends the listing.
    case nextURL(PageReader<String>)
}

/// Which page to ask for: what a ``PagedRequest`` hands its factory.
public enum PagePosition: Sendable, Hashable {
    /// The first page of a cursor or next-URL listing: the request as written.
    case first
    /// A page number and the page size to ask for.
    case number(Int, size: Int)
    /// The cursor the previous page gave.
    case cursor(String)
    /// The URL the previous page gave, absolute.
    case url(String)
}

/// One page of a paged run: its place in the run and what to ask the server for.
public struct PageAddress: Sendable, Hashable, CustomStringConvertible {
    /// 1 for the first page loaded since the start or the last reload.
    public let ordinal: Int
    /// What to ask the server for: the first page, a page number, a cursor or a URL.
    public let position: PagePosition

    /// An address; the paged request makes them, tests and page factories may too.
    public init(ordinal: Int, position: PagePosition) {
        self.ordinal = ordinal
        self.position = position
    }

    /// `page 2`.
    public var description: String { "page \(ordinal)" }
}

/// Why a ``PagedRequest`` has no more pages to load.
public enum PagingEnd: String, Sendable, Hashable {
    /// The server's listing ended: a short page, no next cursor or URL.
    case lastPage
    /// The `until` condition held after a page.
    case untilHeld
    /// `maxPages` pages were loaded; the server may have more.
    case maxPages
}
