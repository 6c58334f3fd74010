import Foundation

/// Rewrites the relative URL of every request before it is joined to the base URL
/// (YTKUrlFilterProtocol). Absolute request URLs skip the filters.
public protocol URLFilter: Sendable {
    func filterURL(_ url: String, for request: Request) -> String
}

/// Rewrites the directory a cached request is stored in (YTKCacheDirPathFilterProtocol).
public protocol CacheDirPathFilter: Sendable {
    func filterCacheDirPath(_ path: String, for request: Request) -> String
}

/// Adds query parameters to every request, e.g. an app version or a client id
/// (YTKNetwork's `YTKUrlArgumentsFilter` example). Existing parameters are kept.
public struct QueryParametersFilter: URLFilter {
    public var parameters: [String: String]

    public init(_ parameters: [String: String]) { self.parameters = parameters }

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
    public var prefix: String
    public var replacement: String

    public init(replacing prefix: String, with replacement: String) {
        self.prefix = prefix
        self.replacement = replacement
    }

    public func filterURL(_ url: String, for request: Request) -> String {
        guard url.hasPrefix(prefix) else { return url }
        return replacement + url.dropFirst(prefix.count)
    }
}
