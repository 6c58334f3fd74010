import Foundation

/// How a response body is delivered while it arrives (``Request/streamMode``).
public enum StreamMode: String, Sendable, Codable, CaseIterable {
    /// Streams when the response's content type is a stream's: server-sent events for
    /// `text/event-stream`, lines for `application/x-ndjson`, `application/ndjson`,
    /// `application/jsonl` and `application/stream+json`; otherwise the
    /// body is read whole as usual. The default.
    case automatic
    /// Server-sent events, parsed to the WHATWG standard, whatever the content type says.
    case events
    /// Lines (NDJSON / JSON Lines): one event per non-blank line.
    case lines
    /// Raw chunks as libcurl delivers them: one event per chunk.
    case chunks
    /// Messages both ways: a session another transport carries (a WebSocket's), or a gRPC
    /// call's length-prefixed messages (``GRPCCallSettings``); not chosen for any other HTTP
    /// response.
    case messages
    /// Never streams: the body is read whole (and a stream that never ends runs into the
    /// idle timeout or the deadline).
    case off

    /// The mode `.automatic` picks for a response of `mimeType` (any case, parameters
    /// allowed), or nil when it is not a stream's type.
    public static func detected(forMimeType mimeType: String?) -> StreamMode? {
        mimeType.flatMap { detected(forContentType: $0.utf8) }
    }

    /// The mode `.automatic` picks for a `Content-Type` value given as bytes: its media type
    /// (before any parameter, without spaces and tabs around it) compared without case, and
    /// no string made, since the transport asks this of every successful response.
    static func detected(forContentType value: some BidirectionalCollection<UInt8>) -> StreamMode? {
        let type = ResponseHead.mediaTypeBytes(ofContentType: value)
        func named(_ name: StaticString) -> Bool {
            let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            // Lowercase ASCII letters of `type` compared as they are, uppercase ones folded.
            return type.count == wanted.count
                && zip(type, wanted).allSatisfy { (0x41...0x5A).contains($0) ? $0 | 0x20 == $1 : $0 == $1 }
        }
        if named("text/event-stream") { return .events }
        if named("application/x-ndjson") || named("application/ndjson") || named("application/jsonl")
            || named("application/x-jsonlines") || named("application/jsonlines") || named("application/stream+json") {
            return .lines
        }
        return nil
    }
}

/// What a stream keeps in memory, whatever its length: the newest events and raw bytes up
/// to these bounds; older ones are let go and counted (``StreamState/evictedEvents``).
public struct StreamLimits: Sendable, Hashable, Codable {
    /// Events kept for reading after they were delivered (``Request/streamEvents``).
    public var keptEvents: Int
    /// Raw bytes of the stream kept as the response's body (its newest part).
    public var keptBytes: Int
    /// The largest one event (or line) may be; a larger one is dropped and counted
    /// (``StreamState/droppedEvents``).
    public var maximumEventBytes: Int

    /// Limits; with no arguments, 2,000 events, 4 MiB of raw stream and 1 MiB an event. Values
    /// below 1 event, 1 KiB and 16 bytes are raised to those.
    public init(keptEvents: Int = 2_000, keptBytes: Int = 4 << 20, maximumEventBytes: Int = 1 << 20) {
        self.keptEvents = max(1, keptEvents)
        self.keptBytes = max(1024, keptBytes)
        self.maximumEventBytes = max(16, maximumEventBytes)
    }
}

/// Reconnecting a server-sent event stream when it ends or breaks, as an `EventSource`
/// does: after the server's `retry:` (or ``delay``), with `Last-Event-ID` set to the last
/// id seen, at most ``maximumAttempts`` times in a run.
public struct StreamReconnect: Sendable, Hashable, Codable {
    /// Reconnections allowed in one run (a clean end counts as much as a broken one).
    public var maximumAttempts: Int
    /// Seconds to wait when the server sent no `retry:`.
    public var delay: TimeInterval

    /// Reconnection settings; with no arguments, at most 5 reconnections, 1 s apart when the server
    /// gave no `retry:`. Negative values count as 0.
    public init(maximumAttempts: Int = 5, delay: TimeInterval = 1) {
        self.maximumAttempts = max(0, maximumAttempts)
        self.delay = max(0, delay)
    }
}

/// What the transport needs to stream a request's body, resolved when it starts.
public struct StreamSettings: Sendable, Hashable {
    /// Whether and how the body is delivered as it arrives.
    public var mode: StreamMode
    /// What the stream keeps in memory.
    public var limits: StreamLimits
    /// Reconnecting a server-sent event stream; nil: never.
    public var reconnect: StreamReconnect?

    /// Settings from a request's ``Request/streamMode``, ``Request/streamLimits`` and
    /// ``Request/streamReconnect``; with no arguments, their defaults.
    public init(mode: StreamMode = .automatic, limits: StreamLimits = StreamLimits(), reconnect: StreamReconnect? = nil) {
        self.mode = mode
        self.limits = limits
        self.reconnect = reconnect
    }
}
