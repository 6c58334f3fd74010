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
    /// Sends `message` on the request's open session, or on its running gRPC call that keeps
    /// sending (``GRPCCallSettings/keepsSending``; the message's bytes are sent, text as
    /// UTF-8); false when its transport takes no messages, no session is open, or the call
    /// has half-closed.
    @discardableResult
    public func send(_ message: SessionMessage) -> Bool {
        if grpcCall != nil {
            switch message {
            case .binary(let data): return agent.send(data, onCall: self)
            case .text(let text): return agent.send(Data(text.utf8), onCall: self)
            }
        }
        return (externalTransport as? any MessageSendingTransport)?.send(message) ?? false
    }

    /// Whether the request takes messages typed after it opened: a WebSocket, or a gRPC call
    /// that keeps sending.
    public var takesMessages: Bool { externalTransport is any MessageSendingTransport || grpcCall?.keepsSending == true }
}
