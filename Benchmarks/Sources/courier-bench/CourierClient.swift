import Courier
import Dispatch
import Foundation

/// A GET of an absolute URL whose body is kept raw (no serializer), like the other contenders.
class BenchGet: Request, @unchecked Sendable {
    let url: String
    init(_ url: String) {
        self.url = url
        super.init()
    }
    override var requestURL: String { url }
    override var responseSerializer: ResponseSerializer { .raw }
}

/// A download whose body is dropped as it arrives (`discardsResponseBody`).
final class BenchDiscard: BenchGet, @unchecked Sendable {
    override var discardsResponseBody: Bool { true }
}

/// A download straight to a file through Courier's resumable-download path.
final class BenchDownload: BenchGet, @unchecked Sendable {
    let path: String
    init(_ url: String, path: String) {
        self.path = path
        super.init(url)
    }
    override var resumableDownloadPath: String? { path }
}

/// A cached 1 KiB JSON: fresh for an hour, written synchronously so the first run fills it.
final class BenchCached: CachedRequest, @unchecked Sendable {
    let url: String
    init(_ url: String) {
        self.url = url
        super.init()
    }
    override var requestURL: String { url }
    override var cacheTimeInSeconds: Int { 3600 }
    override var writeCacheAsynchronously: Bool { false }
}

enum CourierClient {
    static func agent(concurrency: Int, scratch: String) -> NetworkAgent {
        let config = NetworkConfig()
        config.update { settings in
            settings.maxConcurrentTransfers = concurrency
            settings.proxy = .none
            settings.cacheDirectory = scratch + "/cache"
            settings.incompleteDownloadsDirectory = scratch + "/incomplete"
        }
        return NetworkAgent(config: config)
    }

    /// `count` GETs, `concurrency` in flight: each completion starts the next request.
    static func smallGets(url: String, count: Int, concurrency: Int, scratch: String, deadline: Double) -> Measurement {
        concurrentRequests(count: count, concurrency: concurrency, scratch: scratch, deadline: deadline) { BenchGet(url) }
    }

    /// `count` requests made by `make`, `concurrency` in flight: each completion starts the next.
    static func concurrentRequests(count: Int, concurrency: Int, scratch: String, deadline: Double,
                                   make: @escaping @Sendable () -> Request) -> Measurement {
        let agent = agent(concurrency: concurrency, scratch: scratch)
        var result = measure { result in
            let tally = Tally()
            tally.countsConnections = true
            let done = DispatchSemaphore(value: 0)
            let started = Counter()
            @Sendable func launch() -> Bool {
                guard started.claim(below: count, deadline: deadline) else { return false }
                let request = make()
                request.agent = agent
                request.start(success: { finished($0, ok: true) }, failure: { finished($0, ok: false) })
                return true
            }
            @Sendable func finished(_ request: Request, ok: Bool) {
                let metrics = request.metrics
                let ended = tally.record(ok: ok, bytes: request.responseData?.count ?? 0,
                                         newConnection: metrics.map { !$0.connectionReused } ?? false)
                if !launch(), ended == started.value { done.signal() }
            }
            for _ in 0..<concurrency { _ = launch() }
            done.wait()
            tally.fill(&result)
        }
        // How many transfers share a pass of the transport loop (and so its dispatches).
        result.extra["transport_passes_per_request"] = Double(agent.transportLoopIterations) / Double(max(result.requests, 1))
        return result
    }

    /// One download: to a file through the download path, or discarded as it arrives.
    static func download(url: String, path: String?, scratch: String) async -> Measurement {
        let agent = agent(concurrency: 1, scratch: scratch)
        return await measureAsync { result in
            let request: BenchGet = path.map { BenchDownload(url, path: $0) } ?? BenchDiscard(url)
            request.agent = agent
            do {
                try await request.run()
                result.requests = 1
                result.bytes = path == nil ? (request.metrics?.bytesReceived ?? 0)
                    : Int64((try? FileManager.default.attributesOfItem(atPath: path!)[.size] as? Int) ?? 0)
            } catch {
                result.failed = 1
            }
        }
    }

    /// Cache hits of a 1 KiB JSON, measured twice: the latency of `start()` → success callback
    /// one at a time (up to 2,000), then CPU per hit with `concurrency` in flight, each
    /// callback starting the next — the same way the small-GET workload loads the network.
    static func cacheHits(url: String, count: Int, concurrency: Int, scratch: String, deadline: Double) -> Measurement {
        let agent = agent(concurrency: 8, scratch: scratch)
        let warm = DispatchSemaphore(value: 0)
        let first = BenchCached(url)
        first.agent = agent
        first.start(success: { _ in warm.signal() }, failure: { _ in warm.signal() })
        warm.wait()
        var latencies: [Double] = []
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<min(count, 2000) where Clock.now() < deadline {
            let request = BenchCached(url)
            request.agent = agent
            let ended = Box(0.0)
            let t0 = Clock.now()
            request.start(success: { _ in ended.value = Clock.now(); done.signal() },
                          failure: { _ in ended.value = Clock.now(); done.signal() })
            done.wait()
            latencies.append(ended.value - t0)
        }
        var result = measure { result in
            let tally = Tally()
            let finishedAll = DispatchSemaphore(value: 0)
            let started = Counter()
            @Sendable func launch() -> Bool {
                guard started.claim(below: count, deadline: deadline) else { return false }
                let request = BenchCached(url)
                request.agent = agent
                request.start(success: { finished($0) }, failure: { finished($0) })
                return true
            }
            @Sendable func finished(_ request: BenchCached) {
                let ended = tally.record(ok: request.isDataFromCache, bytes: request.responseData?.count ?? 0)
                if !launch(), ended == started.value { finishedAll.signal() }
            }
            for _ in 0..<concurrency { _ = launch() }
            finishedAll.wait()
            tally.fill(&result)
        }
        latencies.sort()
        result.extra["median_us"] = percentile(latencies, 0.5) * 1e6
        result.extra["p99_us"] = percentile(latencies, 0.99) * 1e6
        return result
    }

    /// GETs one at a time: the wall time of a request at 1 in flight, start to callback.
    static func sequentialGets(url: String, count: Int, scratch: String, deadline: Double) -> Measurement {
        let agent = agent(concurrency: 1, scratch: scratch)
        return measure { result in
            let done = DispatchSemaphore(value: 0)
            for _ in 0..<count where Clock.now() < deadline {
                let request = BenchGet(url)
                request.agent = agent
                request.start(success: { _ in done.signal() }, failure: { _ in done.signal() })
                done.wait()
                if request.error == nil { result.requests += 1 } else { result.failed += 1 }
            }
        }
    }

    /// `count` requests started at once (the agent runs 8 at a time); peak RSS is the figure.
    static func queued(url: String, count: Int, scratch: String, deadline: Double) -> Measurement {
        let agent = agent(concurrency: 8, scratch: scratch)
        let before = Clock.currentRSSKiB()
        var result = measure { result in
            let tally = Tally()
            let done = DispatchSemaphore(value: 0)
            for _ in 0..<count {
                let request = BenchGet(url)
                request.agent = agent
                let handler: @Sendable (Request) -> Void = { request in
                    if tally.record(ok: request.error == nil, bytes: request.responseData?.count ?? 0) == count { done.signal() }
                }
                request.start(success: handler, failure: handler)
            }
            if done.wait(timeout: .now() + max(1, deadline - Clock.now())) == .timedOut { result.note = "timed out" }
            tally.fill(&result)
        }
        result.extra["rss_before_kib"] = Double(before)
        return result
    }

    /// A chain of `steps` GETs against the same GETs run one after another with `run()`.
    static func chain(url: String, steps: Int, rounds: Int, scratch: String) async -> Measurement {
        let agent = agent(concurrency: 8, scratch: scratch)
        var chainTimes: [Double] = [], plainTimes: [Double] = []
        var result = await measureAsync { result in
            for _ in 0..<rounds {
                let t0 = Clock.now()
                for _ in 0..<steps {
                    let request = BenchGet(url)
                    request.agent = agent
                    _ = try? await request.run()
                }
                plainTimes.append(Clock.now() - t0)
                let chain = ChainRequest()
                chain.agent = agent
                for _ in 0..<steps {
                    let request = BenchGet(url)
                    request.agent = agent
                    chain.addRequest(request)
                }
                let t1 = Clock.now()
                do { try await chain.run(); result.requests += steps } catch { result.failed += 1 }
                chainTimes.append(Clock.now() - t1)
            }
        }
        result.extra["chain_ms"] = median(chainTimes) * 1e3
        result.extra["sequential_ms"] = median(plainTimes) * 1e3
        result.extra["overhead_per_step_us"] = (median(chainTimes) - median(plainTimes)) / Double(steps) * 1e6
        return result
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    /// Takes the next ticket unless `limit` are taken or `deadline` passed.
    func claim(below limit: Int, deadline: Double) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard count < limit, Clock.now() < deadline else { return false }
        count += 1
        return true
    }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
