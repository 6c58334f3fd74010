import Foundation
import Synchronization

/// Where a transfer stands, as shown in the agent's record table.
public enum TransferPhase: String, Sendable, Codable, CaseIterable {
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
    /// Where the transfer stands; ``TransferPhase/queued`` until it has a slot.
    public var phase: TransferPhase = .queued
    /// Request body bytes sent so far.
    public var bytesSent: Int64 = 0
    /// Response body bytes received so far, as libcurl counts them (header lines are not
    /// counted).
    public var bytesReceived: Int64 = 0
    /// Total request body size, when known.
    public var expectedBytesToSend: Int64?
    /// Total response body size from Content-Length, when known.
    public var expectedBytesToReceive: Int64?
    /// Retries made so far in this run.
    public var retryCount = 0
    /// Bytes a resumed download already had before this attempt.
    public var resumedFrom: Int64 = 0
    /// The connection the transfer runs on, once the request has gone out on one.
    public var connection: TransferConnection?
    /// The file the response body is being written to, once it passed
    /// ``NetworkSettings/spoolResponseBodiesOver``: it grows as the body arrives (read what it
    /// holds, never past its current size) and is whole only when the request has finished,
    /// as ``Request/responseSpooledBody``, which removes it when released.
    public var spoolFile: URL?
}

extension TransferProgress: CustomStringConvertible {
    /// In words: the phase, then what moved, e.g. "receiving, 4096 of 1048576 bytes received"
    /// or "queued, retry 2".
    public var description: String {
        var parts = [phase.rawValue]
        if bytesSent > 0 || expectedBytesToSend != nil {
            parts.append(Self.bytes(bytesSent, of: expectedBytesToSend) + " sent")
        }
        if bytesReceived > 0 || expectedBytesToReceive != nil {
            parts.append(Self.bytes(bytesReceived, of: expectedBytesToReceive) + " received")
        }
        if resumedFrom > 0 { parts.append("resumed at byte \(resumedFrom)") }
        if retryCount > 0 { parts.append("retry \(retryCount)") }
        return parts.joined(separator: ", ")
    }

    private static func bytes(_ count: Int64, of expected: Int64?) -> String {
        expected.map { "\(count) of \($0) bytes" } ?? "\(count) bytes"
    }
}

/// A transfer's progress behind its own small lock, so that the transport thread and a UI
/// polling the record table never wait on each other for more than a copy. Not final: a
/// request's ``RecordEntry`` is its own cell (one object a request instead of two).
/// `@unchecked`: its stored properties are a `Mutex` and a `Sendable` clock; a subclass must
/// keep its own Sendable.
class ProgressCell: @unchecked Sendable {
    private let value = Mutex(Stamped())
    /// The agent's clock of record-table changes, for a request's record; nil for a cell no
    /// table reads (a load run's).
    private let clock: RecordClock?

    /// The progress, and the clock's reading when it last changed.
    private struct Stamped {
        var progress = TransferProgress()
        var stamp: UInt64 = 0
        /// The response streams: its stream's rate moves with time, without a progress update.
        var streams = false
    }

    init(clock: RecordClock? = nil) {
        self.clock = clock
    }

    final var snapshot: TransferProgress { value.withLock { $0.progress } }

    /// Whether a reader of the record table should read this record again after `mark`: it
    /// changed since (the clock's reading at its last change is later), or its response streams.
    /// Both sit in the cell, beside its lock: a read of 10,000 records touches each once.
    final func changed(after mark: UInt64) -> Bool {
        value.withLock { $0.streams || $0.stamp > mark }
    }

    /// The response began streaming: from now on every read of the record table reads it.
    final func markStreaming() {
        value.withLock { stamped in
            stamped.streams = true
            if let clock { stamped.stamp = clock.tick() }
        }
    }

    /// Applies `change` and returns the result; a cell with a clock takes a new reading, in the
    /// same hold of its lock (what ``NetworkAgent/recordChanges(since:)`` relies on).
    @discardableResult
    final func update(_ change: (inout TransferProgress) -> Void) -> TransferProgress {
        value.withLock { stamped in
            change(&stamped.progress)
            if let clock { stamped.stamp = clock.tick() }
            return stamped.progress
        }
    }
}
