import Courier
import Foundation

/// What differs between two JSON values, path by path in document order (object keys sorted):
/// each added, removed or changed value with its JSON path (`$.items[0].price: 10 → 12`),
/// less what ``DiffSettings`` leaves out (`ignore:`) or lets pass (`tolerance:`). The History
/// tab's diff and `courier diff` both read bodies through it.
public struct JSONPathDifferences: Sendable {
    /// One difference at a path.
    public struct Change: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable { case added, removed, changed }

        public var kind: Kind
        /// `$.items[0].price`, `$['odd key']`.
        public var path: String
        /// The value before, on one line (long ones cut); nil when added.
        public var before: String?
        /// The value after; nil when removed.
        public var after: String?
    }

    public private(set) var changes: [Change] = []
    /// Changes past the limit, counted only.
    public private(set) var unlisted = 0
    /// Paths that differed but were ignored or within tolerance.
    public private(set) var ignored = 0
    private let limit: Int

    /// The differences from `old` to `new`, at most `limit` listed.
    public init(_ old: JSONValue, _ new: JSONValue, settings: DiffSettings = DiffSettings(), limit: Int = .max) {
        self.limit = limit
        compare(old, new, path: [], settings: settings)
    }

    public var count: Int { changes.count + unlisted }

    private mutating func add(_ kind: Change.Kind, _ path: [DiffPathStep], before: JSONValue?, after: JSONValue?) {
        guard changes.count < limit else {
            unlisted += 1
            return
        }
        changes.append(Change(kind: kind, path: Self.text(path), before: before.map(Self.brief), after: after.map(Self.brief)))
    }

    private mutating func compare(_ old: JSONValue, _ new: JSONValue, path: [DiffPathStep], settings: DiffSettings) {
        if settings.ignores(path) {
            if old != new { ignored += 1 }
            return
        }
        switch (old, new) {
        case let (.object(a), .object(b)):
            for key in Set(a.keys).union(b.keys).sorted() {
                let child = path + [.key(key)]
                switch (a[key], b[key]) {
                case let (x?, y?): compare(x, y, path: child, settings: settings)
                case (nil, let y?): settings.ignores(child) ? (ignored += 1) : add(.added, child, before: nil, after: y)
                case (let x?, nil): settings.ignores(child) ? (ignored += 1) : add(.removed, child, before: x, after: nil)
                default: break
                }
            }
        case let (.array(a), .array(b)):
            for index in 0..<max(a.count, b.count) {
                let child = path + [.index(index)]
                if index < a.count, index < b.count {
                    compare(a[index], b[index], path: child, settings: settings)
                } else if settings.ignores(child) {
                    ignored += 1
                } else if index < b.count {
                    add(.added, child, before: nil, after: b[index])
                } else {
                    add(.removed, child, before: a[index], after: nil)
                }
            }
        default:
            guard old != new else { return }
            if let p = old.doubleValue, let q = new.doubleValue, let tolerance = settings.tolerance(at: path), tolerance.allows(p, q) {
                ignored += 1
                return
            }
            add(.changed, path, before: old, after: new)
        }
    }

    /// `$.items[0].price`, `$['odd key']`.
    public static func text(_ path: [DiffPathStep]) -> String {
        "$" + path.map { step in
            switch step {
            case .index(let index): return "[\(index)]"
            case .key(let key):
                let plain = key.first.map { $0.isLetter || $0 == "_" } == true && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                return plain ? "." + key : "['" + key.replacingOccurrences(of: "'", with: "\\'") + "']"
            }
        }.joined()
    }

    /// A value on one line, long ones cut.
    public static func brief(_ value: JSONValue) -> String {
        cut(String(decoding: value.serialized(prettyPrinted: false), as: UTF8.self))
    }

    /// `text` cut to 120 characters.
    public static func cut(_ text: String) -> String {
        text.count > 120 ? String(text.prefix(117)) + "…" : text
    }
}
