import Foundation
import Synchronization

/// Where a transfer stands, as shown in the agent's record table.
public enum TransferPhase: String, Sendable, Codable {
    /// Waiting for a transfer slot (or for a retry's backoff to pass).
    case queued
    /// Resolving and connecting, TLS included.
    case connecting
    /// Request on its way out.
    case sending
    /// Response arriving.
    case receiving
}

/// Live counters of one transfer; written by the transport thread, read by anyone.
public struct TransferProgress: Sendable, Hashable {
    public var phase: TransferPhase = .queued
    public var bytesSent: Int64 = 0
    public var bytesReceived: Int64 = 0
    /// Total request body size, when known.
    public var expectedBytesToSend: Int64?
    /// Total response body size from Content-Length, when known.
    public var expectedBytesToReceive: Int64?
    /// Retries made so far in this run.
    public var retryCount = 0
    /// Bytes a resumed download already had before this attempt.
    public var resumedFrom: Int64 = 0
}

/// A transfer's progress behind its own small lock, so that the transport thread and a UI
/// polling the record table never wait on each other for more than a copy.
final class ProgressCell: Sendable {
    private let value = Mutex(TransferProgress())

    var snapshot: TransferProgress { value.withLock { $0 } }

    /// Applies `change` and returns the result.
    @discardableResult
    func update(_ change: (inout TransferProgress) -> Void) -> TransferProgress {
        value.withLock { progress in
            change(&progress)
            return progress
        }
    }
}
