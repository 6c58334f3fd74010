import Foundation

/// Streamed responses in the agent: the live stream of a running request, the stream's
/// state kept with the outcome, and reconnecting a server-sent event stream.
extension NetworkAgent {
    /// The record of `request`'s current run while it is in the table.
    func currentEntry(of request: Request) -> RecordEntry? {
        guard let id = request.taskID else { return nil }
        return table.withLock { table in
            guard let entry = table.entries[id], entry.request === request else { return nil }
            return entry
        }
    }

    /// The stream of `request`'s current run while its record is in the table.
    func liveStream(of request: Request) -> StreamSession? {
        currentEntry(of: request)?.stream
    }

    /// Ends `request`'s streaming transfer as if the response had ended; false when it is not
    /// streaming (not yet, or not at all).
    func endStream(of request: Request) -> Bool {
        guard let entry = currentEntry(of: request), let state = entry.stream?.snapshot, !state.ended else { return false }
        if let external = entry.external.withLock({ $0 }) {
            external.endByReader()
        } else {
            transport.end(id: entry.id)
        }
        return true
    }

    /// Keeps how a streamed attempt ended with its content.
    func keepStream(of entry: RecordEntry, outcome: TransferOutcome, in content: inout ResponseContent) {
        guard outcome.streamed || entry.outbox != nil, let session = entry.stream else { return }
        content.stream = session.snapshot
        content.streamEvents = session.keptEvents
    }

    /// Reconnects a server-sent event stream that ended or broke, when the request asks for
    /// it and has tries left: after the server's `retry:` (or the request's delay), with
    /// `Last-Event-ID`. True when a reconnection was scheduled (the attempt's outcome is then
    /// not delivered). Not after a timeout (the deadline bounds a stream) or a bad status.
    func reconnectStream(_ entry: RecordEntry, sent: SharedPreparedRequest, outcome: TransferOutcome) -> Bool {
        guard outcome.streamed, !outcome.endedByReader, let reconnect = sent.value.stream?.reconnect, let session = entry.stream,
              let state = session.snapshot, state.mode == .events, state.reconnections < reconnect.maximumAttempts
        else { return false }
        if let error = outcome.error, error.family != .transport || error.code == .timedOut { return false }
        if let status = outcome.received?.statusCode, !(200..<300).contains(status) { return false }
        let lastEventID = session.reconnecting()
        let delay = state.reconnectionTime.map { Double($0) / 1000 } ?? reconnect.delay
        var next = sent.value
        next.headers.removeAll { $0.name.caseInsensitiveCompare("Last-Event-ID") == .orderedSame }
        if !lastEventID.isEmpty { next.headers.append((name: "Last-Event-ID", value: lastEventID)) }
        entry.progress.update { $0.phase = .queued }
        guard entry.request.requeueForRetry(entry.request.retryCount) else { return false }
        let from = lastEventID.isEmpty ? "" : " from event \(lastEventID)"
        entry.settings.logger.info("↻ #\(entry.id) stream reconnects in \(delay) s (\(state.reconnections + 1) of \(reconnect.maximumAttempts))\(from)")
        let shared = SharedPreparedRequest(next)
        processingQueue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, self.isCurrent(entry) else { return }
            self.submit(entry, sent: shared)
        }
        return true
    }
}
