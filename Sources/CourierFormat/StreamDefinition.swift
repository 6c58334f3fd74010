import Courier
import CourierChecks
import CourierFormatCore
import Foundation

/// `stream:` on a request: how a streamed response (server-sent events, NDJSON, chunks) is
/// read and when `courier run` ends it.
///
/// ```yaml
/// stream: events                                # auto (the default), events, lines, chunks or off
/// stream:
///   mode: events
///   keep: {events: 2000, bytes: 4MiB}           # what stays in memory however long it runs
///   maxEventBytes: 1MiB                         # a larger event is dropped and counted
///   reconnect: {tries: 5, delay: 1}             # or true: Last-Event-ID after the server's retry:
///   until: $.n >= 5                             # the `when:` syntax, on each event
///   maxEvents: 100
///   expect: [$.n isInteger, event in [tick, note]]  # checks every event kept (a server's messages)
/// ```
///
/// `until:` reads `event` (a server-sent event's name), `id` (its last event ID), `data` (the
/// data as text), `sequence` (1, 2, … across reconnections) and `$.PATH` (the data parsed as
/// JSON). Without `stream:` a `text/event-stream` or NDJSON response streams anyway (`auto`).
public struct StreamDefinition: Sendable, Hashable {
    public var mode: StreamMode = .automatic
    public var limits = StreamLimits()
    public var reconnect: StreamReconnect?
    /// Ends the stream (as a success) at the first event it holds for.
    package var until: Condition?
    /// Ends the stream (as a success) after this many events.
    public var maxEvents: Int?
    /// Checks every event kept (of a WebSocket session, the server's messages), as `expect:`
    /// checks a response: `$.` reads the event's data as JSON, `body` its text.
    package var expect: [Expectation] = []

    public init() {}

    static let keys = ["mode", "keep", "maxEventBytes", "reconnect", "until", "maxEvents", "expect"]
    static let keepKeys = ["events", "bytes"]
    static let reconnectKeys = ["tries", "delay"]
    /// The names `until:` reads besides `$.PATH`.
    static let eventNames = ["event", "id", "data", "sequence"]
    private static let modeNames = ["auto", "events", "lines", "chunks", "off"]
    private static let form = "auto, events, lines, chunks, off, or {mode, keep, maxEventBytes, reconnect, until, maxEvents, expect}"

    init(yaml: YAMLValue) throws(WorkspaceError) {
        guard case .mapping = yaml.node else {
            mode = try Self.mode(yaml)
            return
        }
        let map = try yaml.mapping(allowed: Self.keys, expected: Self.form)
        if let value = map["mode"] { mode = try Self.mode(value) }
        if let value = map["keep"] {
            let keep = try value.mapping(allowed: Self.keepKeys, expected: "{events: N, bytes: SIZE}")
            if let events = keep["events"] { limits.keptEvents = try events.int(in: 1...1_000_000, "a number of events") }
            if let bytes = keep["bytes"] { limits.keptBytes = try Self.bytes(bytes, in: 1_024...(1 << 30)) }
        }
        if let value = map["maxEventBytes"] { limits.maximumEventBytes = try Self.bytes(value, in: 64...(256 << 20)) }
        if let value = map["reconnect"] { reconnect = try Self.reconnect(value) }
        if let value = map["until"] { until = try Self.eventCondition(value, key: "until") }
        maxEvents = try map["maxEvents"]?.int(in: 1...100_000_000, "a number of events")
        if let value = map["expect"] { expect = try Expectation.list(value) }
        if reconnect != nil, mode != .automatic, mode != .events, let value = map["reconnect"] {
            throw value.error(.invalidValue, "only a server-sent event stream reconnects (mode is \(Self.name(of: mode)))")
        }
    }

    private static func mode(_ value: YAMLValue) throws(WorkspaceError) -> StreamMode {
        let raw = try value.string(expected: form)
        guard let index = modeNames.firstIndex(of: raw) else {
            throw value.error(.invalidValue, "unknown stream mode \"\(raw)\"\(Suggestion.clause(for: raw, in: modeNames)) "
                + "(expected one of: \(modeNames.joined(separator: ", ")))")
        }
        return [StreamMode.automatic, .events, .lines, .chunks, .off][index]
    }

    /// The mode as the file writes it.
    static func name(of mode: StreamMode) -> String { mode == .automatic ? "auto" : mode.rawValue }

    /// A number of bytes, or a size like `4MiB`, `512 KiB`, `1GiB`.
    private static func bytes(_ value: YAMLValue, in range: ClosedRange<Int>) throws(WorkspaceError) -> Int {
        let expected = "a number of bytes or a size like 4MiB, from \(ByteCountText.size(range.lowerBound)) to \(ByteCountText.size(range.upperBound))"
        if value.tagName == .int {
            let number = try value.int(expected: expected)
            guard range.contains(number) else { throw value.outOfRange(expected: expected) }
            return number
        }
        let text = try value.string(expected: expected).replacingOccurrences(of: " ", with: "")
        let units = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10), ("B", 1)]
        guard let (unit, factor) = units.first(where: { text.hasSuffix($0.0) }),
              let number = Double(text.dropLast(unit.count)), number.isFinite, number >= 0 else {
            throw value.wrongType(expected: expected)
        }
        let bytes = number * Double(factor)
        guard bytes >= Double(range.lowerBound), bytes <= Double(range.upperBound) else { throw value.outOfRange(expected: expected) }
        return Int(bytes)
    }

    private static func reconnect(_ value: YAMLValue) throws(WorkspaceError) -> StreamReconnect? {
        guard case .mapping = value.node else {
            return try value.bool() ? StreamReconnect() : nil
        }
        let map = try value.mapping(allowed: reconnectKeys, expected: "true, or {tries: N, delay: SECONDS}")
        var reconnect = StreamReconnect()
        if let tries = map["tries"] { reconnect.maximumAttempts = try tries.int(in: 1...1_000, "a number of reconnections") }
        if let delay = map["delay"] { reconnect.delay = try delay.double(in: 0...3_600, "seconds before reconnecting") }
        return reconnect
    }

    /// A condition that reads only what an event (or a session's message) has: `until:`, or
    /// a WebSocket step's `expect:`.
    static func eventCondition(_ value: YAMLValue, key: String) throws(WorkspaceError) -> Condition {
        let condition = try Condition(yaml: value)
        for name in condition.variables where !name.hasPrefix("$") && !eventNames.contains(name) {
            throw value.error(.invalidValue, "\(key): reads \"\(name)\", which an event does not have"
                + "\(Suggestion.clause(for: name, in: eventNames)) (expected event, id, data, sequence or a JSON path like $.done)")
        }
        return condition
    }

    /// What `name` in `until:` stands for in `event`; nil when the event has none.
    package static func value(of name: String, in event: StreamEvent) -> String? {
        switch name {
        case "event": return event.name
        case "id": return event.id
        case "data": return event.text
        case "sequence": return String(event.sequence)
        default:
            guard let path = try? JSONPath(parsing: name), let json = event.json, let found = path.evaluate(in: json) else { return nil }
            return Capture.text(of: found)
        }
    }

    /// Whether `until:` holds for `event`.
    package func ends(at event: StreamEvent) -> Bool {
        until?.holds { Self.value(of: $0, in: event) } ?? false
    }
}
