import Foundation

/// Where a streamed response stands: what arrived, what was let go, how fast it comes. A
/// snapshot; ``Request/streamState`` reads a new one.
public struct StreamState: Sendable, Hashable {
    /// How the body is being read: `.events`, `.lines` or `.chunks`.
    public var mode: StreamMode
    /// Events delivered so far in the run (across reconnections).
    public var events = 0
    /// Raw bytes of stream received so far.
    public var bytes: Int64 = 0
    /// Events (or lines) dropped for being over ``StreamLimits/maximumEventBytes``.
    public var droppedEvents = 0
    /// Delivered events no longer kept in memory (over ``StreamLimits/keptEvents``).
    public var evictedEvents = 0
    /// Comment lines of a server-sent event stream (keep-alives), which are not events.
    public var comments = 0
    /// Events per second over about the last second.
    public var eventsPerSecond: Double = 0
    /// The last event ID a server-sent event stream gave (what a reconnection sends).
    public var lastEventID = ""
    /// The server's `retry:` in milliseconds, when it sent one.
    public var reconnectionTime: Int?
    /// Reconnections made in this run.
    public var reconnections = 0
    /// Whether the stream has ended (the transfer finished, failed or was stopped).
    public var ended = false

    /// The state of a stream read in `mode` that has not received anything yet.
    public init(mode: StreamMode) {
        self.mode = mode
    }
}

extension StreamState: CustomStringConvertible {
    /// In words, as the record table shows it: "streaming 1,204 events · 38/s", with drops
    /// and reconnections when there were any.
    public var description: String {
        var text = "\(ended ? "streamed" : "streaming") \(Self.grouped(events)) \(noun)\(events == 1 ? "" : "s")"
        if !ended { text += " · \(Self.rate(eventsPerSecond))/s" }
        if droppedEvents > 0 { text += " · \(Self.grouped(droppedEvents)) dropped (too large)" }
        if reconnections > 0 { text += " · reconnected \(reconnections)×" }
        return text
    }

    private var noun: String {
        switch mode {
        case .lines: "line"
        case .chunks: "chunk"
        case .messages: "message"
        default: "event"
        }
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return out
    }

    static func rate(_ value: Double) -> String {
        value >= 10 || value == 0 ? grouped(Int(value.rounded())) : String(format: "%.1f", value)
    }
}
