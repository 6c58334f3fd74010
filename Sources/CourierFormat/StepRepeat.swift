import CourierChecks
import CourierFormatCore
import Foundation

/// `repeat: {until: CONDITION, max: N, delay: 0.5}` on a chain step: its request is sent
/// again, `delay` seconds after the last answer, until the condition (the `when:` syntax,
/// over the step's captures and `status.NAME` after each try) holds, or `max` tries were
/// made — then the step fails.
///
/// ```yaml
/// - request: job-status
///   capture: {state: $.state}
///   repeat: {until: state == "done", max: 20, delay: 0.5}
/// ```
public struct StepRepeat: Sendable, Hashable {
    package var until: Condition
    /// Tries in all, the first included.
    public var maxTries: Int
    /// Seconds between an answer and the next try.
    public var delay: TimeInterval

    public static let maximumTries = 10_000
    public static let defaultDelay: TimeInterval = 1
    static let keys = ["until", "max", "delay"]

    init(yaml: YAMLValue) throws(WorkspaceError) {
        let map = try yaml.mapping(allowed: Self.keys, expected: "{until: CONDITION, max: N, delay: SECONDS}")
        until = try Condition(yaml: map.required("until", hint: "the condition that ends the repeat, like state == \"done\""))
        maxTries = try map.required("max", hint: "the most tries, the first included").int(in: 1...Self.maximumTries, "a number of tries")
        delay = try map["delay"]?.double(in: 0...3600, "seconds between tries") ?? Self.defaultDelay
    }

    /// Why the step failed after its last try.
    package func failure(tries: Int, lastError: String?) -> String {
        "repeat: `\(until.text)` did not hold after \(tries) tr\(tries == 1 ? "y" : "ies")" + (lastError.map { " (last try: \($0))" } ?? "")
    }
}
