import Courier
import Foundation
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

/// Accessories for requests, batches and chains; global accessories; lifecycle events;
/// interceptors and parameter validators. (The workbench's HUD is tested in WorkbenchTests.)
@Suite struct AccessoryTests {
    @Test func globalAccessorySeesRequestsBatchesAndChainsInOrder() async throws {
        let global = SubjectLog()
        try await withTestBed({ $0.addAccessory(global) }) { bed in
            try await bed.request("/get").run()
            expectEqual(global.log.events, ["request.willStart", "request.willStop", "request.didStop"])

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
            expectEqual(order.events, ["global.willStart", "own.willStart"])
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
            expectEqual(log.events, ["willStart", "willStop", "success", "didStop"])
            try await request.run()
            #expect(log.events.count == 4, "the closures were for one run only")
        }
    }

    @Test func aRunStartedFromTheOneShotDidStopIsNotHeardByItsClosures() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let request = bed.request("/get")
            request.start(willStart: { _ in log.record("willStart") }, willStop: nil,
                          success: nil, failure: nil,
                          didStop: { request in
                              // The next run starts inside the closure, before it returns.
                              request.start(success: { _ in log.record("second run") }, failure: nil)
                          })
            await log.waitForEvents(2)
            #expect(log.events == ["willStart", "second run"], "the second run is not the one-shot's")
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
            expectEqual(kinds, ["drip started", "drip progress", "drip finished ok", "delay started", "delay cancelled"])
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
            expectEqual(request.error?.code, .vetoed)
            expectEqual(request.error?.family, .parameter)
            let count = try await bed.counterValue(name)
            expectEqual(count, 0)
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
            expectEqual(bad.error?.code, .invalidParameters)
            expectEqual(bad.error?.message, "Invalid parameters: user is required")
            let servedBefore = try await bed.server.requestLog()
            #expect(servedBefore.isEmpty)
            try await bed.request("/post", method: .post, arguments: ["user": "ada"]).run()
            let servedAfter = try await bed.server.requestLog()
            expectEqual(servedAfter.count, 1)
        }
    }
}
