import Foundation

/// Running gRPC calls in the agent: messages a reader sends after the start, and the
/// half-close, handed to the call's outbox; the transport resumes a paused upload.
extension NetworkAgent {
    /// Queues `message` on `request`'s running call; false when it is not a running call or
    /// it has half-closed.
    func send(_ message: Data, onCall request: Request) -> Bool {
        guard let entry = runningCall(of: request), let outbox = entry.outbox, let resume = outbox.enqueue(message) else { return false }
        if resume { transport.resumeSending(id: entry.id) }
        return true
    }

    /// Half-closes `request`'s running call; false when it is not one or was half-closed.
    func finishSending(onCall request: Request) -> Bool {
        guard let entry = runningCall(of: request), let outbox = entry.outbox, outbox.isOpen else { return false }
        if outbox.close() { transport.resumeSending(id: entry.id) }
        return true
    }

    private func runningCall(of request: Request) -> RecordEntry? {
        currentEntry(of: request).flatMap { $0.outbox == nil ? nil : $0 }
    }
}
