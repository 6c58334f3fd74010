import Courier
import Foundation

extension HARExport {
    /// A session's messages as Chrome's DevTools export them: `type` `send` or `receive`,
    /// `time` in seconds since 1970, the frame's `opcode` (1 text, 2 binary, 8 close,
    /// 9 ping, 10 pong) and `data` — text as it is, binary data in base64.
    static func webSocketMessages(_ transcript: HistoryTranscript) -> JSONValue {
        .array(transcript.messages.map { message in
            let binary = message.isBinary
            return .object([
                "type": .string(message.direction == .sent ? "send" : "receive"),
                "time": .double(message.time),
                "opcode": .int(opcode(message.name, binary: binary)),
                "data": .string(binary ? message.data.base64EncodedString() : String(decoding: message.data, as: UTF8.self)),
            ])
        })
    }

    /// The WebSocket opcode (RFC 6455 §5.2) of a message named as a session reports it.
    private static func opcode(_ name: String, binary: Bool) -> Int {
        switch name {
        case "close": 8
        case "ping": 9
        case "pong": 10
        default: binary ? 2 : 1
        }
    }
}
