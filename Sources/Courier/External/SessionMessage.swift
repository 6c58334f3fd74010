import Foundation

/// A message a reader sends on a request's open two-way session (a WebSocket typed into the
/// workbench): what ``Request/send(_:)`` hands its ``MessageSendingTransport``.
public enum SessionMessage: Sendable, Equatable {
    /// A text message (JSON is text).
    case text(String)
    /// A binary message.
    case binary(Data)
}

/// An ``ExternalTransport`` whose session takes messages after it opened (WebSocket). The
/// message, once sent, reaches the request's stream as an event with direction `.sent`.
public protocol MessageSendingTransport: ExternalTransport {
    /// Queues `message` on the open session; false when none is open (not yet, or closed).
    func send(_ message: SessionMessage) -> Bool
}

extension Request {
    /// Sends `message` on the request's open session; false when its transport takes no
    /// messages or no session is open.
    @discardableResult
    public func send(_ message: SessionMessage) -> Bool {
        (externalTransport as? any MessageSendingTransport)?.send(message) ?? false
    }

    /// Whether the request's transport takes messages typed after it opened (WebSocket).
    public var takesMessages: Bool { externalTransport is any MessageSendingTransport }
}
