import Courier
import Dispatch
import Foundation
import Synchronization
import Testing

/// Records what one accessory hears, naming the kind of subject.
final class SubjectLog: RequestAccessory, Sendable {
    let log = EventLog()
    private func kind(_ subject: AnyObject) -> String {
        switch subject {
        case is BatchRequest: return "batch"
        case is ChainRequest: return "chain"
        default: return "request"
        }
    }
    func requestWillStart(_ subject: AnyObject) { log.record("\(kind(subject)).willStart") }
    func requestWillStop(_ subject: AnyObject) { log.record("\(kind(subject)).willStop") }
    func requestDidStop(_ subject: AnyObject) { log.record("\(kind(subject)).didStop") }
}

/// Accessories for requests, batches and chains; global accessories; lifecycle events; the
/// HUD; interceptors and parameter validators.
@Suite struct AccessoryTests {
    @Test func globalAccessorySeesRequestsBatchesAndChainsInOrder() async throws {
        let global = SubjectLog()
        try await withTestBed({ $0.addAccessory(global) }) { bed in
            try await bed.request("/get").run()
            #expect(global.log.events == ["request.willStart", "request.willStop", "request.didStop"])

            let batchLog = global.log.events.count
            try await BatchRequest(requests: [bed.request("/get")]).run()
            #expect(Array(global.log.events[batchLog...]) == [
                "batch.willStart", "request.willStart", "request.willStop", "request.didStop",
                "batch.willStop", "batch.didStop",
            ])

            let chainLog = global.log.events.count
            let chain = ChainRequest()
            chain.addRequest(bed.request("/get"))
            try await chain.run()
            #expect(Array(global.log.events[chainLog...]) == [
                "chain.willStart", "request.willStart", "request.willStop", "request.didStop",
                "chain.willStop", "chain.didStop",
            ])
        }
    }

    @Test func globalAccessoriesRunBeforeTheRequestsOwn() async throws {
        let order = EventLog()
        final class Named: RequestAccessory, Sendable {
            let name: String, log: EventLog
            init(_ name: String, _ log: EventLog) { self.name = name; self.log = log }
            func requestWillStart(_ subject: AnyObject) { log.record("\(name).willStart") }
        }
        try await withTestBed({ $0.addAccessory(Named("global", order)) }) { bed in
            let request = bed.request("/get")
            request.addAccessory(Named("own", order))
            try await request.run()
            #expect(order.events == ["global.willStart", "own.willStart"])
        }
    }

    @Test func oneShotStartCallsItsClosuresOnceInOrder() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let request = bed.request("/get")
            request.start(willStart: { _ in log.record("willStart") }, willStop: { _ in log.record("willStop") },
                          success: { _ in log.record("success") }, failure: { _ in log.record("failure") },
                          didStop: { _ in log.record("didStop") })
            await log.waitForEvents(4)
            #expect(log.events == ["willStart", "willStop", "success", "didStop"])
            try await request.run()
            #expect(log.events.count == 4, "the closures were for one run only")
        }
    }

    @Test func lifecycleEventsStreamStartProgressFinishAndCancel() async throws {
        try await withTestBed { bed in
            let events = bed.agent.events()
            let download = bed.request("/drip", arguments: ["bytes": 100, "duration": 0.5]) { $0.responseSerializer = .raw }
            try await download.run()
            let stopped = bed.request("/delay/5")
            stopped.start()
            stopped.stop()
            var kinds: [String] = []
            for await event in events {
                guard case .request(let request) = event.subject else { continue }
                let name = request === download ? "drip" : "delay"
                switch event.kind {
                case .started: kinds.append("\(name) started")
                case .progress:
                    // The stopped request may or may not have begun connecting: only the drip's count.
                    if name == "drip", kinds.last != "drip progress" { kinds.append("drip progress") }
                case .finished(let error): kinds.append("\(name) finished \(error == nil ? "ok" : "failed")")
                case .fromCache: kinds.append("\(name) from cache")
                case .cancelled: kinds.append("\(name) cancelled")
                }
                if kinds.last == "delay cancelled" { break }
            }
            #expect(kinds == ["drip started", "drip progress", "drip finished ok", "delay started", "delay cancelled"])
        }
    }

    @Test func hudCountersReturnToZeroAfterAThousandMixedRequests() async throws {
        let hud = HUDAccessory(toastLimit: 1000)
        try await withCacheBed({ $0.addAccessory(hud) }) { cache in
            let bed = cache.bed
            // Prime a cache entry so that some of the thousand are cache hits.
            try await cache.request("/get", { $0.cacheTime = 600 }).run()
            let finished = Atomic<Int>(0)
            let requests: [Request] = (0..<1000).map { index in
                switch index % 4 {
                case 0: return cache.request("/get") { $0.cacheTime = 600 }
                case 1: return bed.request("/get")
                case 2: return bed.request("/status/500")
                default: return bed.request("/delay/3")
                }
            }
            let allDone = DidStopCounter(expected: requests.count)
            requests.forEach { $0.addAccessory(allDone) }
            DispatchQueue.concurrentPerform(iterations: requests.count) { index in
                requests[index].start(success: { _ in finished.add(1, ordering: .relaxed) },
                                      failure: { _ in finished.add(1, ordering: .relaxed) })
                if index % 4 == 3 { requests[index].stop() }
            }
            await allDone.wait()
            let snapshot = hud.snapshot
            #expect(snapshot.requests == 0)
            #expect(!snapshot.isBusy && snapshot.spinner == " ")
            #expect(finished.load(ordering: .relaxed) == 750)
            #expect(hud.takeToasts().count == 250, "every /status/500 raised a toast; stops did not")
            let cached = requests.compactMap { $0 as? CacheProbe }
            #expect(cached.count == 250 && cached.allSatisfy { $0.isDataFromCache })
        }
    }

    @Test func hudCountsBatchesAndChainsAndToastsTheirFailures() async throws {
        let hud = HUDAccessory()
        try await withTestBed({ $0.addAccessory(hud) }) { bed in
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
            let toasts = hud.takeToasts()
            #expect(toasts.count == 2, "the request and its chain")
            #expect(toasts.last?.contains("chain of 1 steps failed at GET /status/502") == true)
            #expect(hud.snapshot.lastEvent.hasPrefix("✗"))
        }
    }

    @Test func interceptorVetoMakesNoNetworkCall() async throws {
        struct Veto: RequestInterceptor {
            func shouldStart(_ request: Request) -> Bool { request.tag != 99 }
        }
        try await withTestBed({ $0.interceptors = [Veto()] }) { bed in
            let name = bed.uniqueName("blocked")
            let request = bed.request("/counter/\(name)")
            request.tag = 99
            await #expect(throws: RequestError.self) { try await request.run() }
            #expect(request.error?.code == .vetoed)
            #expect(request.error?.family == .parameter)
            let count = try await bed.counterValue(name)
            #expect(count == 0)
        }
    }

    @Test func parameterValidatorFailsBeforeAnyNetworkUse() async throws {
        struct NeedsUser: ParameterValidator {
            func problem(with arguments: JSONValue?, of request: Request) -> String? {
                arguments?["user"] == nil ? "user is required" : nil
            }
        }
        try await withTestBed({ $0.parameterValidators = [NeedsUser()] }) { bed in
            let bad = bed.request("/post", method: .post, arguments: ["password": "x"])
            await #expect(throws: RequestError.self) { try await bad.run() }
            #expect(bad.error?.code == .invalidParameters)
            #expect(bad.error?.message == "Invalid parameters: user is required")
            #expect(bed.server.requestLog.isEmpty)
            try await bed.request("/post", method: .post, arguments: ["user": "ada"]).run()
            #expect(bed.server.requestLog.count == 1)
        }
    }
}

/// Resumes once `expected` didStop calls have arrived.
final class DidStopCounter: RequestAccessory, Sendable {
    private let state: Mutex<(count: Int, continuation: CheckedContinuation<Void, Never>?)>
    private let expected: Int

    init(expected: Int) {
        self.expected = expected
        state = Mutex((0, nil))
    }

    func requestDidStop(_ subject: AnyObject) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.count += 1
            guard state.count == expected else { return nil }
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.count >= expected { return true }
                state.continuation = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
