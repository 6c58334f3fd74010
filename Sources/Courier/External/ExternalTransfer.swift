import Dispatch
import Foundation
import HTTPTypes
import Synchronization

/// One attempt of a request carried by an ``ExternalTransport``: what to send, and the calls
/// that report how it goes to the agent — as the libcurl transport reports its own. Each may
/// be called from any thread; after ``finish(head:body:metrics:error:)`` or a stop they do
/// nothing.
public final class ExternalTransfer: Sendable {
    /// What to send: URL, method, headers (authorization included), TLS settings, cookie jar.
    public let prepared: PreparedRequest
    /// The agent's id for the request's run.
    public var id: Int { attempt.id }
    private let attempt: TransferAttempt
    private let completionQueue: DispatchQueue
    private let state = Mutex(State())
    /// Held from numbering a batch of events to queueing it for the callback queue: a session
    /// delivers from two tasks at once (what it sends, what it receives), and a batch numbered
    /// first could otherwise be queued second (a transcript read 1, 2, 4, 5, 6, 3 on a loaded
    /// machine).
    private let delivery = Mutex(())

    private struct State {
        var ended = false
        var cancelled = false
        var onCancel: (@Sendable () -> Void)?
        var onEnd: (@Sendable () -> Void)?
        var endedByReader = false
        var connectedAt: UInt64?
        var head: ResponseHead?
    }

    private let startedAt = DispatchTime.now().uptimeNanoseconds

    init(attempt: TransferAttempt, completionQueue: DispatchQueue) {
        self.attempt = attempt
        self.completionQueue = completionQueue
        prepared = attempt.request
    }

    /// Whether the request was stopped: the transport should close what it opened.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Called once when the request is stopped (at once when it already was).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.onCancel = handler
            return false
        }
        if now { handler() }
    }

    /// Called once when the reader ends the session (``Request/endStream()``): close it
    /// cleanly, then ``finish(head:body:metrics:error:)``. Without one, the session is dropped
    /// as by a stop and finished with what came. Set it before the session can deliver
    /// anything: a reader may end it on its first message.
    public func onEndRequested(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.onEnd = handler }
    }

    /// The connection is open (a WebSocket's handshake is done, `head` its answer): the
    /// request is in flight and its messages are a stream from here.
    public func connected(head: ResponseHead? = nil) {
        let first = state.withLock { state -> Bool in
            guard !state.ended, state.connectedAt == nil else { return false }
            state.connectedAt = DispatchTime.now().uptimeNanoseconds
            state.head = head
            return true
        }
        guard first else { return }
        attempt.entry.stream?.beginExternal()
        attempt.progress.markStreaming()
        attempt.transferStarted()
        let progress = attempt.progress.update { $0.phase = .receiving }
        attempt.transferProgressed(progress)
    }

    /// Bytes moved, added to the record's counters.
    public func moved(sent: Int = 0, received: Int = 0) {
        guard !state.withLock({ $0.ended }) else { return }
        let progress = attempt.progress.update { progress in
            progress.bytesSent += Int64(sent)
            progress.bytesReceived += Int64(received)
        }
        attempt.transferProgressed(progress)
    }

    /// Messages that went out or came in, in order: numbered, kept (within the request's
    /// ``StreamLimits``) and delivered to its handler and sequences. `sequence` and `elapsed`
    /// are filled in here.
    public func deliver(_ events: [StreamEvent]) {
        guard !events.isEmpty, !state.withLock({ $0.ended || $0.cancelled }), let session = attempt.entry.stream else { return }
        delivery.withLock { _ in
            let numbered = session.record(external: events, at: DispatchTime.now().uptimeNanoseconds)
            attempt.streamDelivered(numbered)
        }
    }

    /// The exchange ended: `head` is the handshake's response (nil: the one given to
    /// ``connected(head:)``), `body` what
    /// the response's data should be (nil: the transcript of messages kept), `error` why it
    /// failed. The outcome goes through the agent's pipeline as a libcurl transfer's does.
    public func finish(head: ResponseHead?, body: Data? = nil, metrics: TransferMetrics? = nil, error: RequestError?) {
        let taken = state.withLock { state -> (connectedAt: UInt64?, head: ResponseHead?, byReader: Bool)? in
            guard !state.ended, !state.cancelled else { return nil }
            state.ended = true
            return (state.connectedAt, state.head, state.endedByReader)
        }
        guard let (connectedAt, connectedHead, byReader) = taken else { return }
        let head = head ?? connectedHead
        let session = attempt.entry.stream
        session?.endExternal()
        var received: ReceivedHead?
        if let head {
            var lines: [UInt8] = []
            for field in head.headers { lines += Array("\(field.name.rawName): \(field.value)\r\n".utf8) }
            received = ReceivedHead(url: head.url, statusCode: head.statusCode, httpVersion: head.httpVersion, fieldLines: lines)
        }
        var outcome = TransferOutcome(received: received, body: body ?? session?.transcript ?? Data(),
                                      metrics: metrics ?? measured(connectedAt: connectedAt), error: error)
        outcome.streamed = session?.snapshot != nil
        outcome.endedByReader = byReader
        CompletionRouting.send([(attempt, outcome)], defaultQueue: completionQueue)
    }

    /// The reader ended the session: the transport closes it and finishes (or, when it cannot,
    /// it is dropped and finished here with what came).
    func endByReader() {
        let handler = state.withLock { state -> (@Sendable () -> Void)?? in
            guard !state.ended, !state.cancelled, !state.endedByReader else { return nil }
            state.endedByReader = true
            return .some(state.onEnd)
        }
        guard let handler else { return }
        if let handler { return handler() }
        let cancel = state.withLock { state -> (@Sendable () -> Void)? in
            defer { state.onCancel = nil }
            return state.onCancel
        }
        cancel?()
        finish(head: nil, error: nil)
    }

    /// The request was stopped: no report is taken after this, and the transport hears it.
    func cancel() {
        let handler = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.cancelled else { return nil }
            state.cancelled = true
            defer { state.onCancel = nil }
            return state.onCancel
        }
        handler?()
    }

    /// Timings when the transport gave none: the connection's setup and the whole exchange.
    private func measured(connectedAt: UInt64?) -> TransferMetrics {
        let now = DispatchTime.now().uptimeNanoseconds
        var metrics = TransferMetrics()
        metrics.total = Double(now &- startedAt) / 1e9
        if let connectedAt { metrics.connect = Double(connectedAt &- startedAt) / 1e9 }
        let progress = attempt.progress.snapshot
        metrics.bytesSent = progress.bytesSent
        metrics.bytesReceived = progress.bytesReceived
        return metrics
    }
}
