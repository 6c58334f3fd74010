import Foundation

extension Cookie {
    /// What makes two cookies the same cookie to libcurl: a later one of the same domain (and
    /// subdomain flag), path and name replaces the earlier. A jar's rows are told apart by it.
    public struct Key: Hashable, Sendable {
        /// The cookie's domain, lowercased.
        public var domain: String
        /// Whether the cookie is sent to subdomains: two cookies that differ only in this are two.
        public var includesSubdomains: Bool
        /// The cookie's path, as written (paths are case-sensitive).
        public var path: String
        /// The cookie's name, as written.
        public var name: String

        /// The key of `cookie`.
        public init(_ cookie: Cookie) {
            // Lowercased only when it has a capital: a copy per cookie of a jar of millions otherwise.
            domain = cookie.domain.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } || !cookie.domain.utf8.allSatisfy { $0 < 0x80 }
                ? cookie.domain.lowercased() : cookie.domain
            includesSubdomains = cookie.includesSubdomains
            path = cookie.path
            name = cookie.name
        }
    }
}

/// How many cookies a jar keeps, as browsers bound theirs (Firefox: 180 a host, 3,000 in all;
/// RFC 6265 §6.1 asks for at least 50 and 3,000). Past either, the cookies that expire
/// soonest are dropped first (session cookies last, as they live as long as the jar), and the
/// caller says how many. libcurl's store finds a cookie by walking every cookie of its
/// domain's bucket, and lists the store by appending to a list from its head, so a jar of
/// 40,000 took half a minute to load: the limit keeps every such walk short.
public enum CookieLimits {
    /// Cookies a jar keeps in all.
    public static let maximum = 3000
    /// Cookies a jar keeps for one domain.
    public static let perDomain = 180
}

/// Cookies chosen under ``CookieLimits`` in one pass, holding at most four times the limits at
/// any time: a file of millions of lines is read in memory bounded by the limits, and in time
/// linear in its lines (each pruning sorts at most four times a limit, and comes after at
/// least three limits' worth of insertions — at twice, pruning took a third of a 224 MB jar's
/// read).
struct CookieSelection {
    private struct Entry {
        var cookie: Cookie
        /// Its order of arrival: the oldest goes first among equal expiries, and the result
        /// keeps the file's order.
        var order: Int
    }

    private let maximum: Int
    private let perDomain: Int
    private var domains: [String: [Cookie.Key: Entry]] = [:]
    private var count = 0
    private var arrivals = 0
    /// Cookies left out so far.
    private(set) var dropped = 0
    /// Steps taken: one per cookie offered, one per cookie sorted when pruning — what the
    /// complexity tests count.
    private(set) var work = 0

    /// How many times a limit is held before pruning back to it.
    private static let slack = 4

    init(maximum: Int = CookieLimits.maximum, perDomain: Int = CookieLimits.perDomain) {
        self.maximum = maximum
        self.perDomain = perDomain
    }

    /// Adds `cookie`, replacing the one of its key.
    mutating func insert(_ cookie: Cookie) {
        work += 1
        arrivals += 1
        let key = Cookie.Key(cookie)
        let previous = domains[key.domain, default: [:]].updateValue(Entry(cookie: cookie, order: arrivals), forKey: key)
        guard previous == nil else { return }
        count += 1
        if domains[key.domain, default: [:]].count > Self.slack * perDomain { prune(domain: key.domain, to: perDomain) }
        if count > Self.slack * maximum { pruneAll(to: maximum) }
    }

    /// The cookies kept, in the order they came, and how many were dropped.
    mutating func finish() -> [Cookie] {
        for (domain, entries) in domains where entries.count > perDomain { prune(domain: domain, to: perDomain) }
        if count > maximum { pruneAll(to: maximum) }
        let entries = domains.values.flatMap(\.values).sorted { $0.order < $1.order }
        work += entries.count
        return entries.map(\.cookie)
    }

    /// Where an entry goes among the others: the sooner expiry first, then the older. Ranks are
    /// sorted, never the entries: a cookie is a dozen strings, and sorting copies what it sorts.
    private static func rank(_ entry: Entry) -> (Double, Int) {
        ((entry.cookie.expires ?? .distantFuture).timeIntervalSinceReferenceDate, entry.order)
    }

    /// The smallest rank of the `limit` entries that stay among `entries` (ranks are unique).
    private static func threshold(of entries: [Cookie.Key: Entry], keeping limit: Int) -> (Double, Int) {
        var ranks = entries.values.map(rank)
        ranks.sort { $0 < $1 }
        return ranks[ranks.count - limit]
    }

    private mutating func prune(domain: String, to limit: Int) {
        guard let entries = domains[domain], entries.count > limit else { return }
        let threshold = Self.threshold(of: entries, keeping: limit)
        domains[domain] = entries.filter { Self.rank($0.value) >= threshold }
        work += entries.count
        count -= entries.count - limit
        dropped += entries.count - limit
    }

    private mutating func pruneAll(to limit: Int) {
        guard count > limit else { return }
        var ranks: [(Double, Int)] = []
        ranks.reserveCapacity(count)
        for entries in domains.values { ranks.append(contentsOf: entries.values.map(Self.rank)) }
        ranks.sort { $0 < $1 }
        let threshold = ranks[ranks.count - limit]
        for (domain, entries) in domains {
            let kept = entries.filter { Self.rank($0.value) >= threshold }
            domains[domain] = kept.isEmpty ? nil : kept
        }
        work += ranks.count
        dropped += ranks.count - limit
        count -= ranks.count - limit
    }
}
