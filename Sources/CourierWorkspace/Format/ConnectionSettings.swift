import Courier

/// `http:`, `resolve:`, `connectTo:` and `unixSocket:` — the HTTP version asked for and where
/// to connect, in `config` (for every request) and in a request (its own, replacing the config's).
public struct ConnectionSettings: Sendable, Hashable {
    /// `http: auto | 1.1 | 2 | 2-prior-knowledge`; nil: the config's, else `auto`.
    public var http: HTTPVersionPreference?
    public var route = ConnectionRoute()

    public init() {}

    static let keys = ["http", "resolve", "connectTo", "unixSocket"]

    init(_ map: YAMLMapping) throws(WorkspaceError) {
        if let node = map["http"] {
            let written = try node.string()
            guard let version = HTTPVersionPreference(rawValue: written == "2.0" ? "2" : written) else {
                throw node.error(.invalidValue, "http is one of: "
                    + HTTPVersionPreference.allCases.map(\.rawValue).joined(separator: ", ") + " (not \"\(written)\")")
            }
            http = version
        }
        route.resolve = try Self.entries(map["resolve"], parts: 3, shape: "host:port:address")
        route.connectTo = try Self.entries(map["connectTo"], parts: 4, shape: "host:port:connect-host:connect-port")
        route.unixSocket = try map["unixSocket"]?.string()
    }

    /// A request's settings over the config's: each one the request sets wins.
    func over(_ config: ConnectionSettings) -> ConnectionSettings {
        var merged = self
        merged.http = http ?? config.http
        if route.resolve.isEmpty { merged.route.resolve = config.route.resolve }
        if route.connectTo.isEmpty { merged.route.connectTo = config.route.connectTo }
        if route.unixSocket == nil { merged.route.unixSocket = config.route.unixSocket }
        return merged
    }

    /// A string or a list of strings, each with at least `parts` colon-separated parts (an
    /// IPv6 address has more).
    private static func entries(_ node: YAMLValue?, parts: Int, shape: String) throws(WorkspaceError) -> [String] {
        guard let node else { return [] }
        let items = if case .sequence = node.node { try node.list() } else { [node] }
        var entries: [String] = []
        for item in items {
            let entry = try item.string()
            guard entry.split(separator: ":", omittingEmptySubsequences: false).count >= parts else {
                throw item.error(.invalidValue, "expected \(shape), not \"\(entry)\"")
            }
            entries.append(entry)
        }
        return entries
    }
}
