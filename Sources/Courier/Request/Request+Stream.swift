import Dispatch
import Foundation

/// A streamed response (``Request/streamMode``): its events as they arrive, to a closure or
/// an `AsyncSequence`, and the stream's state while it runs and after.
extension Request {
    /// Called on the callback queue with each event of a streamed response, in order, while
    /// the run is under way (never after ``stop()``). Kept across runs.
    public var streamEventHandler: (@Sendable (Request, StreamEvent) -> Void)? {
        get { state.withLock { $0.streamHandler } }
        set { state.withLock { $0.streamHandler = newValue } }
    }

    /// The events of a streamed response as they arrive; the sequence ends when the run does,
    /// throwing its ``RequestError`` when it failed (``RequestError/cancelled`` when stopped).
    /// Starts the request unless it is running already; ending the iteration early stops it.
    /// Holds at most `limit` events a slow reader has not taken yet (the newest).
    ///
    /// ```swift
    /// for try await event in ticker.events() {
    ///     print(event.name ?? "", event.text)
    /// }
    /// ```
    public func events(bufferingNewest limit: Int = 10_000) -> StreamEventSequence {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: StreamEvent.self, throwing: (any Error).self,
                                                                   bufferingPolicy: .bufferingNewest(max(1, limit)))
        let running = state.withLock { state -> Bool in
            state.streamListeners.append(continuation)
            return state.phase.isActive
        }
        if !running { start() }
        return StreamEventSequence(base: stream, request: self)
    }

    /// Ends a streaming response here, as if the server had ended it: the run finishes with
    /// what came — status, headers, the events and text kept — through the usual validation
    /// and callbacks (a success unless they say otherwise), and a reconnecting stream does not
    /// reconnect. What a reader calls when it has seen enough (an `until:` condition). False,
    /// and nothing done, when the response is not streaming (yet); ``stop()`` then ends it.
    @discardableResult
    public func endStream() -> Bool {
        agent.endStream(of: self)
    }

    /// The stream's state: live while the run streams, then as it ended; nil when the
    /// response did not stream.
    public var streamState: StreamState? {
        if let live = agent.liveStream(of: self) { return live.snapshot }
        return state.withLock { $0.content.stream }
    }

    /// The status and header fields of a response while it streams, from when its body
    /// begins (``response`` is set only when the run ends); nil when nothing streams now.
    /// `httpVersion` is empty until the run ends.
    public var streamingResponse: ResponseHead? {
        agent.liveStream(of: self)?.head
    }

    /// The events kept of a streamed response (the newest ``StreamLimits/keptEvents``),
    /// oldest first: live while it runs, then as it ended.
    public var streamEvents: [StreamEvent] {
        if let live = agent.liveStream(of: self) { return live.keptEvents }
        return state.withLock { $0.content.streamEvents }
    }

    /// A stopped run keeps what its stream delivered: the state, the events and the raw
    /// bytes kept stay readable (``streamState``, ``streamEvents``, ``responseData``).
    func keepStoppedStream(_ session: StreamSession?) {
        guard let (stream, events, transcript) = session?.stop() else { return }
        state.withLock { state in
            state.content.stream = stream
            state.content.streamEvents = events
            state.content.data = transcript
        }
    }

    /// Hands a batch of events from the transport to the handler and the sequences, on
    /// `queue`, unless the run was stopped meanwhile.
    func deliverStreamEvents(_ events: [StreamEvent], on queue: DispatchQueue) {
        queue.async { self.deliverStreamEventsHere(events) }
    }

    /// Delivers `events` on the calling queue (the callback queue), unless the run was stopped.
    func deliverStreamEventsHere(_ events: [StreamEvent]) {
        let (handler, listeners) = state.withLock { state in
            state.phase.isActive ? (state.streamHandler, state.streamListeners) : (nil, [])
        }
        guard handler != nil || !listeners.isEmpty else { return }
        for (index, event) in events.enumerated() {
            // A handler may stop the request: the rest of the batch is not delivered.
            if index > 0, !isExecuting { return }
            handler?(self, event)
            for listener in listeners { listener.yield(event) }
        }
    }

    /// A stream answered without the network (offline replay, a cache hit) is a stream
    /// too: its stored text is read as the network's would be — or, when the content already
    /// has its stream and events (a recorded session), those are taken as they are — and its
    /// events are delivered before the callbacks. Returns them.
    func replayStream(into content: inout ResponseContent) -> [StreamEvent] {
        // Ready-made events (a recorded WebSocket session's messages) are delivered as they are.
        if content.stream != nil { return content.streamEvents }
        guard streamMode != .off, let head = content.head, let data = content.data, !data.isEmpty
        else { return [] }
        let session = StreamSession(settings: StreamSettings(mode: streamMode, limits: streamLimits))
        guard session.begin(statusCode: head.statusCode, detected: { StreamMode.detected(forMimeType: head.mimeType) })
        else { return [] }
        var events = data.withUnsafeBytes { session.consume($0) }
        events += session.endAttempt()
        content.stream = session.snapshot
        content.streamEvents = session.keptEvents
        return events
    }
}
