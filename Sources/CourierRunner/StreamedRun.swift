import Courier
import CourierFormatCore
import Foundation

extension WorkspaceRunner {
    /// Sends `request` and reports its result; a streamed response's events are reported
    /// one by one as they arrive, before it, and the stream ends at the request's `until:`
    /// or `maxEvents:` (``StreamWatch``).
    func runReportingStream(_ request: WorkspaceRequest, report: (RunEvent) -> Void) async {
        await reportingStreams(of: [request], report: report) { _ = try? await request.run() }
        finished(request, result(of: request), report: report)
    }

    /// Runs `work` — which sends `requests`: one, a batch's, a chain's — and reports the
    /// events of their streams as they arrive, each stream ending at its request's `until:`
    /// or `maxEvents:`. Events the output could not keep up with are counted on their
    /// request (``WorkspaceRequest/eventsNotShown``).
    func reportingStreams(of requests: [WorkspaceRequest], report: (RunEvent) -> Void,
                          during work: @escaping @Sendable () async -> Void) async {
        let watch = StreamWatch()
        for request in requests {
            request.eventsNotShown = 0
            watch.attach(to: request)
        }
        async let sent: Void = { await work(); watch.close() }()
        var lastSequence: [ObjectIdentifier: Int] = [:]
        for await watched in watch.events {
            let (request, event) = (watched.request, watched.event)
            let last = event.sequence == 1 ? 0 : lastSequence[ObjectIdentifier(request)] ?? 0
            if event.sequence - last > 1 { request.eventsNotShown += event.sequence - last - 1 }
            lastSequence[ObjectIdentifier(request)] = event.sequence
            report(.streamEvent(StreamEventReport(event, of: request)))
        }
        await sent
        for request in requests { request.streamEventHandler = nil }
    }

    /// A streamed response's part of `result`: what came and how it ended. A stream ended at
    /// `until:` or `maxEvents:` is a response like any (``Request/endStream()``): its status
    /// and checks decide; were it stopped instead, it succeeded without a response to show.
    /// One ended by its deadline after it delivered events succeeded too, unless its checks
    /// failed. One that never started (no event) keeps its failure. One stopped from outside
    /// (Ctrl-C) failed as cancelled, with what it received (it read as skipped, and went
    /// unrecorded).
    func applyStream(of request: WorkspaceRequest, to result: inout RequestResult) {
        if let ended = request.endedStream, !request.isCancelled, let state = request.streamState {
            result.stream = RequestResult.StreamOutcome(
                mode: state.mode.rawValue, events: ended.lastEvent.sequence, dropped: state.droppedEvents,
                reconnections: state.reconnections, seconds: ended.lastEvent.elapsed, end: ended.end, endDetail: ended.detail)
            return
        }
        if let ended = request.endedStream {
            let state = request.streamState
            result.stream = RequestResult.StreamOutcome(
                mode: (state?.mode ?? .events).rawValue, events: ended.lastEvent.sequence, dropped: state?.droppedEvents ?? 0,
                reconnections: state?.reconnections ?? 0, seconds: ended.lastEvent.elapsed, end: ended.end, endDetail: ended.detail)
            result.ok = true
            result.skipped = false
            result.error = nil
            result.bytes = Int(state?.bytes ?? 0)
            result.durationMs = Self.milliseconds(ended.lastEvent.elapsed)
            if !request.source.expect.isEmpty {
                result.warning = "expect: not checked: the stream was stopped at \(ended.end) before its response was handed over"
            }
            return
        }
        guard let state = request.streamState else { return }
        if request.isCancelled {
            // Stopped from outside (Ctrl-C): not a skip. What arrived is reported and recorded.
            let seconds = request.streamEvents.last?.elapsed ?? request.duration ?? 0
            result.stream = RequestResult.StreamOutcome(mode: state.mode.rawValue, events: state.events, dropped: state.droppedEvents,
                                                        reconnections: state.reconnections, seconds: seconds, end: "cancelled")
            result.ok = false
            result.skipped = false
            result.bytes = Int(state.bytes)
            result.durationMs = Self.milliseconds(seconds)
            result.error = RequestResult.Failure(family: RequestError.Family.transport.rawValue, code: RequestError.Code.cancelled.rawValue,
                                                 message: "Cancelled after \(state.events) event\(state.events == 1 ? "" : "s") "
                                                    + "(\(state.bytes) bytes) had arrived.")
            return
        }
        let seconds = request.duration ?? request.metrics?.total ?? 0
        var outcome = RequestResult.StreamOutcome(mode: state.mode.rawValue, events: state.events, dropped: state.droppedEvents,
                                                  reconnections: state.reconnections, seconds: seconds,
                                                  end: result.error == nil ? "ended" : "failed")
        if let deadline = request.source.deadline, state.events > 0, let error = request.error, error.code == .timedOut,
           (request.metrics?.total ?? seconds) >= deadline * 0.95 {
            outcome.end = "deadline"
            outcome.endDetail = YAMLValue.text(deadline)
            let failed = (result.checks ?? []).filter { !$0.passed }
            result.ok = failed.isEmpty
            result.error = failed.first.map { check in
                RequestResult.Failure(family: RequestError.Family.validation.rawValue, code: RequestError.Code.responseRejected.rawValue,
                                      message: "The response broke a rule: \(check.summary)"
                                        + (failed.count > 1 ? " (and \(failed.count - 1) more)." : "."))
            }
        }
        result.stream = outcome
    }
}
