import DequeModule
import Foundation
import Synchronization

/// What a gRPC call sends: its frames, queued for libcurl's read callback on the transport
/// thread, and the messages a reader adds while the call runs (``Request/send(_:)``). When the
/// queue runs dry on an open call the read callback pauses the upload; the next message or
/// the half-close says the transfer must be resumed (by the transport, on its thread).
final class GRPCOutbox: Sendable {
    /// What the read callback does.
    enum Read: Equatable {
        /// It copied this many bytes.
        case bytes(Int)
        /// Nothing is queued and the call is open: pause the upload.
        case pause
        /// Everything is sent and the call is half-closed: end the request body.
        case end
    }

    private struct Pending {
        let frame: Data
        /// The message before framing and compression: what the stream shows as sent.
        let message: Data
    }

    private struct State {
        var pending = Deque<Pending>()
        /// Bytes of the first pending frame already handed to libcurl.
        var offset = 0
        var closed = false
        /// The read callback paused the upload and has not been called since.
        var paused = false
        /// A resume was asked for since the pause (once is enough).
        var resumeAsked = false
        var sent = 0
    }

    private let state: Mutex<State>
    let compression: GRPCCompression?

    /// A call's outbox holding `messages`, half-closed after them unless `keepsSending`.
    init(_ settings: GRPCCallSettings) {
        compression = settings.compression
        var state = State()
        for message in settings.messages {
            state.pending.append(Pending(frame: Self.frame(message, settings.compression), message: message))
        }
        state.closed = !settings.keepsSending
        self.state = Mutex(state)
    }

    private static func frame(_ message: Data, _ compression: GRPCCompression?) -> Data {
        compression == .gzip ? GRPCFrame.encode(GRPCGzip.compress(message), compressed: true) : GRPCFrame.encode(message)
    }

    /// Queues `message`; nil when the call is half-closed already (nothing queued), else
    /// whether the upload was paused waiting for it and must be resumed.
    func enqueue(_ message: Data) -> Bool? {
        let frame = Self.frame(message, compression)
        return state.withLock { state -> Bool? in
            guard !state.closed else { return nil }
            state.pending.append(Pending(frame: frame, message: message))
            return Self.asksResume(&state)
        }
    }

    /// Whether the upload is paused and no resume was asked for yet (now it is).
    private static func asksResume(_ state: inout State) -> Bool {
        guard state.paused, !state.resumeAsked else { return false }
        state.resumeAsked = true
        return true
    }

    /// Half-closes the call once what is queued has gone; whether the upload was paused and
    /// must be resumed. False, and nothing done, when it was closed already.
    func close() -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.closed = true
            return Self.asksResume(&state)
        }
    }

    /// Whether the call still takes messages.
    var isOpen: Bool { state.withLock { !$0.closed } }

    /// Whether the upload waits for the reader (not for the network): paused, and not read
    /// since — a message or the half-close queued meanwhile counts once libcurl takes it.
    var isWaitingForMessages: Bool { state.withLock { $0.paused } }

    /// Messages handed to libcurl so far.
    var sentCount: Int { state.withLock { $0.sent } }

    /// Every frame at once, when the call was half-closed from the start (a unary or
    /// server-streaming call): sent as a body of known length, whose last DATA frame ends the
    /// stream — a server that answers before a separate end would reset the stream. Nil when
    /// the call keeps sending.
    func takeWhole() -> (body: Data, messages: [Data])? {
        state.withLock { state in
            guard state.closed, state.sent == 0, state.offset == 0 else { return nil }
            var body = Data()
            for pending in state.pending { body.append(pending.frame) }
            let messages = state.pending.map(\.message)
            state.sent = messages.count
            state.pending.removeAll()
            return (body, messages)
        }
    }

    /// Fills `buffer` from the queue (transport thread). Returns what to tell libcurl and the
    /// messages whose first byte went out in this read, in order.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> (Read, started: [Data]) {
        state.withLock { state in
            state.paused = false
            state.resumeAsked = false
            var copied = 0
            var started: [Data] = []
            while copied < buffer.count, let first = state.pending.first {
                if state.offset == 0 {
                    started.append(first.message)
                    state.sent += 1
                }
                let count = min(buffer.count - copied, first.frame.count - state.offset)
                first.frame.withUnsafeBytes { frame in
                    let start = frame.baseAddress!.advanced(by: state.offset)
                    buffer.baseAddress!.advanced(by: copied).copyMemory(from: start, byteCount: count)
                }
                copied += count
                state.offset += count
                if state.offset == first.frame.count {
                    state.pending.removeFirst()
                    state.offset = 0
                }
            }
            if copied > 0 { return (.bytes(copied), started) }
            if state.closed { return (.end, started) }
            state.paused = true
            return (.pause, started)
        }
    }
}
