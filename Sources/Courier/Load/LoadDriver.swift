import DequeModule
import Dispatch
import Foundation
import Synchronization

/// Runs a load run: starts iterations as its ``LoadPlan`` says and hands what each measured to
/// a ``LoadSampleSink``.
///
/// Requests and batches take the fast path: each target is prepared once, and every send is a
/// ``LoadJob`` on the driver's own libcurl transport (its own thread, connection cache and
/// slots: `maxInFlight` of them), whose outcome comes straight back here. Nothing per request
/// beyond what the transfer needs: no ``Request``, no record, no history, no body kept.
/// Chains go through ``LoadIterations``. Everything here runs on one serial queue.
/// `@unchecked`: the mutable state is touched only on `queue`.
public final class LoadDriver: @unchecked Sendable {
    private let queue = DispatchQueue(label: "courier.load", qos: .userInitiated)
    private let plan: LoadPlan
    private let sink: any LoadSampleSink
    private let targets: [SharedPreparedRequest]
    private let iterations: (any LoadIterations)?
    private var transport: Transport?
    private let progress = ProgressCell()
    private var schedule: LoadSchedule
    private var timer: DispatchSourceTimer?
    private var startNanos: UInt64 = 0
    private var lastEnd: UInt64 = 0
    private var running = 0
    /// Due times waiting for a slot (open model, all `maxInFlight` busy).
    private var backlog = Deque<UInt64>()
    private var nextTarget = 0
    private var nextID = 0
    private var waiters: [CheckedContinuation<LoadEnding, Never>] = []
    private var ending: LoadEnding?
    private let inFlightCount = Atomic<Int>(0)

    /// A run of prepared requests, round-robin (a batch's items, or one request).
    public init(plan: LoadPlan, requests: [PreparedRequest], sink: any LoadSampleSink) {
        self.plan = plan
        self.sink = sink
        targets = requests.map { prepared in
            var prepared = prepared
            prepared.discardsResponseBody = true
            return SharedPreparedRequest(prepared)
        }
        iterations = nil
        schedule = LoadSchedule(plan: plan)
    }

    /// A run of iterations the caller starts (a chain).
    public init(plan: LoadPlan, iterations: any LoadIterations, sink: any LoadSampleSink) {
        self.plan = plan
        self.sink = sink
        targets = []
        self.iterations = iterations
        schedule = LoadSchedule(plan: plan)
    }

    /// The clock due times are on (monotonic nanoseconds).
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Iterations running now, and waiting for a slot; readable from any thread.
    public var inFlight: Int { inFlightCount.load(ordering: .relaxed) }

    /// Starts the run and returns when it ends: every iteration done, or ``stop()`` called.
    public func run() async -> LoadEnding {
        await withCheckedContinuation { continuation in
            queue.async { [self] in
                if let ending {
                    continuation.resume(returning: ending)
                    return
                }
                waiters.append(continuation)
                guard waiters.count == 1, startNanos == 0 else { return }
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

    // MARK: - On the queue

    private func begin() {
        startNanos = Self.now()
        lastEnd = startNanos
        if iterations == nil {
            let transport = Transport(completionQueue: queue)
            transport.setConcurrencyLimit(plan.maxInFlight)
            self.transport = transport
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.pump() }
        timer.resume()
        self.timer = timer
        pump()
    }

    /// Starts what is due and arms the timer for the next look.
    private func pump() {
        guard ending == nil else { return }
        let now = Self.now()
        let seconds = Double(now - startNanos) / 1e9
        let start = startNanos
        schedule.take(at: seconds, inFlight: running + backlog.count) { due in
            backlog.append(start + UInt64(due * 1e9))
        }
        while running < plan.maxInFlight, let due = backlog.popFirst() { launch(due: due) }
        publishInFlight()
        if let wake = schedule.nextWake(after: seconds) {
            let delay = max(0, wake - seconds)
            timer?.schedule(deadline: .now() + delay, leeway: .microseconds(100))
        } else if schedule.exhausted, running == 0, backlog.isEmpty {
            finish(stopped: false)
        }
    }

    private func launch(due: UInt64) {
        let index = nextID
        nextID += 1
        running += 1
        let warmup = schedule.isWarmup(Double(due - startNanos) / 1e9)
        if let iterations {
            iterations.start(index: index, due: due, warmup: warmup) { [weak self] samples in
                guard let self else { return }
                self.queue.async { self.iterationEnded(samples) }
            }
            return
        }
        let target = nextTarget
        nextTarget = (nextTarget + 1) % targets.count
        transport?.submit(LoadJob(id: index, target: target, sent: targets[target], progress: progress,
                                  due: due, warmup: warmup, driver: self))
    }

    /// A fast-path transfer ended (on the queue: the transport's completion queue).
    func transferEnded(_ job: LoadJob, outcome: TransferOutcome) {
        guard ending == nil else { return }
        running -= 1
        let sample = job.sample(of: outcome)
        lastEnd = max(lastEnd, job.due + sample.latency)
        sink.record(sample)
        pump()
    }

    private func iterationEnded(_ samples: [LoadSample]) {
        guard ending == nil else { return }
        running -= 1
        lastEnd = Self.now()
        for sample in samples { sink.record(sample) }
        pump()
    }

    private func publishInFlight() {
        inFlightCount.store(running + backlog.count, ordering: .relaxed)
    }

    private func finish(stopped: Bool) {
        timer?.cancel()
        timer = nil
        if stopped { lastEnd = Self.now() }
        transport?.shutdown()
        transport = nil
        iterations?.cancelAll()
        backlog.removeAll()
        running = 0
        publishInFlight()
        let measuredStart = startNanos + UInt64(plan.warmup * 1e9)
        let result = LoadEnding(stopped: stopped,
                                measuredSeconds: lastEnd > measuredStart ? Double(lastEnd - measuredStart) / 1e9 : 0)
        ending = result
        for waiter in waiters { waiter.resume(returning: result) }
        waiters.removeAll()
    }
}
