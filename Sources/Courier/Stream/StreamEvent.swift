import Foundation

/// One item of a streamed response as it was delivered: a server-sent event, a line of
/// NDJSON / JSON Lines, or a raw chunk.
public struct StreamEvent: Sendable, Hashable {
    /// What kind of item it is.
    public enum Kind: String, Sendable, Codable {
        /// A server-sent event (``StreamMode/events``).
        case event
        /// A line of NDJSON / JSON Lines, without its line end (``StreamMode/lines``).
        case line
        /// A chunk of the body as libcurl handed it over (``StreamMode/chunks``).
        case chunk
        /// A message of a session (a WebSocket's), either way; ``direction`` says which.
        case message
    }

    /// Which way a message went.
    public enum Direction: String, Sendable, Codable {
        /// What this side sent (``Request/send(_:)``).
        case sent
        /// What the server sent.
        case received
    }

    /// What kind of item it is.
    public var kind: Kind
    /// Its number in the run, from 1 (counting across reconnections).
    public var sequence: Int
    /// Seconds from the start of the run to its arrival.
    public var elapsed: TimeInterval
    /// When it arrived.
    public var receivedAt: Date
    /// A server-sent event's type (`message` when it named none); nil for lines and chunks.
    public var name: String?
    /// A server-sent event's last event ID (its own `id:` or the one before), nil when none
    /// was given yet; nil for lines and chunks.
    public var id: String?
    /// The event's data (`data:` lines joined with LF), the line without its end, or the chunk.
    public var data: Data
    /// A message's direction; nil for what an HTTP response streams.
    public var direction: Direction?

    /// An item; the engine makes them as a stream arrives, tests and external transports may
    /// too.
    public init(kind: Kind, sequence: Int, elapsed: TimeInterval, receivedAt: Date, name: String? = nil, id: String? = nil,
                data: Data, direction: Direction? = nil) {
        self.direction = direction
        self.kind = kind
        self.sequence = sequence
        self.elapsed = elapsed
        self.receivedAt = receivedAt
        self.name = name
        self.id = id
        self.data = data
    }

    /// A session's message as an ``ExternalTransport`` reports it: `name` says its kind
    /// (`text`, `binary`, `ping`, `pong`, `close`); numbering and timing are the agent's.
    public static func message(_ data: Data, direction: Direction, name: String) -> StreamEvent {
        StreamEvent(kind: .message, sequence: 0, elapsed: 0, receivedAt: Date(), name: name, data: data, direction: direction)
    }

    /// The data as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: data, as: UTF8.self) }

    /// The data parsed as JSON; nil when it is not JSON.
    public var json: JSONValue? { try? JSONValue(parsing: data) }
}
