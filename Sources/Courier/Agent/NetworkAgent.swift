import Dispatch
import Foundation
import Logging
import Synchronization

/// Sends requests (YTKNetworkAgent): builds each one, hands it to the libcurl transport,
/// keeps the record table of requests in flight, decides outcomes off the transport thread
/// (a light response's on its callback queue, the rest on a processing queue) and delivers
/// callbacks on the config's callback queue.
public final class NetworkAgent: Sendable {
    /// The agent `Request.start()` uses unless a request names another.
    public static let shared = NetworkAgent(config: .shared)

    /// The settings the agent reads for each request it starts; a change applies to requests
    /// started after it.
    public let config: NetworkConfig
    /// Where the agent's transfers keep cookies and take them from: its own jar by default, one
    /// shared with other agents, or nil for none (no cookie is sent or kept).
    public let cookieJar: CookieJar?
    /// The batches and chains running on this agent, kept alive until they finish.
    public let groups = GroupAgent()
    let transport: any TransferDriver
    let table = Mutex(RecordTable())
    let processingQueue: DispatchQueue
    let eventHub = EventHub()
    /// Recently read and written cache entries, and writes not yet on disk.
    let cacheMemory: CacheMemory
    /// Writes successful responses of cached requests.
    let cacheWriter: CacheWriter
    /// Plans and ends resumable downloads' attempts.
    let downloads = DownloadAttempts()

    /// Counts the record table's changes, for incremental reads (``recordChanges(since:)``).
    let recordClock = RecordClock()

    /// An agent with `config`, whose transfers keep cookies in `cookieJar`.
    public convenience init(config: NetworkConfig = NetworkConfig(), cookieJar: CookieJar? = CookieJar()) {
        self.init(config: config, cookieJar: cookieJar) { Transport(completionQueue: $0) }
    }

    /// An agent whose transfers go through the driver `makeTransport` returns for the
    /// completion queue it is given (a scripted driver, in tests).
    init(config: NetworkConfig, cookieJar: CookieJar? = CookieJar(), transport makeTransport: (DispatchQueue) -> any TransferDriver) {
        self.config = config
        self.cookieJar = cookieJar
        processingQueue = DispatchQueue(label: "courier.processing", attributes: .concurrent)
        transport = makeTransport(processingQueue)
        cacheMemory = CacheMemory(byteLimit: config.memoryCacheBytes)
        cacheWriter = CacheWriter(memory: cacheMemory)
    }

    /// Returns once every response queued for the cache so far is written (cached requests
    /// write in the background unless ``CachedRequest/writeCacheAsynchronously`` is false).
    /// Lookups never need it: a queued write already answers them.
    public func waitForCacheWrites() async {
        await cacheWriter.waitUntilIdle()
    }

    deinit { transport.shutdown() }

    // MARK: - Record table

    /// The requests in flight, oldest first. Cheap enough to call many times a second: the
    /// table's lock is held only to copy references.
    public func records() -> [RequestRecord] {
        let entries = table.withLock { Array($0.entries.values) }
        return RecordOrder.oldestFirst(entries, id: \.id).map(\.record)
    }

    /// How many requests are in flight (queued, running or waiting to retry).
    public var inFlightCount: Int { table.withLock { $0.entries.count } }

    /// Whether the transport thread has started. It starts with the first transfer, so an
    /// agent that only builds requests (`export-curl`, a cache lookup) never starts one.
    public var isTransportRunning: Bool { transport.isRunning }

    /// Passes of the transport loop so far. It stays flat while the agent is idle: the
    /// transport thread sleeps in `curl_multi_poll`.
    public var transportLoopIterations: Int { transport.loopIterations }

    /// Lifecycle events of every request, batch and chain this agent runs: started, progress,
    /// finished, from cache, cancelled. A slow reader loses the oldest events beyond `limit`.
    /// Progress events come for transfers that start while a stream is open.
    public func events(bufferingNewest limit: Int = 1024) -> AsyncStream<LifecycleEvent> {
        eventHub.stream(bufferingNewest: limit)
    }

    // MARK: - Cancelling

    /// Stops a request (same as `request.stop()`): no failure callback follows.
    public func cancel(_ request: Request) { request.stop() }

    /// Stops every request in flight.
    public func cancelAll() {
        table.withLock { $0.entries.values.map(\.request) }.forEach { $0.stop() }
    }

    /// Stops every request in flight whose `tag` is `tag`.
    public func cancel(tag: Int) {
        table.withLock { $0.entries.values.map(\.request) }.filter { $0.tag == tag }.forEach { $0.stop() }
    }

    // MARK: - Running (called by Request)

    /// Registers and sends a request whose run `context` has claimed.
    func add(_ request: Request, context: RunContext) {
        // Fields are read in place, and the builder takes the snapshot: a copy of the settings
        // struct (a local, or an argument) retains and releases every reference in it.
        transport.setConcurrencyLimit(context.settings.maxConcurrentTransfers)
        let id = table.withLock { table in
            defer { table.nextID += 1 }
            return table.nextID
        }
        let sent: SharedPreparedRequest
        var buildError: RequestError?
        do {
            try Interception.check(request, snapshot: context.snapshot)
            var prepared = try RequestBuilder.prepare(request, snapshot: context.snapshot)
            if request.sendsCookies { prepared.cookieJar = cookieJar }
            sent = SharedPreparedRequest(prepared)
        } catch {
            buildError = error
            sent = SharedPreparedRequest(PreparedRequest(url: request.requestURL, method: request.method, headers: [], body: nil,
                                                         timeoutInterval: RequestBuilder.timeoutInterval(request.timeoutInterval),
                                                         tlsPolicy: context.settings.tlsPolicy, proxy: context.settings.proxy,
                                                         userAgent: context.settings.userAgent))
        }
        let entry = RecordEntry(id: id, request: request, sent: sent, context: context, priority: request.priority,
                                clock: recordClock)
        request.enqueue(taskID: id)
        table.withLock { $0.insert(entry) }
        if let buildError {
            failBeforeTransfer(entry, error: buildError)
            return
        }
        if context.logsDebug {
            let prepared = sent.value
            let headers = Redaction.headers(prepared.headers).map { "\($0.name): \($0.value)" }.joined(separator: "; ")
            context.settings.logger.debug("→ #\(id) \(prepared.method.rawValue) \(prepared.url) [\(headers)]")
        }
        if let authenticator = request.authenticator ?? context.settings.authenticator {
            authorize(entry, with: authenticator)
        } else {
            submit(entry, sent: sent)
        }
    }

    /// Removes a request's record and cancels its transfer. Nil when it was not in flight.
    func detach(_ request: Request) -> RecordEntry? {
        guard let id = request.taskID else { return nil }
        let entry = table.withLock { table -> RecordEntry? in
            guard let entry = table.entries[id], entry.request === request else { return nil }
            return table.remove(id: id, clock: recordClock)
        }
        if let entry {
            entry.external.withLock { $0 }?.cancel()
            transport.cancel(id: id)
            downloads.turns.release(id: id)
        }
        return entry
    }

    func isCurrent(_ entry: RecordEntry) -> Bool {
        table.withLock { $0.entries[entry.id] === entry }
    }

    /// Hands one attempt to the transport; a download waits for its turn at its destination
    /// (``DestinationTurns``).
    func submit(_ entry: RecordEntry, sent: SharedPreparedRequest) {
        guard let path = entry.request.resumableDownloadPath else { return start(entry, sent: sent) }
        let destination = ResumableDownloads.destination(for: path, url: sent.value.url).path
        downloads.turns.take(destination, id: entry.id) {
            // Stopped while it waited: the next in line goes.
            guard self.isCurrent(entry) else { return self.downloads.turns.release(id: entry.id) }
            self.start(entry, sent: sent)
        }
    }

    /// Starts one attempt. A download is planned afresh for every attempt, so a retry resumes
    /// from what the previous one fetched.
    private func start(_ entry: RecordEntry, sent: SharedPreparedRequest) {
        var sent = sent
        if entry.request.resumableDownloadPath != nil {
            var planned = sent.value
            do {
                try downloads.plan(&planned, for: entry.request, settings: entry.settings)
            } catch {
                downloads.turns.release(id: entry.id)
                failBeforeTransfer(entry, error: error)
                return
            }
            sent = SharedPreparedRequest(planned)
        }
        let handlers = entry.request.progressHandlers
        let throttle = ProgressThrottle.forHandlers(queue: entry.settings.callbackQueue,
                                                    download: handlers.download, upload: handlers.upload)
        let attempt = TransferAttempt(entry: entry, sent: sent, throttle: throttle)
        if let external = entry.request.externalTransport {
            let transfer = ExternalTransfer(attempt: attempt, completionQueue: processingQueue)
            entry.external.withLock { $0 = transfer }
            external.begin(transfer)
            return
        }
        transport.submit(attempt)
    }

    /// Fails a request that cannot be sent (or a download that cannot be planned), on the
    /// processing queue as any outcome is decided.
    func failBeforeTransfer(_ entry: RecordEntry, error: RequestError) {
        processingQueue.async {
            guard entry.request.move(to: .processing) else { return }
            self.finish(entry, content: ResponseContent(), error: error)
        }
    }

    /// Decides an attempt's outcome, on the processing queue or, for a light response, on
    /// its callback queue (``TransferAttempt/completionQueue(bodyByteCount:)``); the callbacks go into `batch`.
    func transferFinished(_ attempt: TransferAttempt, outcome: TransferOutcome, batch: CallbackBatch) {
        let entry = attempt.entry, sent = attempt.sent, throttle = attempt.throttle
        let request = entry.request
        sent.value.cookieJar?.transferEnded()
        guard isCurrent(entry), request.move(to: .processing) else {
            downloads.turns.release(id: entry.id)
            return
        }
        if reconnectStream(entry, sent: sent, outcome: outcome) { return }
        var (content, error) = ResponsePipeline.process(outcome, request: request, snapshot: entry.context.snapshot)
        keepStream(of: entry, outcome: outcome, in: &content)
        if let plan = sent.value.download {
            let ending = downloads.end(plan, outcome: outcome, succeeded: error == nil)
            // The body is in place (or kept): the next download to this file may plan.
            downloads.turns.release(id: entry.id)
            switch ending {
            case .restart:
                entry.settings.logger.info("↻ #\(entry.id) resume refused (416): downloading from the start")
                if request.move(to: .queued) { submit(entry, sent: sent) }
                return
            case .finished(let moveError):
                if let moveError { error = moveError }
            }
            if error == nil {
                content.downloadedFile = plan.destination
                var last = entry.progress.snapshot
                last.bytesReceived = outcome.metrics?.bytesReceived ?? last.bytesReceived
                throttle?.report(last, final: true)
            }
        }
        if offerRecovery(entry, content: content, error: error) { return }
        conclude(entry, content: content, error: error, batch: batch)
    }

    /// Retries as the retry policy says, or finishes.
    func conclude(_ entry: RecordEntry, content: ResponseContent, error: RequestError?, batch: CallbackBatch?) {
        let request = entry.request
        // A gRPC call's messages went with the attempt: it is not retried.
        if let error, entry.outbox == nil, let policy = request.retryPolicy ?? entry.settings.retryPolicy {
            let retries = entry.progress.snapshot.retryCount
            if policy.shouldRetry(method: entry.prepared.method, error: error, retriesSoFar: retries) {
                scheduleRetry(entry, after: policy.delay(afterRetries: retries), retries: retries + 1, cause: error)
                return
            }
        }
        if let metrics = content.metrics { entry.settings.metricsHandler?(request, metrics) }
        finish(entry, content: content, error: error, batch: batch)
    }

    private func scheduleRetry(_ entry: RecordEntry, after delay: TimeInterval, retries: Int, cause: RequestError) {
        entry.progress.update { progress in
            progress = TransferProgress()
            progress.retryCount = retries
        }
        guard entry.request.requeueForRetry(retries) else { return }
        entry.settings.logger.info("↻ #\(entry.id) retry \(retries) in \(delay) s after: \(cause.message)")
        processingQueue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, self.isCurrent(entry) else { return }
            self.submit(entry, sent: entry.sent)
        }
    }

    /// Stores the outcome, writes a successful response to the cache, runs the preprocessor
    /// here and the callbacks on the callback queue (with the rest of `batch` when there is one).
    private func finish(_ entry: RecordEntry, content: ResponseContent, error: RequestError?,
                        batch: CallbackBatch? = nil) {
        let request = entry.request
        guard request.store(content: content, error: error) else { return }
        if error == nil {
            if let (write, asynchronously) = request.cacheWrite(after: content, context: entry.context) {
                cacheWriter.submit(write, settings: entry.settings, asynchronously: asynchronously)
            }
            request.requestCompletePreprocessor()
        } else {
            request.requestFailedPreprocessor()
        }
        let delivery: @Sendable () -> Void = { self.deliver(entry, error: error) }
        if let batch { batch.add(entry.settings.callbackQueue, delivery) } else { entry.settings.callbackQueue.async(execute: delivery) }
    }

    /// Removes the record and runs the callbacks, unless the request was stopped meanwhile.
    private func deliver(_ entry: RecordEntry, error: RequestError?) {
        let removed = table.withLock { table -> Bool in
            guard table.entries[entry.id] === entry else { return false }
            table.remove(id: entry.id, clock: recordClock)
            return true
        }
        guard removed else { return }
        log(entry, error: error)
        entry.request.deliverCallbacks(error: error)
    }

    private func log(_ entry: RecordEntry, error: RequestError?) {
        let logger = entry.settings.logger
        guard logger.logLevel <= (error == nil ? .debug : .notice) else { return }
        let request = entry.request
        let milliseconds = Int(Date().timeIntervalSince(entry.startedAt) * 1000)
        let line = "#\(entry.id) \(entry.prepared.method.rawValue) \(entry.prepared.url) \(milliseconds) ms"
        if let error {
            logger.notice("✗ \(line): \(error)")
        } else {
            logger.debug("← \(request.responseStatusCode) \(line) \(request.responseData?.count ?? 0) B")
        }
    }
}
