/// What `/ws` does with a text message (see ``WebSocketRoutes`` for the protocol).
enum WebSocketReply: Equatable {
    /// Send this text back to the sender.
    case send(String)
    /// Send this text to every connected client, the sender included.
    case broadcast(String)
    /// Close the session with this code and reason.
    case close(code: Int, reason: String)

    /// Codes a close frame may carry (RFC 6455 section 7.4): 1004-1006 and 1015 are reserved
    /// for reporting, never sent.
    static let sendableCloseCodes: [ClosedRange<Int>] = [1000...1003, 1007...1014, 3000...4999]
    /// The longest close reason in UTF-8 bytes: a control frame carries at most 125 bytes,
    /// two of them the code.
    static let maximumReasonBytes = 123

    /// The reply to `text` received from client `client`.
    init(to text: String, from client: Int) {
        guard let object = DemoJSON.parse(Array(text.utf8)), case .object = object else {
            self = .send(text)
            return
        }
        switch object["type"]?.stringValue {
        case "broadcast":
            let broadcast: DemoJSON = ["type": "broadcast", "from": .int(Int64(client)), "data": object["data"] ?? .null]
            self = .broadcast(broadcast.serialized)
        case "close":
            self = Self.close(object)
        default:
            let ack: DemoJSON = ["type": "ack", "id": object["id"] ?? .null, "echo": object]
            self = .send(ack.serialized)
        }
    }

    /// `{"type":"close","code":C,"reason":R}`: a close, or an error message when C or R
    /// cannot go in a close frame.
    private static func close(_ request: DemoJSON) -> WebSocketReply {
        var code = 1000
        switch request["code"] {
        case nil: break
        case .int(let value)? where sendableCloseCodes.contains { $0.contains(Int(value)) }: code = Int(value)
        default: return error("code must be an integer in 1000-1003, 1007-1014 or 3000-4999")
        }
        var reason = "bye"
        switch request["reason"] {
        case nil: break
        case .string(let value)? where value.utf8.count <= maximumReasonBytes: reason = value
        default: return error("reason must be a string of at most \(maximumReasonBytes) UTF-8 bytes")
        }
        return .close(code: code, reason: reason)
    }

    private static func error(_ message: String) -> WebSocketReply {
        let error: DemoJSON = ["type": "error", "error": .string(message)]
        return .send(error.serialized)
    }
}
