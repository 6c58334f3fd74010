import CCurl
import Foundation
import Synchronization

/// The one thread that owns every libcurl handle of an agent. It sleeps in
/// `curl_multi_poll` until a socket is ready, a timer is due or new work wakes it
/// (`curl_multi_wakeup`); finished transfers are read with `curl_multi_info_read` and
/// their completions sent on, one `async` per pass of the loop and queue (``CompletionRouting``).
/// `@unchecked`: `multi` is used only by the loop thread, except `curl_multi_wakeup`, which
/// libcurl documents as callable from any thread; everything else shared sits in `inbox`.
final class Transport: @unchecked Sendable {
    /// Work handed over by other threads, behind a lock held only to copy in or out.
    private struct Inbox {
        var pending = PendingJobs()
        var cancellations: Set<Int> = []
        /// Running transfers to end as if their response had ended (``end(id:)``).
        var endings: Set<Int> = []
        /// Running transfers whose paused upload goes on (``resumeSending(id:)``).
        var resumptions: Set<Int> = []
        var limit = 8
        var shuttingDown = false
        /// Called on every pass and woken for at the time it names (``setPacer(_:)``).
        weak var pacer: (any TransportPacer)?
    }

    private let multi: UnsafeMutableRawPointer
    private let thread: Thread
    /// How the thread reaches the transport; emptied when the loop ends (or, when the thread
    /// never started, at shutdown), which breaks the cycle thread → closure → transport.
    private let loopBox = LoopBox()
    private let inbox = Mutex(Inbox())
    /// Header and body memory reused by the transfers (see ``ResponseBuffer`` for why).
    private let buffers = ResponseBufferPool()
    private let completionQueue: DispatchQueue
    private let finished = DispatchSemaphore(value: 0)
    private let iterations = Atomic<Int>(0)
    /// True from a wake-up until the loop's next pass reads the inbox: further work handed
    /// over meanwhile needs no wake-up of its own (each one is a syscall and an extra pass).
    private let wakeupPending = Atomic<Bool>(false)
    /// The thread starts with the first job, so an agent that never sends has none.
    private let threadStarted = Atomic<Bool>(false)
    /// Jobs handed over by ``submitOnTransport(_:)`` during this pass (loop thread only).
    private var startingOnTransport: [TransferJob] = []

    /// Passes of the transport loop so far; flat while idle.
    var loopIterations: Int { iterations.load(ordering: .relaxed) }

    static let globalInit: Void = { _ = curl_global_init(courier_global_all()) }()

    /// `completionQueue` runs the jobs' completions. A positive `niceness` lowers the thread's
    /// priority: a load run at full speed then leaves the CPU to the rest of the process first
    /// (the workbench's keys and screen, measured by `make bench-tui`).
    init(completionQueue: DispatchQueue, niceness: Int32 = 0) {
        _ = Self.globalInit
        _ = HeapThresholds.raised
        self.completionQueue = completionQueue
        multi = curl_multi_init()
        // The thread's closure cannot capture `self` before `thread` is set: it reaches the
        // transport through a box filled before `start()`, emptied when the loop ends.
        let box = loopBox
        thread = Thread {
            // The kernel's name for the thread (top, perf, gdb): Foundation's `name` stays its own.
            courier_name_current_thread("courier.io")
            if niceness != 0 { courier_nice_current_thread(niceness) }
            box.transport?.runLoop()
            box.transport = nil
        }
        thread.name = "courier.io"
        box.transport = self
    }

    /// Whether the transport thread has started (with the first job).
    var isRunning: Bool { threadStarted.load(ordering: .acquiring) }

    /// Queues a job; it starts when a slot is free, highest priority first.
    func submit(_ job: TransferJob) {
        inbox.withLock { $0.pending.append(job) }
        if !threadStarted.exchange(true, ordering: .acquiringAndReleasing) { thread.start() }
        wake()
    }

    /// Queues a job from the transport thread itself (an ``TransferJob/endsOnTransport`` job's
    /// end starting the next): it starts in this pass when a slot is free, without the lock
    /// and the wake-up of ``submit(_:)``.
    func submitOnTransport(_ job: TransferJob) {
        startingOnTransport.append(job)
    }

    /// Has `pacer` called on the transport thread on every pass of the loop, and the loop woken
    /// at the time it asks for (to the microsecond, by a `timerfd`). Held weakly.
    func setPacer(_ pacer: any TransportPacer) {
        inbox.withLock { $0.pacer = pacer }
        if !threadStarted.exchange(true, ordering: .acquiringAndReleasing) { thread.start() }
        wake()
    }

    /// Drops a job: a queued one at once, a running one on the next pass of the loop.
    /// Its completion is not called unless the transfer had already ended.
    func cancel(id: Int) {
        let wasQueued = inbox.withLock { inbox in
            if inbox.pending.remove(id: id) { return true }
            inbox.cancellations.insert(id)
            return false
        }
        if !wasQueued { wake() }
    }

    /// Ends a running transfer on the loop's next pass, its outcome made of what came.
    func end(id: Int) {
        inbox.withLock { _ = $0.endings.insert(id) }
        wake()
    }

    /// Resumes a running transfer's paused upload on the loop's next pass: a gRPC call's
    /// outbox has a message or its half-close. libcurl allows `curl_easy_pause` only on the
    /// thread that drives the handle.
    func resumeSending(id: Int) {
        inbox.withLock { _ = $0.resumptions.insert(id) }
        wake()
    }

    /// Transfers allowed at once; applies from the next pass of the loop.
    func setConcurrencyLimit(_ limit: Int) {
        let changed = inbox.withLock { inbox in
            defer { inbox.limit = max(1, limit) }
            return inbox.limit != max(1, limit)
        }
        if changed { wake() }
    }

    /// Stops the loop, abandons every transfer and frees libcurl's handles. Blocks until done,
    /// except on the transport thread itself (an agent released by a completion), where the
    /// loop ends after the current pass.
    func shutdown() {
        let first = inbox.withLock { inbox in
            defer { inbox.shuttingDown = true }
            return !inbox.shuttingDown
        }
        guard first else { return }
        // Never started: nothing runs, nothing to wait for; the thread never will start now.
        if !threadStarted.exchange(true, ordering: .acquiringAndReleasing) {
            curl_multi_cleanup(multi)
            loopBox.transport = nil
            return
        }
        curl_multi_wakeup(multi)
        if Thread.current !== thread { finished.wait() }
    }

    private func wake() {
        if !wakeupPending.exchange(true, ordering: .acquiringAndReleasing) { curl_multi_wakeup(multi) }
    }

    // MARK: - The loop (transport thread only)

    /// What the loop keeps between passes.
    private struct LoopState {
        var active: [UnsafeMutableRawPointer: EasyTransfer] = [:]
        /// Easy handles of ended transfers, ready for the next (creating one costs more than
        /// a whole small request's other libcurl work).
        var idleHandles: [CurlHandle] = []
        /// Completions of the transfers that ended in this pass.
        var ended: [(job: TransferJob, outcome: TransferOutcome)] = []
        var limit = 0
        var pacing = DescriptorPacing()
        /// libcurl's connection cache size (CURLMOPT_MAXCONNECTS).
        var connectionsKept = 0
        /// The pacer's wake-up, made when a pacer is first set.
        var pacingTimer: PacingTimer?
        /// Transfers whose cookie jar is still reading its file (``CookieJar/isReadingFile``):
        /// started once it has, the others going on meanwhile.
        var waitingForCookies: [TransferJob] = []
    }

    private func runLoop() {
        var loop = LoopState()
        let clock = LoopClock()
        var timedOut: [UnsafeMutableRawPointer] = []
        while true {
            iterations.add(1, ordering: .relaxed)
            clock.now = EasyTransfer.now()
            wakeupPending.store(false, ordering: .sequentiallyConsistent)
            let (cancelled, endings, resumptions, stop, limit, pacer) = inbox.withLock { inbox in
                defer {
                    inbox.cancellations.removeAll()
                    inbox.endings.removeAll()
                    inbox.resumptions.removeAll()
                }
                return (inbox.cancellations, inbox.endings, inbox.resumptions, inbox.shuttingDown, inbox.limit, inbox.pacer)
            }
            if stop { break }
            if !resumptions.isEmpty {
                // CURLPAUSE_CONT: libcurl may call the read callback from inside.
                // The idle timeout counts again from the reader's message, however long it took.
                for (handle, transfer) in loop.active where resumptions.contains(transfer.job.id) {
                    transfer.touch()
                    curl_easy_pause(handle, 0)
                }
            }
            if !endings.isEmpty {
                for (handle, transfer) in loop.active where endings.contains(transfer.job.id) {
                    curl_multi_remove_handle(multi, handle)
                    loop.active[handle] = nil
                    var outcome = transfer.outcome(result: CURLE_OK, timedOut: false)
                    outcome.endedByReader = true
                    loop.ended.append((transfer.job, outcome))
                    recycle(transfer, completed: false, into: &loop)
                }
            }
            if !cancelled.isEmpty {
                for (handle, transfer) in loop.active where cancelled.contains(transfer.job.id) {
                    curl_multi_remove_handle(multi, handle)
                    loop.active[handle] = nil
                    recycle(transfer, completed: false, into: &loop)
                }
            }
            if !loop.waitingForCookies.isEmpty, !cancelled.isEmpty {
                loop.waitingForCookies.removeAll { cancelled.contains($0.id) }
            }
            if limit != loop.limit {
                loop.limit = limit
                buffers.setCapacity(limit)
            }
            let allowed = loop.pacing.allowed(under: limit)
            if allowed != loop.connectionsKept {
                // libcurl's default cache (4× the handles added) shrinks whenever finished handles
                // are removed before new ones join, closing idle connections: keep one per slot.
                // While pacing for descriptors, fewer: idle connections hold descriptors.
                loop.connectionsKept = allowed
                courier_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, allowed)
            }
            var free = allowed - loop.active.count
            if !loop.waitingForCookies.isEmpty, free > 0 { free -= startParkedTransfers(upTo: free, clock: clock, into: &loop) }
            let starting: [TransferJob] = free <= 0 ? [] : inbox.withLock { inbox in
                var jobs: [TransferJob] = []
                while jobs.count < free, let next = inbox.pending.popNext() { jobs.append(next) }
                return jobs
            }
            for job in starting { start(job, clock: clock, into: &loop) }

            var stillRunning: Int32 = 0
            curl_multi_perform(multi, &stillRunning)
            var freedSlots = collectFinished(&loop)

            let now = EasyTransfer.now()
            timedOut.removeAll(keepingCapacity: true)
            var nearest = UInt64(60_000_000_000)
            for (handle, transfer) in loop.active {
                if transfer.isIdle(at: now) { timedOut.append(handle) } else {
                    nearest = min(nearest, transfer.nanosecondsUntilIdle(at: now))
                }
            }
            for handle in timedOut {
                guard let transfer = loop.active.removeValue(forKey: handle) else { continue }
                curl_multi_remove_handle(multi, handle)
                loop.ended.append((transfer.job, transfer.outcome(result: CURLE_OPERATION_TIMEDOUT, timedOut: true)))
                recycle(transfer, completed: false, into: &loop)
                freedSlots += 1
            }
            sendCompletions(&loop)
            let paceAt = pacer?.pace(now: EasyTransfer.now())
            if !startingOnTransport.isEmpty {
                let jobs = startingOnTransport
                startingOnTransport.removeAll(keepingCapacity: true)
                let free = loop.pacing.allowed(under: limit) - loop.active.count
                for job in jobs.prefix(max(0, free)) { start(job, clock: clock, into: &loop) }
                if jobs.count > free {
                    inbox.withLock { inbox in for job in jobs.dropFirst(max(0, free)) { inbox.pending.append(job) } }
                }
                continue
            }
            // A freed slot may let a queued job start: go round again instead of sleeping.
            if freedSlots > 0 { continue }
            let waitMilliseconds = Int32(min(nearest / 1_000_000 + 1, 60_000))
            if let paceAt {
                wait(until: paceAt, atMost: waitMilliseconds, timer: &loop.pacingTimer)
            } else {
                curl_multi_poll(multi, nil, 0, waitMilliseconds, nil)
            }
        }
        // Transfers still running when the agent goes: their handles are freed too (with the
        // last reference to their `CurlHandle`).
        for handle in loop.active.keys { curl_multi_remove_handle(multi, handle) }
        loop.active.removeAll()
        loop.idleHandles.removeAll()
        curl_multi_cleanup(multi)
        finished.signal()
    }

    /// Polls libcurl's sockets and the pacing timer, armed for `paceAt` less
    /// ``PacingTimer/spin``; when the timer fires, waits out the rest on the CPU.
    private func wait(until paceAt: UInt64, atMost milliseconds: Int32, timer: inout PacingTimer?) {
        if timer == nil { timer = PacingTimer() }
        let now = EasyTransfer.now()
        guard paceAt > now else { return }
        guard let timer else {
            // No timerfd: the millisecond poll timeout is the pacer's wake-up.
            curl_multi_poll(multi, nil, 0, min(milliseconds, Int32((paceAt - now) / 1_000_000 + 1)), nil)
            return
        }
        let spin = PacingTimer.spin
        guard paceAt - now > spin else {
            while EasyTransfer.now() < paceAt {}
            return
        }
        timer.arm(in: paceAt - now - spin)
        var fired = curl_waitfd(fd: timer.descriptor, events: Int16(CURL_WAIT_POLLIN), revents: 0)
        curl_multi_poll(multi, &fired, 1, milliseconds, nil)
        if fired.revents != 0 {
            timer.drain()
            while EasyTransfer.now() < paceAt {}
        }
    }

    /// Starts up to `limit` of the parked transfers whose cookie jar has read its file, in the
    /// order they came; returns how many.
    private func startParkedTransfers(upTo limit: Int, clock: LoopClock, into loop: inout LoopState) -> Int {
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

    private func start(_ job: TransferJob, clock: LoopClock, into loop: inout LoopState) {
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
    private func collectFinished(_ loop: inout LoopState) -> Int {
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
                // A call's status may be in its head (a trailers-only answer): kept for it.
                if outcome.isCall { outcome.settle() } else { outcome.discardLent() }
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
    private func requeue(_ job: TransferJob) {
        job.progress.update { $0.phase = .queued }
        inbox.withLock { inbox in
            guard !inbox.cancellations.contains(job.id) else { return }
            inbox.pending.prepend(job)
        }
    }

    /// Keeps an ended transfer's handle for the next one, at most one per slot. A completed
    /// transfer's options stay for a request set up the same way; any other is reset now,
    /// while the transfer still holds what the options point to.
    private func recycle(_ transfer: EasyTransfer, completed: Bool, into loop: inout LoopState) {
        guard loop.idleHandles.count < max(loop.limit, 1) else { return }
        if !completed || !transfer.curl.isReusable { transfer.curl.reset() }
        loop.idleHandles.append(transfer.curl)
    }

    /// Runs the pass's completions: on the completion queue, or where their jobs ask.
    private func sendCompletions(_ loop: inout LoopState) {
        guard !loop.ended.isEmpty else { return }
        if loop.ended.contains(where: { $0.job.endsOnTransport }) {
            var routed: [(job: TransferJob, outcome: TransferOutcome)] = []
            for (job, outcome) in loop.ended {
                guard job.endsOnTransport else {
                    routed.append((job, outcome))
                    continue
                }
                var outcome = outcome
                outcome.discardLent()
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

/// The loop's notion of now, read once per pass: transfers stamp their activity with it
/// instead of reading the clock for every header line and chunk.
final class LoopClock {
    var now: UInt64 = 0
}

/// Holds the transport for its thread while the loop runs.
private final class LoopBox: @unchecked Sendable {
    var transport: Transport?
}
