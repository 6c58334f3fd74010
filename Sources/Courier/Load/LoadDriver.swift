import DequeModule
import Dispatch
import Foundation
import Synchronization

/// Runs a load run: starts iterations as its ``LoadPlan`` says and hands what each measured to
/// a ``LoadSampleSink``.
///
/// Requests and batches take the fast path: each target is prepared once, and every send is a
/// `LoadJob` on the driver's own libcurl transport (its own thread, connection cache and
/// `maxInFlight` slots). A job's end is heard on the transport thread in the pass it ended,
/// where its sample is recorded and the next job (closed model) is handed straight back to
/// the loop: no thread hop per request, no ``Request``, no record, no history, no body kept
/// (but the head and first bytes of a few exchanges of each outcome, ``LoadExchange``).
/// The schedule (the open model's due times, a ramp's steps, the duration's end) is paced on
/// the transport thread too (`TransportPacer`): due requests start there, woken by a timerfd.
/// Chains go through ``LoadIterations`` on the queue, paced by a timer on it. The schedule and
/// counters sit behind one lock.
///
/// The end time and ``stop()`` hold whatever the plan asks: due iterations wait for a slot in
/// a backlog of at most one second of the schedule (`backlogLimit`); what is due beyond it is
/// skipped and counted (``LoadEnding/unsent``), as is what still waits at the end time; and
/// iterations still running ``LoadPlan/endGrace`` seconds after the end are abandoned
/// (``LoadEnding/abandoned``). At 10^9 a second the backlog grew without end (1.7 GiB), the
/// lock was held while it grew, and neither the end nor Ctrl-C could end the run.
/// `@unchecked`: `timer`, `waiters` and `ending` are touched only on `queue`; the rest is in `state`.
public final class LoadDriver: @unchecked Sendable {
    struct State {
        var schedule: LoadSchedule
        var startNanos: UInt64 = 0
        var lastEnd: UInt64 = 0
        var running = 0
        /// Due times waiting for a slot (open model, all `maxInFlight` busy); at most `backlogLimit`.
        var backlog = Deque<UInt64>()
        /// Measured iterations dropped from the backlog at the end time.
        var droppedAtEnd = 0
        var nextTarget = 0
        var nextID = 0
        /// Set at the end: nothing more is started or recorded.
        var over = false
        /// The wake the timer is set for (seconds from the start), so it is re-armed only when it changes.
        var armedWake: Double?
        /// The end was seen and the queue told to finish (once).
        var endNoticed = false
        /// The wake the transport loop was last asked for, to measure how late it came.
        var askedWake: UInt64?
        /// Iterations that found every slot busy when due and waited in the backlog.
        var waitedForSlot = 0
        /// Iterations that may run at once, and run or wait at once (`limits(slots:rate:)`); a
        /// closed run's `+` raises them.
        var slots: Int
        var capacity: Int
        /// The level a pause held at 0 came from, for the resume.
        var pausedLevel: Double?
        /// Which sends keep their exchange as a sample.
        var sampling = LoadExchangeSampling()
    }

    /// One iteration to start, decided under the lock, started outside it.
    private struct Launch {
        var id: Int
        var target: Int
        var due: UInt64
        var warmup: Bool
        /// Keeps its exchange (``LoadExchange``).
        var captures = false
    }

    let queue = DispatchQueue(label: "courier.load", qos: .userInitiated)
    let plan: LoadPlan
    private let sink: any LoadSampleSink
    private let targets: [SharedPreparedRequest]
    /// Checks every response (`--checks`); nil: responses are only measured.
    private let checks: (any LoadResponseCheck)?
    private let iterations: (any LoadIterations)?
    let transport: Transport?
    private let progress = ProgressCell()
    let state: Mutex<State>
    private var timer: DispatchSourceTimer?
    private var waiters: [CheckedContinuation<LoadEnding, Never>] = []
    private var ending: LoadEnding?
    private var begun = false
    private let inFlightCount = Atomic<Int>(0)
    /// The most due iterations that wait for a slot: one second of the open model's schedule,
    /// at least `maxInFlight`, at most 100,000 (the closed model never has more than its slots).
    var backlogLimit: Int { state.withLock { $0.capacity - $0.slots } }

    /// A run of prepared requests, round-robin (a batch's items, or one request); `checks`,
    /// when given, judges every response, read whole (a failed check fails the request).
    public init(plan: LoadPlan, requests: [PreparedRequest], sink: any LoadSampleSink, checks: (any LoadResponseCheck)? = nil) {
        self.plan = plan
        self.sink = sink
        self.checks = checks
        targets = requests.map { prepared in
            var prepared = prepared
            prepared.discardsResponseBody = checks == nil
            // Load runs are mostly small answers: libcurl's own buffer, allocated cheaply per transfer.
            prepared.bulkReceiveBuffer = false
            return SharedPreparedRequest(prepared)
        }
        iterations = nil
        // A little below the process's other threads: at full speed against the embedded demo
        // server the run otherwise took the workbench's keys with it (up to 19 ms late in 5
        // minutes at 38,000 requests a second; at nice 2, 12 ms at 34,000; at 5, 13 ms at 27,000).
        let transport = Transport(completionQueue: queue, niceness: 2)
        transport.setConcurrencyLimit(plan.maxInFlight)
        self.transport = transport
        state = Mutex(Self.initialState(plan))
    }

    /// A run of iterations the caller starts (a chain).
    public init(plan: LoadPlan, iterations: any LoadIterations, sink: any LoadSampleSink) {
        self.plan = plan
        self.sink = sink
        targets = []
        checks = nil
        self.iterations = iterations
        transport = nil
        state = Mutex(Self.initialState(plan))
    }

    deinit { transport?.shutdown() }

    private static func initialState(_ plan: LoadPlan) -> State {
        let rate: Double? = if case .open(let rate, _) = plan.model { rate } else { nil }
        let (slots, capacity) = limits(slots: plan.maxInFlight, rate: rate)
        return State(schedule: LoadSchedule(plan: plan), slots: slots, capacity: capacity)
    }

    /// The slots, and slots and backlog together: the open model's backlog is a second of its
    /// rate, at least its slots, at most 100,000; the closed model has no more than its slots.
    static func limits(slots: Int, rate: Double?) -> (slots: Int, capacity: Int) {
        let slots = min(max(1, slots), 1 << 40)
        guard let rate else { return (slots, slots) }
        let second = rate > 0 ? Int(min(rate, 100_000)) : 0
        return (slots, slots + min(100_000, max(slots, second)))
    }

    /// The clock due times are on (monotonic nanoseconds).
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Iterations running now, and waiting for a slot; readable from any thread.
    public var inFlight: Int { inFlightCount.load(ordering: .relaxed) }

    /// Iterations so far that were due when every slot was busy, and waited for one.
    public var waitedForSlot: Int { state.withLock { $0.waitedForSlot } }

    /// Starts the run and returns when it ends: every iteration done, or ``stop()`` called.
    public func run() async -> LoadEnding {
        await withCheckedContinuation { continuation in
            queue.async { [self] in
                if let ending {
                    continuation.resume(returning: ending)
                    return
                }
                waiters.append(continuation)
                guard !begun else { return }
                begun = true
                begin()
            }
        }
    }

    /// Ends the run now: nothing more starts, what is running is abandoned, and the figures
    /// cover what completed.
    public func stop() {
        queue.async { [self] in
            guard ending == nil else { return }
            finish(stopped: true)
        }
    }

    // MARK: - Starting

    private func begin() {
        let now = Self.now()
        state.withLock {
            $0.startNanos = now
            $0.lastEnd = now
        }
        if let transport {
            // The transport thread starts what is due, in its own passes.
            transport.setPacer(self)
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in
            // Fired: the next wake is armed whatever it is.
            self?.state.withLock { $0.armedWake = nil }
            self?.timerFired()
        }
        timer.resume()
        self.timer = timer
        timerFired()
    }

    /// The queue's look at the schedule: starts what is due, re-arms the timer when its wake
    /// changed, and ends the run when nothing is left.
    func timerFired() {
        guard ending == nil else { return }
        pump(onTransport: false)
        let (wake, rearm, done) = state.withLock { state -> (Double?, Bool, Bool) in
            let seconds = Double(Self.now() - state.startNanos) / 1e9
            let wake = Self.nextWake(state, after: seconds)
            let rearm = wake != state.armedWake
            state.armedWake = wake
            return (wake.map { $0 - seconds }, rearm, Self.isDone(state) || Self.isPastCutOff(state, at: seconds))
        }
        if done { return finish(stopped: false) }
        guard rearm, let wake else { return }
        timer?.schedule(deadline: .now() + max(0, wake), leeway: .microseconds(50))
    }

    private static func isDone(_ state: State) -> Bool {
        state.schedule.exhausted && state.running == 0 && state.backlog.isEmpty
    }

    /// Whether the end time's grace is over with iterations still running: the run ends there.
    private static func isPastCutOff(_ state: State, at seconds: Double) -> Bool {
        guard let end = state.schedule.endTime else { return false }
        return seconds >= end + LoadPlan.endGrace && !isDone(state)
    }

    /// When the run next needs a look (seconds from the start): the schedule's next wake; once
    /// it has none, the end time while iterations wait for a slot (they are dropped there),
    /// then the end of the grace while anything still runs.
    private static func nextWake(_ state: State, after seconds: Double) -> Double? {
        if let wake = state.schedule.nextWake(after: seconds) { return wake }
        guard let end = state.schedule.endTime, !isDone(state) else { return nil }
        return !state.backlog.isEmpty && seconds < end ? end : end + LoadPlan.endGrace
    }

    /// Starts what is due now, from the queue or (after a completion) the transport thread.
    /// Requests are handed to the transport under the lock (a job and an append: no array
    /// per call); a chain's iterations start outside it.
    private func pump(onTransport: Bool) {
        var launches: [Launch] = []
        let count = targets.count
        state.withLock { state in
            guard !state.over else { return }
            let start = state.startNanos
            let seconds = Double(Self.now() - start) / 1e9
            let waiting = state.running + state.backlog.count
            var due = 0
            state.schedule.take(at: seconds, inFlight: waiting, room: max(0, state.capacity - waiting)) { time in
                state.backlog.append(start + LoadNanoseconds.from(time))
                due += 1
            }
            while state.running < state.slots, let due = state.backlog.popFirst() {
                state.running += 1
                let warmup = state.schedule.isWarmup(Double(due - start) / 1e9)
                let launch = Launch(id: state.nextID, target: count > 0 ? state.nextTarget : 0, due: due, warmup: warmup,
                                    captures: iterations == nil && state.sampling.capturesNext())
                state.nextID += 1
                if count > 0 { state.nextTarget = (state.nextTarget + 1) % count }
                if iterations == nil { send(launch, onTransport: onTransport) } else { launches.append(launch) }
            }
            // Those due in this pass that found no slot wait (the backlog is first in, first out).
            state.waitedForSlot += min(due, state.backlog.count)
            if !state.backlog.isEmpty, let end = state.schedule.endTime, seconds >= end {
                // The end came while these waited for a slot: they are not sent.
                let measuredFrom = start + LoadNanoseconds.from(plan.warmup)
                state.droppedAtEnd += state.backlog.count { $0 >= measuredFrom }
                state.backlog.removeAll()
            }
            inFlightCount.store(state.running + state.backlog.count, ordering: .relaxed)
        }
        for launch in launches { start(launch) }
    }

    /// Hands a request to the transport.
    private func send(_ launch: Launch, onTransport: Bool) {
        let job = LoadJob(id: launch.id, target: launch.target, sent: targets[launch.target], progress: progress,
                          due: launch.due, warmup: launch.warmup, driver: self, captures: launch.captures, checks: checks)
        if onTransport { transport?.submitOnTransport(job) } else { transport?.submit(job) }
    }

    /// Starts a chain's iteration.
    private func start(_ launch: Launch) {
        iterations?.start(index: launch.id, due: launch.due, warmup: launch.warmup) { [weak self] samples in
            guard let self else { return }
            self.queue.async { self.iterationEnded(samples) }
        }
    }

    // MARK: - Ends

    /// A fast-path transfer ended: on the transport thread, in the pass it ended.
    func transferEnded(_ job: LoadJob, outcome: TransferOutcome) {
        var sample = job.sample(of: outcome)
        let recorded = state.withLock { state -> Bool in
            guard !state.over else { return false }
            sample.inFlight = state.running + state.backlog.count
            state.running -= 1
            state.lastEnd = max(state.lastEnd, job.due + sample.latency)
            state.sampling.ended(status: sample.status, error: sample.error, captured: sample.exchange != nil)
            return true
        }
        guard recorded else { return }
        sink.record(sample)
        pump(onTransport: true)
        if state.withLock({ Self.noticeEnd(&$0, at: Self.now()) }) { queue.async { [self] in timerFired() } }
    }

    /// Whether the run has just been seen to be over, or past its cut-off: the first time only.
    private static func noticeEnd(_ state: inout State, at now: UInt64) -> Bool {
        guard !state.endNoticed else { return false }
        let seconds = Double(now > state.startNanos ? now - state.startNanos : 0) / 1e9
        guard isDone(state) || isPastCutOff(state, at: seconds) else { return false }
        state.endNoticed = true
        return true
    }

    private func iterationEnded(_ samples: [LoadSample]) {
        guard ending == nil else { return }
        let inFlight = state.withLock { state in
            defer { state.running -= 1 }
            state.lastEnd = Self.now()
            return state.running + state.backlog.count
        }
        for var sample in samples {
            sample.inFlight = inFlight
            sink.record(sample)
        }
        timerFired()
    }

    private func finish(stopped: Bool) {
        let (start, lastEnd, unsent, abandoned) = state.withLock { state in
            state.over = true
            if stopped { state.lastEnd = Self.now() }
            // A stop abandons what runs by request; only the cut-off's are counted.
            let abandoned = stopped ? 0 : state.running + state.backlog.count
            state.backlog.removeAll()
            state.running = 0
            return (state.startNanos, state.lastEnd, state.schedule.measuredSkipped + state.droppedAtEnd, abandoned)
        }
        inFlightCount.store(0, ordering: .relaxed)
        timer?.cancel()
        timer = nil
        transport?.shutdown()
        iterations?.cancelAll()
        let measuredStart = start + LoadNanoseconds.from(plan.warmup)
        var result = LoadEnding(stopped: stopped,
                                measuredSeconds: lastEnd > measuredStart ? Double(lastEnd - measuredStart) / 1e9 : 0)
        result.unsent = unsent
        result.abandoned = abandoned
        ending = result
        for waiter in waiters { waiter.resume(returning: result) }
        waiters.removeAll()
    }
}

extension LoadDriver: TransportPacer {
    /// On the transport thread: starts what is due, and names the schedule's next wake.
    func pace(now: UInt64) -> UInt64? {
        pump(onTransport: true)
        let (wake, ended, lag) = state.withLock { state -> (UInt64?, Bool, UInt64?) in
            guard !state.over else { return (nil, false, nil) }
            // The pass that reached the wake asked for: how late it came.
            let lag = state.askedWake.flatMap { now >= $0 ? now - $0 : nil }
            let seconds = Double(now > state.startNanos ? now - state.startNanos : 0) / 1e9
            let wake = Self.nextWake(state, after: seconds).map { state.startNanos + LoadNanoseconds.from($0) }
            state.askedWake = wake
            return (wake, Self.noticeEnd(&state, at: now), lag)
        }
        if let lag { sink.loopLagged(lag) }
        if ended { queue.async { [self] in timerFired() } }
        return wake
    }
}
