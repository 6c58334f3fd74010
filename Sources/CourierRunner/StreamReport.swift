import Courier
import CourierFormatCore
import Foundation

/// One event of a streamed response as `courier run` reports it while the stream runs: a
/// line of human output, or with `--json` the object
/// `{"type":"event","request":NAME,"sequence":3,"elapsed":0.312,"name":"tick","id":"3","data":"…"}`.
public struct StreamEventReport: Sendable, Codable, Hashable {
    /// The request's name.
    public var request: String
    /// 1, 2, … in the run, across reconnections.
    public var sequence: Int
    /// Seconds from the start of the request to the event's arrival.
    public var elapsed: Double
    /// A server-sent event's name (`message` when it gave none); nil for lines and chunks.
    public var name: String?
    /// A server-sent event's last event ID; nil when none was given, and for lines and chunks.
    public var id: String?
    /// The event's data as text, secrets redacted.
    public var data: String
    /// A session's message: `sent` or `received`; nil for what an HTTP response streams.
    public var direction: String?

    enum CodingKeys: String, CodingKey { case type, request, sequence, elapsed, name, id, data, direction }

    package init(request: String, sequence: Int, elapsed: Double, name: String?, id: String?, data: String) {
        self.request = request
        self.sequence = sequence
        self.elapsed = elapsed
        self.name = name
        self.id = id
        self.data = data
    }

    /// `event` of `request`, its data redacted by the request's scope (JSON keys that name a
    /// secret masked, known secrets hidden in any text).
    init(_ event: StreamEvent, of request: WorkspaceRequest) {
        let data = request.scope.redactedBody(event.data, contentType: event.json == nil ? nil : "application/json")
        // A binary message is shown as its size and first bytes in hex, not as mangled text.
        let text = event.kind == .message && event.name == "binary"
            ? "\(event.data.count) bytes: " + event.data.hexPreview(first: 32)
            : String(decoding: data, as: UTF8.self)
        self.init(request: request.source.name, sequence: event.sequence, elapsed: (event.elapsed * 1000).rounded() / 1000,
                  name: event.name.map(request.scope.redact), id: event.id.map(request.scope.redact), data: text)
        direction = event.direction?.rawValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        request = try container.decode(String.self, forKey: .request)
        sequence = try container.decode(Int.self, forKey: .sequence)
        elapsed = try container.decode(Double.self, forKey: .elapsed)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        data = try container.decode(String.self, forKey: .data)
        direction = try container.decodeIfPresent(String.self, forKey: .direction)
    }

    /// Every field, absent ones as `null`, after `"type": "event"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("event", forKey: .type)
        try container.encode(request, forKey: .request)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(elapsed, forKey: .elapsed)
        try container.encode(name, forKey: .name)
        try container.encode(id, forKey: .id)
        try container.encode(data, forKey: .data)
        try container.encodeIfPresent(direction, forKey: .direction)
    }
}

extension RequestResult {
    /// How a streamed response went: what arrived and why it ended.
    public struct StreamOutcome: Sendable, Codable, Hashable {
        /// `events`, `lines` or `chunks`.
        public var mode: String
        /// Events delivered (across reconnections).
        public var events: Int
        /// Events dropped for being over `maxEventBytes`.
        public var dropped: Int
        public var reconnections: Int
        /// Seconds from the start to the end of the stream.
        public var seconds: Double
        /// Why it ended: `ended` (the server closed it), `until`, `maxEvents`, `deadline`,
        /// `failed`, or `cancelled` (stopped from outside: Ctrl-C).
        public var end: String
        /// The condition that ended it, for `until`; the limit, for `maxEvents` and `deadline`.
        public var endDetail: String?
        /// Events `courier run` did not print because its output fell behind (they still count).
        public var notShown: Int = 0

        /// In words, for the result line: `streamed 25 events in 2.51 s (1 dropped: too large), ended at until: $.n >= 5`.
        public var summary: String {
            let noun = mode == "lines" ? "line" : mode == "chunks" ? "chunk" : mode == "messages" ? "message" : "event"
            var text = "streamed \(events) \(noun)\(events == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s"
            var notes: [String] = []
            if dropped > 0 { notes.append("\(dropped) dropped: too large") }
            if reconnections > 0 { notes.append("reconnected \(reconnections)×") }
            if notShown > 0 { notes.append("\(notShown) not shown: output fell behind") }
            if !notes.isEmpty { text += " (\(notes.joined(separator: ", ")))" }
            switch end {
            case "until": text += ", ended at until: \(endDetail ?? "")"
            case "maxEvents": text += ", ended at maxEvents: \(endDetail ?? "")"
            case "deadline": text += ", ended at its deadline (\(endDetail ?? "") s)"
            case "cancelled": text += ", cancelled"
            default: break
            }
            return text
        }
    }
}
