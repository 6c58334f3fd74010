import Courier
import CourierFormatCore
import Foundation

/// A request's `mock:` block — how `courier mock` answers the request's route:
///
/// ```yaml
/// mock:
///   status: 200
///   headers: {X-Served-By: mock}
///   body: {id: "{{request.path.id}}", page: "{{request.query.page}}", name: "{{request.body.$.name}}"}
///   delay: 200ms
///   jitter: 50ms
///   fail: {rate: 5%, status: 503}
///   sequence:            # successive calls get these in turn; the last repeats
///     - {status: 202}
///     - {status: 200, body: {state: done}}
///   stateful: true       # the request's path is a collection: POST/PUT/PATCH/DELETE change what GET gives
/// ```
///
/// A body's strings are templates: `{{request.path.NAME}}`, `{{request.query.NAME}}`,
/// `{{request.header.NAME}}`, `{{request.body.$.PATH}}`, `{{request.method}}`,
/// `{{request.path}}`, and everything a request's templates know (variables, `{{uuid}}`,
/// `{{fake.name}}`, …). A string that is one placeholder of the request's body keeps the
/// value's JSON type.
public struct MockDefinition: Sendable, Hashable {
    /// One answer: a status, headers, a body and how long to wait before sending it.
    public struct Answer: Sendable, Hashable {
        public var status: Int?
        public var headers: [MockHeader] = []
        public var body: Body?
        /// Milliseconds to wait before answering, and up to how many more at random.
        public var delay: Delay?

        public init(status: Int? = nil, headers: [MockHeader] = [], body: Body? = nil, delay: Delay? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }
    }

    /// A header of an answer; its value is a template.
    public struct MockHeader: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// A body: JSON whose strings are templates, or text that is one.
    public enum Body: Sendable, Hashable {
        case json(JSONValue)
        case text(String)
    }

    /// `delay:` and `jitter:` in milliseconds.
    public struct Delay: Sendable, Hashable {
        public var milliseconds: Double
        public var jitterMilliseconds: Double = 0
    }

    /// `fail: {rate: 5%, status: 503}` — that share of calls gets this answer instead.
    public struct Failure: Sendable, Hashable {
        /// 0…1.
        public var rate: Double
        public var answer: Answer
    }

    /// The answer of every call (the first of ``sequence`` when there is one).
    public var answer = Answer()
    /// Successive calls' answers, the last repeated; each without a delay takes ``answer``'s.
    public var sequence: [Answer] = []
    public var failure: Failure?
    /// The route's path is a collection kept in memory (``idField`` names its items).
    public var stateful = false
    public var idField = "id"
    public var location: SourceLocation

    static let answerKeys = ["status", "headers", "body", "delay", "jitter"]
    static let keys = answerKeys + ["sequence", "fail", "stateful", "idField"]
    /// The names a mock body's templates read from the call, besides `request.method` and `request.path`.
    static let requestParts = ["request.path.", "request.query.", "request.header.", "request.body"]

    /// Reads `mock:`; the placeholders of its templates that are not the call's are reported
    /// to `templates` (an undefined variable is an error when the workspace loads).
    init(yaml: YAMLValue, templates: inout [TemplateUse]) throws(WorkspaceError) {
        location = yaml.location
        let map = try yaml.mapping(allowed: Self.keys, expected: "a mock answer (status, headers, body, delay, sequence, fail, stateful)")
        answer = try Self.answer(map, templates: &templates)
        for item in try map["sequence"]?.list(expected: "a list of answers (status, headers, body, delay)") ?? [] {
            let itemMap = try item.mapping(allowed: Self.answerKeys, expected: "an answer (status, headers, body, delay)")
            sequence.append(try Self.answer(itemMap, templates: &templates))
        }
        if let value = map["fail"] {
            let failMap = try value.mapping(allowed: ["rate"] + Self.answerKeys, expected: "{rate: 5%, status: 503}")
            let rateValue = try failMap.required("rate", hint: "the share of calls that fail, as 5% or 0.05")
            var failing = try Self.answer(failMap, templates: &templates)
            if failing.status == nil { failing.status = 503 }
            failure = Failure(rate: try Self.rate(rateValue), answer: failing)
        }
        stateful = try map["stateful"]?.bool() ?? false
        idField = try map["idField"]?.string() ?? "id"
    }

    private static func answer(_ map: YAMLMapping, templates: inout [TemplateUse]) throws(WorkspaceError) -> Answer {
        var answer = Answer()
        if let value = map["status"] {
            let status = try value.int(expected: "an HTTP status (100 to 599)")
            guard (100...599).contains(status) else { throw value.error(.invalidValue, "\(status) is not an HTTP status (100 to 599)") }
            answer.status = status
        }
        for (name, value) in try map["headers"]?.stringMap(expected: "a mapping of header names to values") ?? [] {
            answer.headers.append(MockHeader(name: name, value: value))
        }
        if let value = map["headers"] { report(value, into: &templates) }
        if let value = map["body"] {
            if case .scalar = value.node, !value.isNull {
                answer.body = .text(try value.string())
            } else {
                answer.body = .json(try value.json())
            }
            report(value, into: &templates)
        }
        if let value = map["delay"] {
            answer.delay = Delay(milliseconds: try milliseconds(value))
        }
        if let value = map["jitter"] {
            guard answer.delay != nil else { throw value.error(.invalidValue, "jitter goes with a delay (delay: 200ms, jitter: 50ms)") }
            answer.delay?.jitterMilliseconds = try milliseconds(value)
        }
        return answer
    }

    /// `200ms`, `1.5s`, `2m`, or a number of milliseconds.
    static func milliseconds(_ value: YAMLValue) throws(WorkspaceError) -> Double {
        if let number = try? value.double(), number >= 0 { return number }
        let text = try value.string(expected: "a duration (200ms, 1.5s)").trimmingCharacters(in: .whitespaces)
        for (unit, scale) in [("ms", 1.0), ("s", 1000.0), ("m", 60_000.0)] where text.hasSuffix(unit) {
            if let number = Double(text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)), number >= 0, number <= 600_000 / scale {
                return number * scale
            }
        }
        throw value.error(.invalidValue, "\"\(text)\" is not a duration (200ms, 1.5s, 2m; at most 10 minutes)")
    }

    /// `5%` or a number from 0 to 1.
    private static func rate(_ value: YAMLValue) throws(WorkspaceError) -> Double {
        if let number = try? value.double(), (0...1).contains(number) { return number }
        let text = try value.string(expected: "a share of calls (5% or 0.05)").trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%"), let percent = Double(text.dropLast()), (0...100).contains(percent) { return percent / 100 }
        throw value.error(.invalidValue, "\"\(text)\" is not a share of calls (5% or 0.05)")
    }

    /// Reports the placeholders of `value`'s strings that do not read the call, so that the
    /// loader checks them like any request's.
    private static func report(_ value: YAMLValue, into templates: inout [TemplateUse]) {
        var found: [TemplateUse] = []
        RequestDefinition.collectTemplates(in: value, into: &found)
        for use in found {
            let others = Template.placeholders(in: use.text).filter { placeholder in
                placeholder.literal == nil && placeholder.name != "request.method" && placeholder.name != "request.path"
                    && !requestParts.contains { placeholder.name.hasPrefix($0) }
            }
            guard !others.isEmpty else { continue }
            templates.append(TemplateUse(text: others.map { "{{\($0.name)}}" }.joined(), location: use.location))
        }
    }
}
