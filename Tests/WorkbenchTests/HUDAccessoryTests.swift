import Courier
import CourierDemoServer
import Dispatch
import Foundation
import Testing
import CourierWorkspace
import Workbench

/// The workbench's HUD against the engine: counts of requests, batches and chains in flight
/// back at zero, the spinner, the last event and the HUD texts.
@Suite struct HUDAccessoryTests {
    @Test func hudCountersReturnToZeroAfterAThousandMixedRequests() async throws {
        let hud = HUDAccessory()
        try await withEngineBed(caching: true, { $0.addAccessory(hud) }) { bed in
            // Prime a cache entry so that some of the thousand are cache hits.
            try await bed.cachedRequest("/get").run()
            let finished = LockedCount()
            let requests: [Request] = (0..<1000).map { index in
                switch index % 4 {
                case 0: return bed.cachedRequest("/get")
                case 1: return bed.request("/get")
                case 2: return bed.request("/status/500")
                default: return bed.request("/delay/3")
                }
            }
            let allDone = DidStopCounter(expected: requests.count)
            requests.forEach { $0.addAccessory(allDone) }
            DispatchQueue.concurrentPerform(iterations: requests.count) { index in
                requests[index].start(success: { _ in finished.increment() },
                                      failure: { _ in finished.increment() })
                if index % 4 == 3 { requests[index].stop() }
            }
            await allDone.wait()
            let snapshot = hud.snapshot
            expectEqual(snapshot.requests, 0)
            #expect(!snapshot.isBusy && snapshot.spinner == " ")
            expectEqual(finished.value, 750)
            #expect(requests.filter { $0.error != nil && !$0.isCancelled }.count == 250, "every /status/500 failed; stops did not")
            let cached = requests.compactMap { $0 as? CachedGet }
            #expect(cached.count == 250 && cached.allSatisfy { $0.isDataFromCache })
        }
    }

    @Test func hudCountsBatchesAndChainsAndSaysTheirFailures() async throws {
        let hud = HUDAccessory()
        try await withEngineBed({ $0.addAccessory(hud) }) { bed in
            let batch = BatchRequest(requests: [bed.request("/delay/0.3")])
            let batchDone = DidStopSignal()
            batch.addAccessory(batchDone)
            batch.start()
            #expect(hud.snapshot.batches == 1 && hud.snapshot.requests == 1)
            #expect(hud.snapshot.spinner != " ")
            await batchDone.wait()
            let chain = ChainRequest()
            chain.addRequest(bed.request("/status/502"))
            await #expect(throws: GroupFailure.self) { try await chain.run() }
            #expect(hud.snapshot.chains == 0 && hud.snapshot.batches == 0 && hud.snapshot.requests == 0)
            #expect(hud.snapshot.lastEvent.hasPrefix("✗ chain of 1 steps failed at GET /status/502"), "\(hud.snapshot.lastEvent)")
        }
    }

    /// Seed 004's HUD: each request, batch or chain shows its own text while it runs; several
    /// at once keep their starting order, and each text leaves with its stop.
    @Test func hudTextsShowWhileTheirSubjectsRunNewestLast() async throws {
        let hud = HUDAccessory()
        try await withEngineBed({ $0.addAccessory(hud) }) { bed in
            let orders = bed.request("/delay/5")
            orders.hudText = "Loading orders…"
            let plain = bed.request("/delay/5")
            let basket = bed.request("/get")
            let batch = BatchRequest(requests: [basket])
            batch.hudText = "Refreshing the basket…"
            let ordersDone = DidStopSignal(), batchDone = DidStopSignal(), plainDone = DidStopSignal()
            orders.addAccessory(ordersDone)
            batch.addAccessory(batchDone)
            plain.addAccessory(plainDone)
            orders.start()
            plain.start()
            #expect(hud.snapshot.texts.map { $0.text } == ["Loading orders…"], "a request without a text adds none")
            batch.start()
            #expect(hud.snapshot.texts.map { $0.text } == ["Loading orders…", "Refreshing the basket…"])
            await batchDone.wait()
            #expect(hud.snapshot.texts.map { $0.text } == ["Loading orders…"])
            orders.stop()
            await ordersDone.wait()
            #expect(hud.snapshot.texts.isEmpty && hud.snapshot.requests == 1, "a stop takes its text away too")
            plain.stop()
            await plainDone.wait()
            #expect(!hud.snapshot.isBusy)
        }
    }

    /// One path for toasts: the workbench's model raises them from the mailbox (and leaves out
    /// `quietErrors`); the HUD keeps no queue of its own that nobody reads.
    @Test func theHUDKeepsNoToastsOfItsOwn() async throws {
        let hud = HUDAccessory()
        _ = try await withEngineBed({ $0.addAccessory(hud) }) { bed in
            await #expect(throws: RequestError.self) { try await bed.request("/status/500").run() }
        }
        let labels = Mirror(reflecting: hud).children.compactMap(\.label) + Mirror(reflecting: hud.snapshot).children.compactMap(\.label)
        #expect(!labels.contains { $0.localizedCaseInsensitiveContains("toast") }, "\(labels)")
        #expect(hud.snapshot.lastEvent.hasPrefix("✗ GET /status/500"), "the failure is the last event, not a toast")
    }

    /// Installed on a config, the HUD sees a request the config's agent runs, and is idle
    /// again once `run()` returns.
    @Test func hudOnTheConfigSeesARequestFinish() async throws {
        try await withEngineBed { bed in
            let config = bed.config
            let hud = HUDAccessory()
            config.addAccessory(hud)                     // sees every request, batch and chain
            try await bed.request("/get").run()
            expectEqual(hud.snapshot.requests, 0)
            expectEqual(hud.snapshot.lastEvent, "GET /get finished")
        }
    }
}

// MARK: - An engine test bed (a small copy of CourierTests' TestBed and CacheBed)

/// A demo server with a config and an agent of their own, for one test.
struct EngineBed {
    let server: DemoServer
    let config: NetworkConfig
    let agent: NetworkAgent

    /// A request to `path` on this bed's server, sent by this bed's agent.
    func request(_ path: String) -> ConfigurableRequest {
        let request = ConfigurableRequest(path)
        request.agent = agent
        return request
    }

    /// A cached GET of `path` (600 s), sent by this bed's agent.
    func cachedRequest(_ path: String) -> CachedGet {
        let request = CachedGet(path)
        request.agent = agent
        return request
    }
}

/// Runs `body` with a fresh loopback demo server and agent; with `caching`, the config caches
/// into a fresh temporary directory. Stops the server and removes the directory afterwards.
func withEngineBed<T>(caching: Bool = false, _ configure: (NetworkConfig) -> Void = { _ in },
                      _ body: (EngineBed) async throws -> T) async throws -> T {
    let server = try await DemoServer.start()
    let root = temporaryDirectory("courier-hud-test")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let config = NetworkConfig()
    config.baseURL = server.baseURL
    config.proxy = .none
    if caching { config.cacheDirectory = root + "/responses" }
    configure(config)
    let bed = EngineBed(server: server, config: config, agent: NetworkAgent(config: config))
    do {
        let result = try await body(bed)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// A GET cached for 600 seconds, written synchronously so that a finished run has written its
/// entry.
final class CachedGet: CachedRequest, @unchecked Sendable {
    private let path: String
    init(_ path: String) { self.path = path }
    override var requestURL: String { path }
    override var cacheTimeInSeconds: Int { 600 }
    override var writeCacheAsynchronously: Bool { false }
}

/// A count shared by threads (an NSLock: with -DCOURIER_TSAN, `@testable import Workbench`
/// elsewhere in this target brings a second `Mutex` into scope).
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// Resumes a waiter once `expected` didStop calls have arrived.
final class DidStopCounter: RequestAccessory, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var continuation: CheckedContinuation<Void, Never>?
    private let expected: Int

    init(expected: Int) { self.expected = expected }

    func requestDidStop(_ subject: AnyObject) {
        let ready = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            count += 1
            guard count == expected else { return nil }
            defer { continuation = nil }
            return continuation
        }
        ready?.resume()
    }

    /// Returns once `expected` didStop calls have arrived (at once if they already have).
    func wait() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = lock.withLock { () -> Bool in
                if count >= expected { return true }
                continuation = waiter
                return false
            }
            if done { waiter.resume() }
        }
    }
}

/// Resumes a waiter once `requestDidStop` fires: the last callback of a run.
final class DidStopSignal: RequestAccessory, @unchecked Sendable {
    private let counter = DidStopCounter(expected: 1)

    func requestDidStop(_ subject: AnyObject) { counter.requestDidStop(subject) }

    /// Returns once didStop has fired (at once if it already has).
    func wait() async { await counter.wait() }
}
