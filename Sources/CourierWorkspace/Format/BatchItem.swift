/// One entry of a batch's `requests:` list: a request or batch name, or a request sent
/// several times, `{request: NAME, times: N}` — a load batch of hundreds of requests in a
/// few lines.
public struct BatchItem: Sendable, Hashable {
    /// The request or batch named.
    public var reference: Reference
    /// How many times the request is sent, for `{request: NAME, times: N}`; nil for a plain
    /// name (a request sent once, or a batch's requests).
    public var times: Int?

    /// The most `times` may be.
    public static let maximumTimes = 10_000

    static let keys = ["request", "times"]

    public var name: String { reference.name }
    public var location: SourceLocation { reference.location }

    init(yaml: YAMLValue) throws(WorkspaceError) {
        if case .scalar = yaml.node {
            reference = Reference(name: try yaml.string(expected: "a request name"), location: yaml.location)
            return
        }
        let map = try yaml.mapping(allowed: Self.keys, expected: "a request name, or {request: NAME, times: N}")
        let request = try map.required("request", hint: "the request to send: {request: NAME, times: N}")
        reference = Reference(name: try request.string(expected: "a request name"), location: request.location)
        let count = try map.required("times", hint: "how many times to send \(reference.name): {request: NAME, times: N}")
        times = try count.int(in: 1...Self.maximumTimes, "a number of times")
    }
}
