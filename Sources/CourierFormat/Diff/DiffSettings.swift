import CourierFormatCore
import Foundation

/// `diff:` — what `courier diff` leaves out or lets pass when it compares a request's
/// responses across environments, in `config:` (every request) and on a request (added to
/// the config's):
///
/// ```yaml
/// diff:
///   ignore: [$.timestamp, "$.items[*].id", "header:Date"]
///   tolerance: {$.latency: 5%, $.price: 0.01}
///   headers: [Content-Type, Cache-Control]
/// ```
///
/// `ignore` takes JSON paths (`*` for any key or index; a path ignores what is under it) and
/// `header:NAME`; `tolerance` lets a number differ by a share of the first value (`5%`) or by
/// an amount; `headers` are the response headers compared (`Content-Type` unless given).
public struct DiffSettings: Sendable {
    /// A JSON path pattern: keys, indices, or `*` for either.
    public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
        public enum Step: Sendable, Hashable {
            case key(String)
            case index(Int)
            case any
        }

        public var steps: [Step]
        public var description: String

        /// `$.items[*].id`, `$.a.*`, `$['odd key']`.
        public init?(_ text: String) {
            var rest = Substring(text)
            guard rest.hasPrefix("$") else { return nil }
            rest = rest.dropFirst()
            var steps: [Step] = []
            while let first = rest.first {
                if first == "." {
                    rest = rest.dropFirst()
                    let name = rest.prefix { $0 != "." && $0 != "[" }
                    guard !name.isEmpty else { return nil }
                    steps.append(name == "*" ? .any : .key(String(name)))
                    rest = rest.dropFirst(name.count)
                } else if first == "[" {
                    guard let close = rest.firstIndex(of: "]") else { return nil }
                    let inside = rest[rest.index(after: rest.startIndex)..<close]
                    if inside == "*" {
                        steps.append(.any)
                    } else if let index = Int(inside) {
                        steps.append(.index(index))
                    } else if inside.count >= 2, let quote = inside.first, quote == "'" || quote == "\"", inside.last == quote {
                        steps.append(.key(String(inside.dropFirst().dropLast())))
                    } else {
                        return nil
                    }
                    rest = rest[rest.index(after: close)...]
                } else {
                    return nil
                }
            }
            self.steps = steps
            description = text
        }

        /// Whether `path` (keys and indices from the root) is the pattern's path or under it.
        public func covers(_ path: [DiffPathStep]) -> Bool {
            guard path.count >= steps.count else { return false }
            return zip(steps, path).allSatisfy { step, part in
                switch (step, part) {
                case (.any, _): return true
                case let (.key(a), .key(b)): return a == b
                case let (.index(a), .index(b)): return a == b
                default: return false
                }
            }
        }

        /// Whether `path` is exactly the pattern's path.
        public func matches(_ path: [DiffPathStep]) -> Bool {
            path.count == steps.count && covers(path)
        }
    }

    /// How much a number may differ.
    public enum Tolerance: Sendable, Hashable {
        /// A share of the first value (0.05 for `5%`).
        case relative(Double)
        case absolute(Double)

        public func allows(_ a: Double, _ b: Double) -> Bool {
            switch self {
            case .relative(let share): return abs(a - b) <= abs(a) * share + 1e-12
            case .absolute(let amount): return abs(a - b) <= amount + 1e-12
            }
        }
    }

    public var ignoredPaths: [PathPattern] = []
    /// Lower-cased header names whose values are not compared.
    public var ignoredHeaders: Set<String> = []
    public var tolerances: [(path: PathPattern, tolerance: Tolerance)] = []
    /// Lower-cased names of the headers compared; nil: `content-type`.
    public var headers: [String]?

    public init() {}

    /// The headers compared.
    public var comparedHeaders: [String] { (headers ?? ["content-type"]).filter { !ignoredHeaders.contains($0) } }

    /// Whether the value at `path` is left out.
    public func ignores(_ path: [DiffPathStep]) -> Bool {
        ignoredPaths.contains { $0.covers(path) }
    }

    /// The tolerance for the number at `path`, if one is given.
    public func tolerance(at path: [DiffPathStep]) -> Tolerance? {
        tolerances.first { $0.path.matches(path) }?.tolerance
    }

    /// These settings with `more`'s added (a request's over its config's).
    public func adding(_ more: DiffSettings) -> DiffSettings {
        var merged = self
        merged.ignoredPaths += more.ignoredPaths
        merged.ignoredHeaders.formUnion(more.ignoredHeaders)
        merged.tolerances = more.tolerances + tolerances
        if let headers = more.headers { merged.headers = headers }
        return merged
    }

    /// Reads `diff:`.
    init(yaml: YAMLValue) throws(WorkspaceError) {
        let map = try yaml.mapping(allowed: ["ignore", "tolerance", "headers"], expected: "{ignore: [...], tolerance: {...}, headers: [...]}")
        for item in try map["ignore"]?.list(expected: "a list of JSON paths ($.a.b) and header:NAME") ?? [] {
            let text = try item.string()
            if text.lowercased().hasPrefix("header:") {
                ignoredHeaders.insert(text.dropFirst(7).trimmingCharacters(in: .whitespaces).lowercased())
            } else if let pattern = PathPattern(text) {
                ignoredPaths.append(pattern)
            } else {
                throw item.error(.invalidValue, "\"\(text)\" is neither a JSON path ($.a.b, $.items[*].id) nor header:NAME")
            }
        }
        for entry in try map["tolerance"]?.mapping(expected: "a mapping of JSON paths to 5% or an amount").entries ?? [] {
            guard let pattern = PathPattern(entry.name) else {
                throw entry.value.error(.invalidValue, "\"\(entry.name)\" is not a JSON path ($.latency)")
            }
            tolerances.append((pattern, try Self.tolerance(entry.value)))
        }
        if let value = map["headers"] {
            headers = try value.list(expected: "a list of header names").map { item throws(WorkspaceError) in try item.string().lowercased() }
        }
    }

    private static func tolerance(_ value: YAMLValue) throws(WorkspaceError) -> Tolerance {
        if let number = try? value.double(), number >= 0 { return .absolute(number) }
        let text = try value.string(expected: "5% or an amount").trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%"), let percent = Double(text.dropLast()), percent >= 0 { return .relative(percent / 100) }
        throw value.error(.invalidValue, "\"\(text)\" is not a tolerance (5% or an amount such as 0.01)")
    }
}

/// A step of a concrete JSON path: a key or an index.
public enum DiffPathStep: Sendable, Hashable {
    case key(String)
    case index(Int)
}
