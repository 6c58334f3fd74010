/// A page a ``PagedRequest`` loaded: where it was, its request (response, metrics, checks),
/// and the items it gave.
public struct LoadedPage: Sendable {
    public let address: PageAddress
    public let request: Request
    public let items: [JSONValue]
}

/// Why a paged run stopped at a page: which page, its request and the error. The items of
/// the pages before it are kept.
public struct PageFailure: Error, Sendable, CustomStringConvertible {
    public let address: PageAddress
    public let request: Request
    /// The request's own error, or a validation error (-13) when it succeeded but its items
    /// were not found.
    public let error: RequestError

    public var description: String {
        "\(address) (\(request.method.rawValue) \(request.requestURL)) failed: \(error)"
    }
}
