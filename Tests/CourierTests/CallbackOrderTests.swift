import Courier
import Dispatch
import Foundation
import Testing

/// A request that records its hooks into an event log.
final class HookedRequest: ConfigurableRequest, @unchecked Sendable {
    let log: EventLog

    init(_ path: String, log: EventLog, agent: NetworkAgent) {
        self.log = log
        var definition = Definition()
        definition.requestURL = path
        super.init(definition)
        self.agent = agent
        addAccessory(log)
        delegate = log
    }

    override func requestCompletePreprocessor() { log.record("completePreprocessor") }
    override func requestCompleteFilter() { log.record("completeFilter") }
    override func requestFailedPreprocessor() { log.record("failedPreprocessor") }
    override func requestFailedFilter() { log.record("failedFilter") }
}

/// YTKNetwork's callback order, stop semantics, and restart from a failure callback.
@Suite struct CallbackOrderTests {
    @Test func successOrder() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let request = HookedRequest("/get", log: log, agent: bed.agent)
            request.start(success: { _ in log.record("success") }, failure: { _ in log.record("failure") })
            await log.waitForEvents(7)
            #expect(log.events == [
                "accessory.willStart", "completePreprocessor", "accessory.willStop", "completeFilter",
                "delegate.finished", "success", "accessory.didStop",
            ])
        }
    }

    @Test func failureOrder() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let request = HookedRequest("/status/500", log: log, agent: bed.agent)
            request.start(success: { _ in log.record("success") }, failure: { request in
                log.record("failure:\(request.error?.code.rawValue ?? 0)")
            })
            await log.waitForEvents(7)
            #expect(log.events == [
                "accessory.willStart", "failedPreprocessor", "accessory.willStop", "failedFilter",
                "delegate.failed", "failure:-8", "accessory.didStop",
            ])
            #expect(!request.isExecuting)
        }
    }

    @Test func handlersAreClearedAfterCompletion() async throws {
        try await withTestBed { bed in
            let signal = DidStopSignal()
            let request = bed.request("/get")
            request.addAccessory(signal)
            request.start(success: { _ in }, failure: { _ in })
            await signal.wait()
            #expect(request.successCompletionHandler == nil)
            #expect(request.failureCompletionHandler == nil)
        }
    }

    @Test func stopGivesNoFailureCallback() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let request = HookedRequest("/delay/5", log: log, agent: bed.agent)
            request.start(success: { _ in log.record("success") }, failure: { _ in log.record("failure") })
            request.stop()
            expectEqual(log.events, ["accessory.willStart", "accessory.willStop", "accessory.didStop"])
            #expect(request.isCancelled)
            #expect(!request.isExecuting)
            #expect(request.delegate == nil)
            #expect(bed.agent.records().isEmpty)
            // A later request on the same agent finishing proves the stopped one would have had
            // time to call back if it were going to.
            try await bed.request("/get").run()
            #expect(log.count(of: "failure") == 0 && log.count(of: "delegate.failed") == 0)
        }
    }

    @Test func runThrowsCancelledWhenTheTaskIsCancelled() async throws {
        try await withTestBed { bed in
            let request = bed.request("/delay/5")
            let task = Task { try await request.run() }
            task.cancel()
            await #expect(throws: RequestError.cancelled) { try await task.value }
            #expect(!request.isExecuting)
        }
    }

    @Test func restartFromTheFailureCallbackWorks() async throws {
        try await withTestBed { bed in
            let name = bed.uniqueName("restart")
            let log = EventLog()
            let request = bed.request("/counter/\(name)", arguments: ["fail": 1])
            let success: @Sendable (Request) -> Void = { request in
                log.record("success:\(request.responseJSON?["count"]?.intValue ?? 0)")
            }
            request.start(success: success, failure: { request in
                log.record("failure:\(request.responseStatusCode)")
                request.start(success: success, failure: { _ in log.record("second failure") })
            })
            await log.waitForEvents(2)
            expectEqual(log.events, ["failure:503", "success:2"])
            let count1 = try await bed.counterValue(name)
            expectEqual(count1, 2)
        }
    }
}
