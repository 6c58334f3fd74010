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
    /// Internal for the loop's transfer handling (`Transport+Transfers.swift`).
    struct Inbox {
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

    let multi: UnsafeMutableRawPointer
    private let thread: Thread
    /// How the thread reaches the transport; emptied when the loop ends (or, when the thread
    /// never started, at shutdown), which breaks the cycle thread → closure → transport.
    private let loopBox = LoopBox()
    let inbox = Mutex(Inbox())
    /// Header and body memory reused by the transfers (see ``ResponseBuffer`` for why).
    let buffers = ResponseBufferPool()
    let completionQueue: DispatchQueue
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

    func wake() {
        if !wakeupPending.exchange(true, ordering: .acquiringAndReleasing) { curl_multi_wakeup(multi) }
    }

    // MARK: - The loop (transport thread only)

    /// What the loop keeps between passes.
    struct LoopState {
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
