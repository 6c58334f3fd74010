import CourierFormatCore
import Foundation

/// One line of `expect-calls:` — how often `courier mock --verify` expects a route to be
/// called, in the workspace or in a file of its own:
///
/// ```yaml
/// expect-calls:
///   - request: getPet          # a request's route, by the request's name
///     times: 2
///   - route: POST /pets        # or a route as `courier mock` lists it
///     atLeast: 1
///   - route: DELETE /pets/{id}
///     atMost: 0                # never
/// ```
///
/// Without a count, a route must be called at least once.
public struct CallExpectation: Sendable, Hashable {
    /// Whose calls are counted.
    public enum Target: Sendable, Hashable {
        case request(String)
        /// `METHOD /path/{param}`, as the mock lists its routes.
        case route(method: String, path: String)
    }

    public var target: Target
    public var atLeast: Int
    public var atMost: Int?
    public var location: SourceLocation

    public init(target: Target, atLeast: Int = 1, atMost: Int? = nil, location: SourceLocation) {
        self.target = target
        self.atLeast = atLeast
        self.atMost = atMost
        self.location = location
    }

    /// Whether `count` calls meet it.
    public func isMet(by count: Int) -> Bool {
        count >= atLeast && atMost.map { count <= $0 } ?? true
    }

    /// "exactly 2", "at least 1", "at most 0", "2 to 5".
    public var expected: String {
        switch (atLeast, atMost) {
        case (let low, let high?) where low == high: return "exactly \(low)"
        case (0, let high?): return "at most \(high)"
        case (let low, nil): return "at least \(low)"
        case (let low, let high?): return "\(low) to \(high)"
        }
    }

    /// The list under `expect-calls:` (or the file's root list).
    package static func list(_ value: YAMLValue) throws(WorkspaceError) -> [CallExpectation] {
        try value.list(expected: "a list of expected calls ({request: NAME, times: N} or {route: \"GET /path\", atLeast: N})").map {
            item throws(WorkspaceError) in try CallExpectation(yaml: item)
        }
    }

    /// A file of expectations: `expect-calls:` at its root, or the list alone.
    public static func load(file: String) throws(WorkspaceError) -> [CallExpectation] {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw WorkspaceError(.unreadable, at: nil, "cannot read \(file): \((error as NSError).localizedDescription)")
        }
        guard let root = try YAMLValue.document(yaml: text, file: file, subject: "the expected calls") else { return [] }
        if case .mapping = root.node {
            let map = try root.mapping(allowed: ["expect-calls"], expected: "expect-calls: and a list")
            return try map["expect-calls"].map { value throws(WorkspaceError) in try list(value) } ?? []
        }
        return try list(root)
    }

    private init(yaml: YAMLValue) throws(WorkspaceError) {
        let map = try yaml.mapping(allowed: ["request", "route", "times", "atLeast", "atMost"],
                                   expected: "an expected call ({request: NAME, times: N} or {route: \"GET /path\", atLeast: N})")
        location = yaml.location
        switch (map["request"], map["route"]) {
        case (let request?, nil):
            target = .request(try request.string())
        case (nil, let route?):
            let text = try route.string(expected: "METHOD /path, as courier mock lists its routes")
            let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[1].hasPrefix("/") else {
                throw route.error(.invalidValue, "\"\(text)\" is not a route (METHOD /path, as courier mock lists its routes)")
            }
            target = .route(method: parts[0].uppercased(), path: parts[1])
        case (.some, .some):
            throw yaml.error(.invalidValue, "name either a request or a route, not both")
        case (nil, nil):
            throw yaml.error(.missingKey, "an expected call names a request (request: NAME) or a route (route: \"GET /path\")")
        }
        func count(_ key: String) throws(WorkspaceError) -> Int? {
            guard let value = map[key] else { return nil }
            let number = try value.int(expected: "a number of calls")
            guard number >= 0 else { throw value.error(.invalidValue, "a number of calls is 0 or more") }
            return number
        }
        if let times = try count("times") {
            guard map["atLeast"] == nil, map["atMost"] == nil else {
                throw yaml.error(.invalidValue, "times is exact: leave atLeast and atMost out")
            }
            (atLeast, atMost) = (times, times)
        } else {
            atLeast = try count("atLeast") ?? (map["atMost"] == nil ? 1 : 0)
            atMost = try count("atMost")
            if let atMost, atMost < atLeast { throw yaml.error(.invalidValue, "atMost \(atMost) is below atLeast \(atLeast)") }
        }
    }
}
