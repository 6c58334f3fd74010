/// A page a ``PagedRequest`` loaded: where it was, its request (response, metrics, checks),
/// and the items it gave.
public struct LoadedPage: Sendable {
    /// Which page it was.
    public let address: PageAddress
    /// The page's request, finished: its response, metrics and checks.
    public let request: Request
    /// The items the page gave, in order; empty without an item reader.
    public let items: [JSONValue]
}

/// Why a paged run stopped at a page: which page, its request and the error. The items of
/// the pages before it are kept.
public struct PageFailure: Error, Sendable, CustomStringConvertible {
    /// Which page failed, e.g. `page 3`.
    public let address: PageAddress
    /// The page's request, finished with the error.
    public let request: Request
    /// The request's own error, or a validation error (-13) when it succeeded but its items
    /// were not found.
    public let error: RequestError

    public var description: String {
        "\(address) (\(request.method.rawValue) \(request.requestURL)) failed: \(error)"
    }
}
