import Courier
import Foundation

/// What differs between two responses of one request under ``DiffSettings``: the status, the
/// chosen headers, and the body path by path when both are JSON (`$.items[0].price: 10 → 12`),
/// line by line otherwise.
public struct ResponseComparison: Sendable {
    /// One difference.
    public struct Difference: Sendable, Codable, Hashable {
        public enum Kind: String, Sendable, Codable, Hashable {
            case status, header, added, removed, changed, text
        }

        public var kind: Kind
        /// `$.items[0].price`, `header content-type`, `status`, `line 3`.
        public var path: String
        public var before: String?
        public var after: String?

        /// `$.items[0].price: 10 → 12`, `$.note: added "x"`.
        public var text: String {
            switch kind {
            case .added: return "\(path): added \(after ?? "")"
            case .removed: return "\(path): removed \(before ?? "")"
            case .text: return "\(path): \(before.map { "- " + $0 } ?? "")\(before != nil && after != nil ? " / " : "")\(after.map { "+ " + $0 } ?? "")"
            default: return "\(path): \(before ?? "none") → \(after ?? "none")"
            }
        }
    }

    /// The most differences listed; past it they are counted.
    public static let limit = 200

    public var differences: [Difference] = []
    /// Differences past ``limit``, counted only.
    public var unlisted = 0
    /// Paths and headers that differed but were left out by `ignore:` or within `tolerance:`.
    public var ignored = 0

    public var isSame: Bool { differences.isEmpty && unlisted == 0 }

    public init(_ a: ResponseSnapshot, _ b: ResponseSnapshot, settings: DiffSettings) {
        if a.outcome != b.outcome { add(Difference(kind: .status, path: "status", before: a.outcome, after: b.outcome)) }
        for name in settings.comparedHeaders {
            let (x, y) = (a.header(name), b.header(name))
            if x != y { add(Difference(kind: .header, path: "header \(name)", before: x, after: y)) }
        }
        for name in settings.ignoredHeaders where settings.headers?.contains(name) == true && a.header(name) != b.header(name) { ignored += 1 }
        switch (a.body, b.body) {
        case (nil, nil): break
        case let (x?, y?) where x == y: break
        case let (x, y):
            if let x, let y, let first = try? JSONValue(parsing: Data(x.utf8)), let second = try? JSONValue(parsing: Data(y.utf8)) {
                compare(first, second, settings: settings)
            } else {
                compareText(x ?? "", y ?? "")
            }
        }
    }

    /// A request the saved run has no response of: one difference, its status.
    public init(notSaved after: ResponseSnapshot) {
        differences = [Difference(kind: .status, path: "status", before: "not in the saved run", after: after.outcome)]
    }

    private mutating func add(_ difference: Difference) {
        if differences.count < Self.limit { differences.append(difference) } else { unlisted += 1 }
    }

    /// The bodies path by path, within what is left of ``limit``.
    private mutating func compare(_ a: JSONValue, _ b: JSONValue, settings: DiffSettings) {
        let body = JSONPathDifferences(a, b, settings: settings, limit: max(0, Self.limit - differences.count))
        for change in body.changes {
            let kind: Difference.Kind = switch change.kind {
            case .added: .added
            case .removed: .removed
            case .changed: .changed
            }
            differences.append(Difference(kind: kind, path: change.path, before: change.before, after: change.after))
        }
        unlisted += body.unlisted
        ignored += body.ignored
    }

    private mutating func compareText(_ a: String, _ b: String) {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false)
        let y = b.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(x.count, y.count) {
            let p = index < x.count ? String(x[index]) : nil, q = index < y.count ? String(y[index]) : nil
            if p != q { add(Difference(kind: .text, path: "line \(index + 1)", before: p.map(JSONPathDifferences.cut), after: q.map(JSONPathDifferences.cut))) }
        }
    }
}
