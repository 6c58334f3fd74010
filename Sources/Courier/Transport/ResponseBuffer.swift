import Synchronization

/// Memory for one response's header lines and in-memory body (up to ``bodyLimit``), reused
/// from transfer to transfer. The transport fills it, the ended transfer's outcome carries it
/// to the queue that decides it, and ``TransferOutcome/settle()`` copies the bytes out there
/// and gives it back to its pool.
///
/// Why not hand over freshly allocated arrays: glibc frees a block under the lock of the
/// arena that allocated it, so memory allocated on the transport thread and freed on a
/// callback queue made the two threads contend for one lock on nearly every small response.
/// With the buffer reused, each thread frees only what it allocated itself.
final class ResponseBuffer: @unchecked Sendable {
    /// In-memory bodies up to this size are collected here; a larger one moves to a `Data`.
    static let bodyLimit = 64 << 10

    /// The field lines of the latest response block, as received (parsed off the transport thread).
    var fieldLines: [UInt8] = []
    /// The body while it fits ``bodyLimit``.
    var body: [UInt8] = []
    fileprivate let pool: ResponseBufferPool

    fileprivate init(pool: ResponseBufferPool) {
        self.pool = pool
    }

    /// Returns the buffer to its pool; it must not be used afterwards.
    func giveBack() {
        pool.give(self)
    }
}

/// The idle ``ResponseBuffer``s of one transport. Taken on the transport thread, given back on
/// whichever queue decided the outcome; a lock held only to push or pop.
final class ResponseBufferPool: Sendable {
    /// Capacity kept when a buffer comes back; a larger one is released so that idle buffers
    /// stay small (one 64 KiB body does not pin 64 KiB per slot).
    private static let keptBodyCapacity = 16 << 10
    private static let keptFieldCapacity = 8 << 10

    private struct State {
        var idle: [ResponseBuffer] = []
        var capacity = 8
    }

    private let state = Mutex(State())

    /// A buffer to fill: an idle one, or a new one.
    func take() -> ResponseBuffer {
        state.withLock { $0.idle.popLast() } ?? ResponseBuffer(pool: self)
    }

    /// Idle buffers kept at most (one per transfer slot); the rest are released.
    func setCapacity(_ capacity: Int) {
        state.withLock { state in
            state.capacity = max(1, capacity)
            if state.idle.count > state.capacity { state.idle.removeLast(state.idle.count - state.capacity) }
        }
    }

    /// Empties `bytes`, keeping its memory unless it is more than `capacity`.
    private static func empty(_ bytes: inout [UInt8], keepingUpTo capacity: Int) {
        if bytes.capacity > capacity { bytes = [] } else { bytes.removeAll(keepingCapacity: true) }
    }

    fileprivate func give(_ buffer: ResponseBuffer) {
        Self.empty(&buffer.body, keepingUpTo: Self.keptBodyCapacity)
        Self.empty(&buffer.fieldLines, keepingUpTo: Self.keptFieldCapacity)
        state.withLock { state in
            if state.idle.count < state.capacity { state.idle.append(buffer) }
        }
    }
}
