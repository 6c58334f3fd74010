import CourierFormatCore
/// One entry of a batch's `requests:` list: a request or batch name, a request sent
/// several times, `{request: NAME, times: N}` — a load batch of hundreds of requests in a
/// few lines — or once per row of data, `{request: NAME, each: users.csv}` (``DataRows``).
public struct BatchItem: Sendable, Hashable {
    /// The request or batch named.
    public var reference: Reference
    /// How many times the request is sent, for `{request: NAME, times: N}`; nil for a plain
    /// name (a request sent once, or a batch's requests).
    public var times: Int?
    /// `each:`: the request is sent once per row, with the row's values as variables.
    package var each: DataRows?

    /// The most `times` may be.
    public static let maximumTimes = 10_000

    static let keys = ["request", "times", "each"]

    public var name: String { reference.name }
    public var location: SourceLocation { reference.location }

    init(yaml: YAMLValue) throws(WorkspaceError) {
        if case .scalar = yaml.node {
            reference = Reference(name: try yaml.string(expected: "a request name"), location: yaml.location)
            return
        }
        let map = try yaml.mapping(allowed: Self.keys, expected: "a request name, {request: NAME, times: N} or {request: NAME, each: FILE}")
        let request = try map.required("request", hint: "the request to send: {request: NAME, times: N}")
        reference = Reference(name: try request.string(expected: "a request name"), location: request.location)
        if let rows = map["each"] {
            if map["times"] != nil { throw yaml.error(.invalidValue, "a batch item has times or each, not both") }
            each = try DataRows(yaml: rows)
            return
        }
        let count = try map.required("times", hint: "how many times to send \(reference.name): {request: NAME, times: N}")
        times = try count.int(in: 1...Self.maximumTimes, "a number of times")
    }
}
