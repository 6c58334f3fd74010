import Courier
#if canImport(Glibc)
import CourierFormatCore
import Glibc
#endif

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
        route.resolve = try Self.entries(map["resolve"], parts: 3, shape: "host:port:address", problem: Self.resolveProblem)
        route.connectTo = try Self.entries(map["connectTo"], parts: 4, shape: "host:port:connect-host:connect-port")
        route.unixSocket = try map["unixSocket"]?.string()
    }

    /// A request's settings over the config's: each one the request sets wins.
    package func over(_ config: ConnectionSettings) -> ConnectionSettings {
        var merged = self
        merged.http = http ?? config.http
        if route.resolve.isEmpty { merged.route.resolve = config.route.resolve }
        if route.connectTo.isEmpty { merged.route.connectTo = config.route.connectTo }
        if route.unixSocket == nil { merged.route.unixSocket = config.route.unixSocket }
        return merged
    }

    /// A string or a list of strings, each with at least `parts` colon-separated parts (an
    /// IPv6 address has more) and no `problem`.
    private static func entries(_ node: YAMLValue?, parts: Int, shape: String,
                                problem: (String) -> String? = { _ in nil }) throws(WorkspaceError) -> [String] {
        guard let node else { return [] }
        let items = if case .sequence = node.node { try node.list() } else { [node] }
        var entries: [String] = []
        for item in items {
            let entry = try item.string()
            guard entry.split(separator: ":", omittingEmptySubsequences: false).count >= parts else {
                throw item.error(.invalidValue, "expected \(shape), not \"\(entry)\"")
            }
            if let problem = problem(entry) {
                throw item.error(.invalidValue, "expected \(shape), not \"\(entry)\": \(problem)")
            }
            entries.append(entry)
        }
        return entries
    }

    /// What libcurl's `CURLOPT_RESOLVE` would refuse in `entry` — `[+]host:port:address[,address…]`,
    /// an IPv6 address bare or in brackets — in words; nil when it takes it. libcurl says only
    /// "Couldn't parse CURLOPT_RESOLVE entry" when the request is sent.
    static func resolveProblem(_ entry: String) -> String? {
        var rest = Substring(entry)
        if rest.hasPrefix("+") { rest = rest.dropFirst() }
        let hostEnd: Substring.Index?
        if rest.hasPrefix("["), let bracket = rest.firstIndex(of: "]") {
            hostEnd = rest[bracket...].firstIndex(of: ":")
        } else {
            hostEnd = rest.firstIndex(of: ":")
        }
        guard let hostEnd, hostEnd > rest.startIndex else { return "the host name is empty" }
        let host = rest[..<hostEnd]
        guard !host.contains(where: \.isWhitespace) else { return "the host name \"\(host)\" has a space" }
        rest = rest[rest.index(after: hostEnd)...]
        guard let portEnd = rest.firstIndex(of: ":") else { return "there is no address after the port" }
        let port = rest[..<portEnd]
        guard let number = Int(port), (1...65_535).contains(number) else {
            return "the port \"\(port)\" is not a number from 1 to 65535"
        }
        let addresses = rest[rest.index(after: portEnd)...].split(separator: ",", omittingEmptySubsequences: false)
        for written in addresses {
            let address = written.hasPrefix("[") && written.hasSuffix("]") ? written.dropFirst().dropLast() : written
            guard address.isEmpty || !isIPAddress(String(address)) else { continue }
            return address.isEmpty ? "an address is empty"
                : "\"\(written)\" is not an IP address (resolve: gives addresses, not host names)"
        }
        return nil
    }

    private static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}
