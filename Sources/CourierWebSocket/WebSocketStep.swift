import Courier
import Foundation

/// One thing a WebSocket session does: send a message, wait, expect a message, or close.
public enum WebSocketStep: Sendable {
    /// A text message (JSON is text).
    case text(String)
    /// A binary message.
    case binary(Data)
    /// A ping with this payload (the server's pong is answered by the protocol, not shown).
    case ping(Data)
    /// Nothing is sent for this long (seconds).
    case wait(Double)
    /// Waits until a message from the server matches; the session fails when none does in time.
    case expect(WebSocketExpectation)
    /// The close handshake, with a code (1000 normal, 4000–4999 the application's) and reason.
    case close(code: UInt16, reason: String?)
}

/// A message the session waits for: the first one from the server, since the previous
/// expectation's, that `matches`.
public struct WebSocketExpectation: Sendable {
    /// What is expected, in words (the condition as written), for the failure's message.
    public var description: String
    /// Seconds to wait.
    public var timeout: Double
    public var matches: @Sendable (StreamEvent) -> Bool

    public init(_ description: String, timeout: Double = 5, matches: @escaping @Sendable (StreamEvent) -> Bool) {
        self.description = description
        self.timeout = timeout
        self.matches = matches
    }
}
