import Courier
import CourierFormatCore
import Foundation

/// The messages of a session (a WebSocket's) as the history keeps them, both ways, oldest
/// first: the newest of them within the history's bounds (a count and the body limit's bytes),
/// each redacted as a body is, and how many earlier ones were not kept. What a streamed HTTP
/// response delivered (server-sent events, lines) is not here: its raw text is the body.
public struct HistoryTranscript: Sendable, Codable, Hashable {
    /// One message, as it went or came.
    public struct Message: Sendable, Codable, Hashable {
        public var direction: StreamEvent.Direction
        /// Its number in the session, from 1.
        public var sequence: Int
        /// Seconds from the start of the request.
        public var elapsed: Double
        /// When it went or came, in seconds since 1970 (HAR's `time`).
        public var time: Double
        /// `text`, `binary`, `ping`, `pong` or `close`.
        public var name: String
        /// The message's data, redacted; a close's is its code and reason. A gRPC message's
        /// protobuf bytes, as they went — or none when its JSON had a secret to hide.
        public var data: Data
        /// A gRPC message read by its method's schema: proto3 JSON on one line, redacted as a
        /// JSON body is. Nil for other messages.
        public var json: String?

        public init(direction: StreamEvent.Direction, sequence: Int, elapsed: Double, time: Double, name: String, data: Data,
                    json: String? = nil) {
            self.direction = direction
            self.sequence = sequence
            self.elapsed = elapsed
            self.time = time
            self.name = name
            self.data = data
            self.json = json
        }

        /// Binary data (or any that is not UTF-8, and a gRPC message's), shown in hex and
        /// exported in base64.
        public var isBinary: Bool { json != nil || name == "binary" || String(data: data, encoding: .utf8) == nil }

        /// The data on one line: a gRPC message's JSON, text with its line feeds as `↵`,
        /// binary data as its size and first bytes in hex (`4 bytes: 00 01 02 ff`).
        public var shownData: String {
            if let json { return json }
            guard !isBinary else { return "\(data.count) bytes: " + data.hexPreview(first: 32) }
            return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "↵").replacingOccurrences(of: "\n", with: "↵")
        }

        /// The message as a stream event again.
        public var event: StreamEvent {
            StreamEvent(kind: .message, sequence: sequence, elapsed: elapsed, receivedAt: Date(timeIntervalSince1970: time),
                        name: name, data: data, direction: direction)
        }

        /// The message as offline replay gives it back: a gRPC message as its JSON (the schema
        /// may not be at hand offline, and its bytes may have been withheld), else ``event``.
        public var replayedEvent: StreamEvent {
            var event = self.event
            if let json { event.data = Data(json.utf8) }
            return event
        }

        // The data as text when it is UTF-8 (a database or export stays readable, and a
        // leak findable), in base64 otherwise.
        enum CodingKeys: String, CodingKey { case direction, sequence, elapsed, time, name, text, base64, json }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            direction = try container.decode(StreamEvent.Direction.self, forKey: .direction)
            sequence = try container.decode(Int.self, forKey: .sequence)
            elapsed = try container.decode(Double.self, forKey: .elapsed)
            time = try container.decode(Double.self, forKey: .time)
            name = try container.decode(String.self, forKey: .name)
            json = try container.decodeIfPresent(String.self, forKey: .json)
            if json == nil, let text = try container.decodeIfPresent(String.self, forKey: .text) {
                data = Data(text.utf8)
            } else {
                data = Data(base64Encoded: try container.decode(String.self, forKey: .base64)) ?? Data()
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(direction, forKey: .direction)
            try container.encode(sequence, forKey: .sequence)
            try container.encode(elapsed, forKey: .elapsed)
            try container.encode(time, forKey: .time)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(json, forKey: .json)
            if json == nil, let text = String(data: data, encoding: .utf8) {
                try container.encode(text, forKey: .text)
            } else {
                try container.encode(data.base64EncodedString(), forKey: .base64)
            }
        }
    }

    /// The messages kept, oldest first.
    public var messages: [Message]
    /// Messages of the session before the first one kept: over the history's bounds, or let
    /// go by the stream's own (``StreamLimits/keptEvents``).
    public var dropped: Int

    public init(messages: [Message], dropped: Int = 0) {
        self.messages = messages
        self.dropped = dropped
    }

    /// The transcript of a session's `events` (those kept of the `total` it had): the newest
    /// messages, at most `messageLimit` of them and `byteLimit` bytes of data together, each
    /// redacted through `scope` as bodies are. A gRPC call's (`json` reads its messages by the
    /// method's schema) keep their JSON, redacted as a JSON body, and their bytes unless the
    /// JSON had a secret to hide. Nil when none of the events is a message.
    init?(events: [StreamEvent], total: Int, messageLimit: Int, byteLimit: Int, scope: VariableScope,
          json: ((Data, Bool) -> JSONValue?)? = nil) {
        let messages = events.filter { $0.kind == .message }
        guard !messages.isEmpty else { return nil }
        var kept: [Message] = []
        var bytes = 0
        for event in messages.reversed() {
            guard kept.count < messageLimit, bytes + event.data.count <= byteLimit else { break }
            bytes += event.data.count
            let data: Data
            var text: String?
            if let read = json?(event.data, event.direction == .sent) {
                let plain = read.serialized()
                let redacted = scope.redactedBody(plain, contentType: "application/json")
                text = String(decoding: redacted, as: UTF8.self)
                data = redacted == plain ? event.data : Data()
            } else {
                data = scope.redactedBody(event.data, contentType: nil)
            }
            kept.append(Message(direction: event.direction ?? .received, sequence: event.sequence, elapsed: event.elapsed,
                                time: event.receivedAt.timeIntervalSince1970, name: event.name ?? "message", data: data, json: text))
        }
        self.init(messages: kept.reversed(), dropped: max(total, messages.count) - kept.count)
    }

    /// The messages kept as a session's response body has them (``Request/responseData``:
    /// `> text hello` and `< text hello`, a line each), but redacted: what the history keeps
    /// as the body, and what offline replay answers with.
    public var body: Data {
        Data(messages.map { "\($0.direction == .sent ? ">" : "<") \($0.name) " + ($0.json ?? String(decoding: $0.data, as: UTF8.self)) + "\n" }.joined().utf8)
    }

    /// `→  +0.012 s  text  hello` (`←` for what came): one line per message, and first a
    /// line saying how many earlier ones were not kept.
    public var lines: [String] {
        let earlier = dropped == 0 ? [] : ["… \(dropped) earlier message\(dropped == 1 ? " was" : "s were") not kept (the history keeps the newest)"]
        return earlier + messages.map { message in
            [message.direction == .sent ? "→" : "←", String(format: "+%.3f s", message.elapsed), message.name, message.shownData]
                .joined(separator: "  ")
        }
    }
}
