import Foundation

/// Rewrites the relative URL of every request before it is joined to the base URL
/// (YTKUrlFilterProtocol). Absolute request URLs skip the filters.
public protocol URLFilter: Sendable {
    /// The relative URL `request` sends, rewritten: called with the request's `requestURL` (or
    /// the previous filter's result) each time the request is prepared to be sent, before the
    /// URL is joined with the base URL. YTKUrlFilterProtocol's `filterUrl:withRequest:`.
    func filterURL(_ url: String, for request: Request) -> String
}

/// Rewrites the directory a cached request is stored in (YTKCacheDirPathFilterProtocol).
public protocol CacheDirPathFilter: Sendable {
    /// The directory `request`'s cache entries live in, rewritten: called with the config's cache
    /// directory (or the previous filter's result) whenever the request's entry is read or written.
    /// YTKCacheDirPathFilterProtocol's `filterCacheDirPath:withRequest:`.
    func filterCacheDirPath(_ path: String, for request: Request) -> String
}

/// Adds query parameters to every request, e.g. an app version or a client id
/// (YTKNetwork's `YTKUrlArgumentsFilter` example). Existing parameters are kept.
public struct QueryParametersFilter: URLFilter {
    /// The parameters added, by name; written in name order, percent-encoded.
    public var parameters: [String: String]

    /// A filter that adds `parameters` to every relative request URL.
    public init(_ parameters: [String: String]) { self.parameters = parameters }

    /// `url` with the parameters appended to its query (before a `#fragment`); a parameter the URL
    /// already has is not replaced, so it may then appear twice.
    public func filterURL(_ url: String, for request: Request) -> String {
        guard !parameters.isEmpty else { return url }
        let query = parameters.sorted { $0.key < $1.key }
            .map { "\(FormEncoding.escape($0.key))=\(FormEncoding.escape($0.value))" }
            .joined(separator: "&")
        let separator = url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?"
        if let hash = url.firstIndex(of: "#") {
            return String(url[..<hash]) + separator + query + String(url[hash...])
        }
        return url + separator + query
    }
}

/// Replaces a leading path prefix, e.g. `/v1/` → `/v2/`, in every relative request URL.
public struct PathPrefixFilter: URLFilter {
    /// The leading text to replace, e.g. `/v1/`.
    public var prefix: String
    /// What replaces it, e.g. `/v2/`.
    public var replacement: String

    /// A filter that turns a leading `prefix` into `replacement`.
    public init(replacing prefix: String, with replacement: String) {
        self.prefix = prefix
        self.replacement = replacement
    }

    /// `url` with a leading ``prefix`` replaced; any other URL unchanged.
    public func filterURL(_ url: String, for request: Request) -> String {
        guard url.hasPrefix(prefix) else { return url }
        return replacement + url.dropFirst(prefix.count)
    }
}
