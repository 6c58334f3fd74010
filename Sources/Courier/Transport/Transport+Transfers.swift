import CCurl
import Foundation

/// A transfer's life on the transport thread: started on a handle (or parked while its
/// cookie jar reads its file), collected when libcurl says it ended (a redirect followed, a
/// job put back when no descriptor was left), its handle kept for the next, and the pass's
/// completions sent on. Loop thread only.
extension Transport {
    /// Starts up to `limit` of the parked transfers whose cookie jar has read its file, in the
    /// order they came; returns how many.
    func startParkedTransfers(upTo limit: Int, clock: LoopClock, into loop: inout LoopState) -> Int {
        var started = 0
        var index = 0
        while index < loop.waitingForCookies.count, started < limit {
            let job = loop.waitingForCookies[index]
            guard job.request.cookieJar?.isReadingFile != true else {
                index += 1
                continue
            }
            loop.waitingForCookies.remove(at: index)
            start(job, clock: clock, into: &loop)
            started += 1
        }
        return started
    }

    func start(_ job: TransferJob, clock: LoopClock, into loop: inout LoopState) {
        // A jar still reading its file: parked, and the loop woken when the read ends.
        if let jar = job.request.cookieJar, jar.holdsTransfers(wakingWhenRead: { [weak self] in self?.wake() }) {
            loop.waitingForCookies.append(job)
            return
        }
        guard let curl = loop.idleHandles.popLast() ?? CurlHandle() else {
            loop.ended.append((job, TransferOutcome(error: RequestError(family: .transport, code: .unknown,
                                                                         message: "libcurl could not create a transfer handle."))))
            return
        }
        let transfer = EasyTransfer(job: job, curl: curl, clock: clock, buffer: buffers.take())
        if let error = transfer.configure() {
            loop.ended.append((job, TransferOutcome(error: error)))
            recycle(transfer, completed: false, into: &loop)
            return
        }
        if !job.measuresOnly { job.progress.update { $0.phase = .connecting } }
        transfer.touch()
        let code = curl_multi_add_handle(multi, curl.raw)
        guard code == CURLM_OK else {
            loop.ended.append((job, TransferOutcome(error: RequestError(family: .transport, code: .unknown,
                                                                         message: String(cString: curl_multi_strerror(code))))))
            recycle(transfer, completed: false, into: &loop)
            return
        }
        loop.active[curl.raw] = transfer
        job.transferStarted()
    }

    /// Collects every finished transfer; returns how many there were.
    func collectFinished(_ loop: inout LoopState) -> Int {
        var finishedCount = 0
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let result = courier_message_result(message)
            curl_multi_remove_handle(multi, handle)
            guard let transfer = loop.active.removeValue(forKey: handle) else { continue }
            if result == CURLE_OK, transfer.isRedirecting {
                // A redirect followed here: the same transfer goes on with the next request.
                var failure = transfer.followRedirect()
                if failure == nil {
                    let code = curl_multi_add_handle(multi, handle)
                    if code == CURLM_OK {
                        transfer.touch()
                        loop.active[handle] = transfer
                        continue
                    }
                    failure = RequestError(family: .transport, code: .unknown, message: String(cString: curl_multi_strerror(code)))
                }
                var outcome = transfer.outcome(result: result, timedOut: false)
                outcome.error = failure
                loop.ended.append((transfer.job, outcome))
                recycle(transfer, completed: false, into: &loop)
                finishedCount += 1
                continue
            }
            if transfer.ranOutOfDescriptors(result), loop.pacing.deferTransfer(transfer.job, running: loop.active.count) {
                requeue(transfer.job)
                recycle(transfer, completed: false, into: &loop)
                continue
            }
            loop.pacing.transferEnded(limit: loop.limit)
            if transfer.job.endsOnTransport {
                // Heard here and now: no copy of the outcome into the pass's list and out again.
                var outcome = transfer.outcome(result: result, timedOut: false)
                // A call's status may be in its head (a trailers-only answer): kept for it,
                // as is the head and body a job that does more than measure asked for.
                if outcome.isCall || !transfer.job.measuresOnly { outcome.settle() } else { outcome.discardLent() }
                recycle(transfer, completed: true, into: &loop)
                transfer.job.transferEndedOnTransport(outcome)
            } else {
                loop.ended.append((transfer.job, transfer.outcome(result: result, timedOut: false)))
                recycle(transfer, completed: true, into: &loop)
            }
            finishedCount += 1
        }
        return finishedCount
    }

    /// Puts a job that could not get a socket back at the front of the queue, unless it was
    /// cancelled meanwhile (it is no longer running, so the loop would not drop it).
    func requeue(_ job: TransferJob) {
        job.progress.update { $0.phase = .queued }
        inbox.withLock { inbox in
            guard !inbox.cancellations.contains(job.id) else { return }
            inbox.pending.prepend(job)
        }
    }

    /// Keeps an ended transfer's handle for the next one, at most one per slot. A completed
    /// transfer's options stay for a request set up the same way; any other is reset now,
    /// while the transfer still holds what the options point to.
    func recycle(_ transfer: EasyTransfer, completed: Bool, into loop: inout LoopState) {
        guard loop.idleHandles.count < max(loop.limit, 1) else { return }
        if !completed || !transfer.curl.isReusable { transfer.curl.reset() }
        loop.idleHandles.append(transfer.curl)
    }

    /// Runs the pass's completions: on the completion queue, or where their jobs ask.
    func sendCompletions(_ loop: inout LoopState) {
        guard !loop.ended.isEmpty else { return }
        if loop.ended.contains(where: { $0.job.endsOnTransport }) {
            var routed: [(job: TransferJob, outcome: TransferOutcome)] = []
            for (job, outcome) in loop.ended {
                guard job.endsOnTransport else {
                    routed.append((job, outcome))
                    continue
                }
                var outcome = outcome
                if outcome.isCall || !job.measuresOnly { outcome.settle() } else { outcome.discardLent() }
                job.transferEndedOnTransport(outcome)
            }
            loop.ended.removeAll(keepingCapacity: true)
            if !routed.isEmpty { CompletionRouting.send(routed, defaultQueue: completionQueue) }
            return
        }
        // Handed over, not shared: the deciding queue then owns the array alone.
        var ended: [(job: TransferJob, outcome: TransferOutcome)] = []
        swap(&ended, &loop.ended)
        loop.ended.reserveCapacity(ended.count)
        CompletionRouting.send(ended, defaultQueue: completionQueue)
    }
}
