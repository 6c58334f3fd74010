@testable import Courier
import Dispatch
import Foundation
import Synchronization
import Testing

/// Where an outcome is decided: a light response on its callback queue (one hop), anything
/// heavier — a large body, a cache write, callbacks on the main queue — on the agent's
/// processing queue first (two hops).
@Suite struct CompletionRoutingTests {
    /// Records whether its preprocessor ran on the config's callback queue.
    final class WhereRequest: Request, @unchecked Sendable {
        static let callbackQueueKey = DispatchSpecificKey<Bool>()
        private let seen = Mutex<Bool?>(nil)
        let finished = AwaitableLog<String>()

        var preprocessorOnCallbackQueue: Bool? { seen.withLock { $0 } }

        init(agent: NetworkAgent) {
            super.init()
            self.agent = agent
        }

        override var requestURL: String { "/where" }
        override var responseSerializer: ResponseSerializer { .raw }
        override func requestCompletePreprocessor() {
            let onCallbackQueue = DispatchQueue.getSpecific(key: Self.callbackQueueKey) == true
            seen.withLock { $0 = onCallbackQueue }
        }
        override func requestCompleteFilter() { finished.append("success") }
        override func requestFailedFilter() { finished.append("failure") }
    }

    private static func agent() -> (NetworkAgent, ScriptedTransport) {
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig())
        agent.config.callbackQueue.setSpecific(key: WhereRequest.callbackQueueKey, value: true)
        return (agent, transport)
    }

    private static func run(answering body: Data) async throws -> WhereRequest {
        let (agent, transport) = agent()
        let request = WhereRequest(agent: agent)
        request.start()
        let started = await transport.started.element(1)
        let job = try #require(started)
        #expect(transport.answer(job, status: 200, headers: ["Content-Type": "application/octet-stream"], body: body))
        #expect(await request.finished.wait(for: 1))
        expectEqual(request.finished.entries, ["success"])
        expectEqual(request.responseData, body)
        return request
    }

    @Test func aSmallResponseIsDecidedOnItsCallbackQueue() async throws {
        let request = try await Self.run(answering: Data(repeating: 7, count: 1024))
        expectEqual(request.preprocessorOnCallbackQueue, true)
    }

    @Test func aBodyOverSixtyFourKiBIsDecidedOnTheProcessingQueue() async throws {
        let request = try await Self.run(answering: Data(repeating: 7, count: (64 << 10) + 1))
        expectEqual(request.preprocessorOnCallbackQueue, false)
    }

    @Test func callbacksOnTheMainQueueAreKnownByLabelNotIdentity() {
        // On Linux each read of `DispatchQueue.main` is a new wrapper: `===` never matches.
        var settings = NetworkSettings()
        settings.callbackQueue = .main
        #expect(SettingsSnapshot(settings).callbacksOnMain)
        #expect(!SettingsSnapshot(NetworkSettings()).callbacksOnMain)
    }
}
