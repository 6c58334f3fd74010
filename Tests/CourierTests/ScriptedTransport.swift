@testable import Courier
import Dispatch
import Foundation
import HTTPTypes
import Synchronization

/// A list that a test can await: `wait(for: n)` returns once `n` elements were appended, or
/// false after a deadline — so that a missing feature fails the test instead of hanging it.
/// The deadline is a failure bound, never a way to let something happen.
final class AwaitableLog<Element: Sendable>: Sendable {
    private struct Waiter {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var entries: [Element] = []
        var waiters: [Waiter] = []
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    var entries: [Element] { state.withLock { $0.entries } }
    var count: Int { state.withLock { $0.entries.count } }

    func append(_ element: Element) {
        let ready = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.entries.append(element)
            let total = state.entries.count
            defer { state.waiters.removeAll { $0.count <= total } }
            return state.waiters.filter { $0.count <= total }.map(\.continuation)
        }
        ready.forEach { $0.resume(returning: true) }
    }

    /// Suspends until at least `count` elements were appended (true), or `timeout` passed (false).
    func wait(for count: Int, timeout: TimeInterval = 120) async -> Bool {
        await withCheckedContinuation { continuation in
            let id = state.withLock { state -> UInt64? in
                if state.entries.count >= count { return nil }
                state.nextWaiter += 1
                state.waiters.append(Waiter(id: state.nextWaiter, count: count, continuation: continuation))
                return state.nextWaiter
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
                self?.expire(id)
            }
        }
    }

    /// The `count`-th element (1-based) once it exists; nil after `timeout`.
    func element(_ count: Int, timeout: TimeInterval = 120) async -> Element? {
        guard await wait(for: count, timeout: timeout) else { return nil }
        return state.withLock { $0.entries[count - 1] }
    }

    private func expire(_ id: UInt64) {
        let expired = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index).continuation
        }
        expired?.resume(returning: false)
    }
}

/// A request that notes the phase it is in whenever the engine touches it, so a test can
/// read a run's path through ``RequestPhase`` deterministically. The scripted transport
/// notes it when a job is submitted and when it starts.
protocol PhaseTracing: AnyObject, Sendable {
    func tracePhase()
}

/// A ``TransferDriver`` that moves no bytes: it records every job the agent submits, starts
/// them in the real ``PendingJobs`` order as slots free up under the agent's concurrency
/// limit (calling `transferStarted()`), and lets the test answer each running job with the
/// ``TransferOutcome`` it chooses. Completions run on the agent's processing queue in a
/// ``CallbackBatch``, as ``Transport`` sends them.
///
/// Starting is synchronous: when `submit` returns (and so when `request.start()` returns),
/// the job is either running or waiting in the queue, and when `answer` returns the jobs
/// the freed slot lets in have started.
final class ScriptedTransport: TransferDriver {
    private struct State {
        var pending = PendingJobs()
        var running: [Int: TransferJob] = [:]
        var limit = 8
        var shutDown = false
        var everSubmitted = false
        var passes = 0
    }

    /// The agent's processing queue: where completions must run.
    let queue: DispatchQueue
    private let state = Mutex(State())
    /// Every job submitted, in order (a retry or a restart is a new job with the same id).
    let submitted = AwaitableLog<TransferJob>()
    /// Every job that got a slot, in the order they got it.
    let started = AwaitableLog<TransferJob>()
    /// The ids the agent cancelled.
    let cancelled = AwaitableLog<Int>()

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// An agent whose transfers go to a new scripted transport.
    static func agent(config: NetworkConfig) -> (agent: NetworkAgent, transport: ScriptedTransport) {
        var made: ScriptedTransport?
        let agent = NetworkAgent(config: config) { queue in
            let transport = ScriptedTransport(queue: queue)
            made = transport
            return transport
        }
        return (agent, made!)
    }

    /// The request a job belongs to.
    static func request(of job: TransferJob) -> Request? {
        (job as? TransferAttempt)?.entry.request
    }

    /// The ids of the jobs running now.
    var runningIDs: Set<Int> { state.withLock { Set($0.running.keys) } }

    // MARK: - TransferDriver

    func submit(_ job: TransferJob) {
        let accepted = state.withLock { state -> Bool in
            guard !state.shutDown else { return false }
            state.everSubmitted = true
            state.pending.append(job)
            return true
        }
        guard accepted else { return }
        (Self.request(of: job) as? PhaseTracing)?.tracePhase()
        submitted.append(job)
        startWhatFits()
    }

    func cancel(id: Int) {
        let found = state.withLock { state -> Bool in
            if state.pending.remove(id: id) { return true }
            return state.running.removeValue(forKey: id) != nil
        }
        guard found else { return }
        cancelled.append(id)
        startWhatFits()
    }

    func setConcurrencyLimit(_ limit: Int) {
        state.withLock { $0.limit = max(1, limit) }
        startWhatFits()
    }

    func shutdown() {
        state.withLock { state in
            state.shutDown = true
            state.running.removeAll()
            while state.pending.popNext() != nil {}
        }
    }

    var isRunning: Bool { state.withLock { $0.everSubmitted } }
    var loopIterations: Int { state.withLock { $0.passes } }

    // MARK: - Answering

    /// Ends a running job with `outcome`: its completion runs where the transport would run it, and
    /// the freed slot starts the next job waiting. False (and nothing happens) when the job
    /// is not running — still queued, already answered, or cancelled.
    @discardableResult
    func answer(_ job: TransferJob, with outcome: TransferOutcome) -> Bool {
        let wasRunning = state.withLock { state -> Bool in
            guard state.running[job.id] === job else { return false }
            state.running[job.id] = nil
            return true
        }
        guard wasRunning else { return false }
        CompletionRouting.send([(job, outcome)], defaultQueue: queue)
        startWhatFits()
        return true
    }

    /// Answers `job` with a response: `status`, `headers` (Content-Type included if wanted) and `body`.
    @discardableResult
    func answer(_ job: TransferJob, status: Int, headers: [String: String] = [:], body: Data = Data()) -> Bool {
        answer(job, with: Self.response(for: job, status: status, headers: headers, body: body))
    }

    /// Answers `job` with a JSON body.
    @discardableResult
    func answer(_ job: TransferJob, status: Int, json: String) -> Bool {
        answer(job, status: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
    }

    /// Answers `job` with a transport error (no response).
    @discardableResult
    func answer(_ job: TransferJob, error: RequestError) -> Bool {
        answer(job, with: TransferOutcome(error: error))
    }

    /// Answers a download job as the real transport does for a 2xx: the body goes into the
    /// plan's partial file (replacing what was there), the job hears that the body
    /// started with the response's validators, and the outcome says the body is on disk.
    @discardableResult
    func answerDownload(_ job: TransferJob, status: Int = 200, body: Data, etag: String?) throws -> Bool {
        guard let plan = job.request.download else { throw ScriptError("job #\(job.id) is not a download") }
        guard runningIDs.contains(job.id) else { return false }
        guard FileManager.default.createFile(atPath: plan.partialFile.path, contents: body,
                                             attributes: [.posixPermissions: 0o600]) else {
            throw ScriptError("cannot write \(plan.partialFile.path)")
        }
        job.downloadBodyStarted(plan, etag: etag, lastModified: nil)
        var headers: [String: String] = ["Content-Length": String(body.count)]
        if let etag { headers["ETag"] = etag }
        var outcome = Self.response(for: job, status: status, headers: headers, body: Data())
        outcome.download = DownloadResult(wroteToFile: true)
        return answer(job, with: outcome)
    }

    /// A response outcome for `job`; a download's is marked as not written to its file (a
    /// non-2xx body stays in memory, as the real transport keeps error pages).
    static func response(for job: TransferJob, status: Int, headers: [String: String], body: Data) -> TransferOutcome {
        let block = headers.sorted(by: { $0.key < $1.key }).map { "\($0.key): \($0.value)\r\n" }.joined()
        let head = ReceivedHead(url: job.request.url, statusCode: status, httpVersion: "HTTP/1.1", fieldLines: Array(block.utf8))
        return TransferOutcome(received: head, body: body, metrics: nil, error: nil,
                               download: job.request.download == nil ? nil : DownloadResult())
    }

    // MARK: - Slots

    /// Starts queued jobs, highest priority first, while slots are free. The jobs hear
    /// `transferStarted()` outside the lock, in the order the jobs got their slots.
    private func startWhatFits() {
        let starting = state.withLock { state -> [TransferJob] in
            state.passes += 1
            var jobs: [TransferJob] = []
            while !state.shutDown, state.running.count < state.limit, let next = state.pending.popNext() {
                state.running[next.id] = next
                jobs.append(next)
            }
            return jobs
        }
        for job in starting {
            job.transferStarted()
            (Self.request(of: job) as? PhaseTracing)?.tracePhase()
            started.append(job)
        }
    }
}

struct ScriptError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A plain request for scripted runs: every setting stored, every hook noting the phase it
/// runs in, every callback recorded.
final class ScriptedRequest: Request, PhaseTracing, @unchecked Sendable {
    struct Settings: Sendable {
        var url = "/scripted"
        var retryPolicy: RetryPolicy?
        var downloadPath: String?
    }

    private let settings: Mutex<Settings>
    private let phases = Mutex<[RequestPhase]>([])
    /// "success" or "failure", once per callback, in order.
    let callbacks = AwaitableLog<String>()

    init(_ url: String, agent: NetworkAgent, priority: RequestPriority = .default,
         _ configure: (inout Settings) -> Void = { _ in }) {
        var settings = Settings()
        settings.url = url
        configure(&settings)
        self.settings = Mutex(settings)
        super.init()
        self.agent = agent
        self.priority = priority
        listen()
    }

    /// Sets the completion handlers that record into ``callbacks``; a run clears them when
    /// it finishes, so a request started again needs them again.
    func listen() {
        successCompletionHandler = { request in
            (request as? ScriptedRequest)?.tracePhase()
            (request as? ScriptedRequest)?.callbacks.append("success")
        }
        failureCompletionHandler = { request in
            (request as? ScriptedRequest)?.tracePhase()
            (request as? ScriptedRequest)?.callbacks.append("failure")
        }
    }

    override var requestURL: String { settings.withLock { $0.url } }
    override var retryPolicy: RetryPolicy? { settings.withLock { $0.retryPolicy } }
    override var resumableDownloadPath: String? { settings.withLock { $0.downloadPath } }

    /// The phases the request was seen in, without repeats in a row.
    var tracedPhases: [RequestPhase] { phases.withLock { $0 } }

    func tracePhase() {
        let now = phase
        phases.withLock { phases in
            if phases.last != now { phases.append(now) }
        }
    }

    /// Called while the outcome is decided: the processing phase.
    override func isValidStatusCode(_ statusCode: Int) -> Bool {
        tracePhase()
        return super.isValidStatusCode(statusCode)
    }

    override func requestCompletePreprocessor() { tracePhase() }
    override func requestFailedPreprocessor() { tracePhase() }
    override func requestCompleteFilter() { tracePhase() }
    override func requestFailedFilter() { tracePhase() }
}

/// Notes the phase of the request it hears about at every lifecycle step.
final class PhaseTracingAccessory: RequestAccessory, Sendable {
    func requestWillStart(_ subject: AnyObject) { (subject as? PhaseTracing)?.tracePhase() }
    func requestWillStop(_ subject: AnyObject) { (subject as? PhaseTracing)?.tracePhase() }
    func requestDidStop(_ subject: AnyObject) { (subject as? PhaseTracing)?.tracePhase() }
}

/// A config for scripted runs: nothing leaves the process, so the base URL names no real host.
func scriptedConfig(_ configure: (NetworkConfig) -> Void = { _ in }) -> NetworkConfig {
    let config = NetworkConfig()
    config.baseURL = "http://scripted.invalid"
    config.proxy = .none
    config.addAccessory(PhaseTracingAccessory())
    configure(config)
    return config
}

/// Returns once the work queued on `queue` so far has run.
func drain(_ queue: DispatchQueue) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        queue.async { continuation.resume() }
    }
}
