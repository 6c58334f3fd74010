import Courier
import Foundation

extension HARExport {
    /// Whether `exchange` was a gRPC call (its response's content type says so).
    static func isCall(_ exchange: HistoryExchange) -> Bool {
        (exchange.contentType ?? "").lowercased().hasPrefix("application/grpc")
    }

    /// A gRPC call's parts of its HAR entry. HAR has no place for a call's messages, so its
    /// bodies are what went over the wire — each direction's messages as length-prefixed
    /// frames, in base64 — with the messages as JSON in the body's `comment` (each on a line);
    /// `_grpcMessages` has them one by one, both ways (`send` or `receive`, `time`, `json`,
    /// `data` in base64); `_trailers` the trailer fields and `_grpcStatus` the status. A
    /// message whose JSON had a secret to hide has no bytes here: its frame is left out and
    /// its `data` is empty.
    static func callParts(_ exchange: HistoryExchange, transcript: HistoryTranscript) -> (request: JSONValue, response: JSONValue, entry: [String: JSONValue]) {
        let sent = transcript.messages.filter { $0.direction == .sent }
        let received = transcript.messages.filter { $0.direction == .received }
        let note = "gRPC messages as length-prefixed frames, in base64; as JSON:"
        let request: JSONValue = .object([
            "mimeType": .string("application/grpc"), "params": .array([]),
            "text": .string(frames(sent).base64EncodedString()),
            "comment": .string(([note] + sent.map { $0.json ?? "" }).joined(separator: "\n")),
        ])
        let response: JSONValue = .object([
            "size": .int(received.reduce(0) { $0 + 5 + $1.data.count }),
            "mimeType": .string(exchange.contentType ?? "application/grpc"),
            "text": .string(frames(received).base64EncodedString()), "encoding": "base64",
            "comment": .string(([note] + received.map { $0.json ?? "" }).joined(separator: "\n")),
        ])
        var entry: [String: JSONValue] = [
            "_resourceType": "grpc",
            "_grpcMessages": .array(transcript.messages.map { message in
                .object([
                    "type": .string(message.direction == .sent ? "send" : "receive"),
                    "time": .double(message.time),
                    "json": message.json.flatMap { try? JSONValue(parsing: Data($0.utf8)) } ?? .null,
                    "data": .string(message.data.base64EncodedString()),
                ])
            }),
        ]
        let trailers = exchange.responseTrailers ?? []
        if !trailers.isEmpty { entry["_trailers"] = .array(trailers.map { .object(["name": .string($0.name), "value": .string($0.value)]) }) }
        if let status = exchange.callStatus {
            entry["_grpcStatus"] = .object(["code": .int(status.code.rawValue), "name": .string(status.code.name),
                                            "message": .string(status.message)])
        }
        return (request, response, entry)
    }

    /// Messages as gRPC frames one after the other (``GRPCFrame``), uncompressed. Messages
    /// kept without their bytes are left out.
    private static func frames(_ messages: [HistoryTranscript.Message]) -> Data {
        Data(messages.filter { !$0.data.isEmpty || $0.json == "{}" }.map { GRPCFrame.encode($0.data) }.joined())
    }
}
