/// One event of a `text/event-stream`, as the WHATWG HTML standard's "interpreting an event
/// stream" dispatches it.
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field, or `message` when the event named none.
    public var type: String
    /// The `data:` lines joined with line feeds.
    public var data: String
    /// The last event ID as of this event: its own `id:` or the one before it (the value a
    /// reconnection sends as `Last-Event-ID`); empty when none was given yet.
    public var lastEventID: String

    /// An event; the parser makes them, tests may too. `type` is `message` unless given.
    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}
