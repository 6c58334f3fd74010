import Foundation

/// One thing a WebSocket session does: send a message, wait, or close.
public enum WebSocketStep: Sendable, Hashable {
    /// A text message (JSON is text).
    case text(String)
    /// A binary message.
    case binary(Data)
    /// A ping with this payload (the server's pong is answered by the protocol, not shown).
    case ping(Data)
    /// Nothing is sent for this long (seconds).
    case wait(Double)
    /// The close handshake, with a code (1000 normal, 4000–4999 the application's) and reason.
    case close(code: UInt16, reason: String?)
}
