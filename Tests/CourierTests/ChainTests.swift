import Courier
import Foundation
import Testing

/// YTK's chain test, the seeds' A → (B ∥ C) → D, conditions, step mode and stop.
@Suite struct ChainTests {
    @Test func callbacksAddTheNextRequest() async throws {
        try await withTestBed { bed in
            let chain = ChainRequest()
            let login = bed.request("/login", method: .post, arguments: ["user": "demo", "password": "secret"])
            chain.addRequest(login) { chain, login in
                let token = login.responseJSON?["token"]?.stringValue ?? ""
                chain.setValue(token, forKey: "token")
                chain.addRequest(bed.request("/profile", headers: ["Authorization": "Bearer \(token)"]))
            }
            try await chain.run()
            let steps = chain.snapshot.steps
            expectEqual(steps.count, 2)
            expectEqual(steps.map(\.state), [.succeeded, .succeeded])
            expectEqual(steps[1].requests[0].responseJSON?["user"], "demo")
            expectEqual(steps[0].values["token"]?.isEmpty, false)
        }
    }

    /// A; then B ∥ C when A produced a token; then D.
    private func seedsChain(_ bed: TestBed, password: String) -> (ChainRequest, [ConfigurableRequest]) {
        let login = bed.request("/login", method: .post, arguments: ["user": "demo", "password": .string(password)]) {
            $0.acceptableStatusCodes = [200, 401]
        }
        let profile = bed.request("/profile")
        let orders = bed.request("/orders")
        let done = bed.request("/get", arguments: ["step": "D"])
        let chain = ChainRequest()
        chain.addRequest(login, title: "A") { chain, login in
            if let token = login.responseJSON?["token"]?.stringValue {
                chain.setValue(token, forKey: "token")
                for request in [profile, orders] { request.definition.headers = ["Authorization": "Bearer \(token)"] }
            }
        }
        chain.addGroup([profile, orders], title: "B ∥ C", when: { $0.value(forKey: "token") != nil })
        chain.addRequest(done, title: "D")
        return (chain, [login, profile, orders, done])
    }

    @Test func seedsChainRunsTheParallelGroupBetweenAAndD() async throws {
        try await withTestBed { bed in
            let (chain, requests) = seedsChain(bed, password: "secret")
            try await chain.run()
            expectEqual(chain.snapshot.steps.map(\.state), [.succeeded, .succeeded, .succeeded])
            expectEqual(requests[1].responseJSON?["name"], "Demo User")
            expectEqual(requests[2].responseJSON?["orders"]?[0]?["id"], 101)
            let paths = try await bed.server.requestLog().map(\.path)
            #expect(paths.first == "/login" && paths.last == "/get")
        }
    }

    @Test func seedsChainSkipsBAndCWhenTheConditionFails() async throws {
        try await withTestBed { bed in
            let (chain, requests) = seedsChain(bed, password: "wrong")
            try await chain.run()
            expectEqual(chain.snapshot.steps.map(\.state), [.succeeded, .skipped, .succeeded])
            #expect(requests[1].response == nil && requests[2].response == nil)
            let served = try await bed.server.requestLog()
            expectEqual(served.map(\.path), ["/login", "/get"])
        }
    }

    @Test func aFailedStepFailsTheChainAndDropsTheRest() async throws {
        try await withTestBed { bed in
            let failing = bed.request("/status/503")
            let chain = ChainRequest()
            chain.addRequest(bed.request("/get"))
            chain.addRequest(failing)
            chain.addRequest(bed.request("/json"))
            do {
                try await chain.run()
                Issue.record("the chain should have failed")
            } catch let failure as GroupFailure {
                #expect(failure.failedRequest === failing)
            }
            expectEqual(chain.snapshot.steps.map(\.state), [.succeeded, .failed, .pending])
            let served = try await bed.server.requestLog()
            #expect(!served.contains { $0.path == "/json" })
        }
    }

    @Test func stepModeWaitsForAdvanceAndOffersRetryAndSkip() async throws {
        try await withTestBed { bed in
            let name = bed.uniqueName("step")
            let chain = ChainRequest(stepMode: true)
            chain.addRequest(bed.request("/counter/\(name)", arguments: ["fail": 1]), title: "flaky")
            chain.addRequest(bed.request("/status/500"), title: "broken")
            chain.addRequest(bed.request("/get"), title: "last")
            let stream = chain.progress()
            let finished = Task { try await chain.run() }

            var iterator = stream.makeAsyncIterator()
            func next(where predicate: (ChainSnapshot) -> Bool) async -> ChainSnapshot? {
                while let snapshot = await iterator.next() { if predicate(snapshot) { return snapshot } }
                return nil
            }

            // Paused before step 0: nothing has been sent.
            var snapshot = await next { $0.isPaused }
            expectEqual(snapshot?.steps[0].state, .waitingForAdvance)
            let servedBefore = try await bed.server.requestLog()
            #expect(servedBefore.isEmpty)
            #expect(chain.advance())
            // The first call fails (fail=1): the chain pauses on the failed step.
            snapshot = await next { $0.isPaused && $0.steps[0].state == .failed }
            expectEqual(snapshot?.currentIndex, 0)
            #expect(chain.retry())
            // The retry succeeds, then the chain waits before "broken".
            snapshot = await next { $0.isPaused && $0.currentIndex == 1 }
            expectEqual(snapshot?.steps[0].state, .succeeded)
            #expect(chain.skip())
            snapshot = await next { $0.isPaused && $0.currentIndex == 2 }
            expectEqual(snapshot?.steps[1].state, .skipped)
            #expect(chain.advance())
            try await finished.value
            expectEqual(chain.snapshot.steps.map(\.state), [.succeeded, .skipped, .succeeded])
            let count = try await bed.counterValue(name)
            expectEqual(count, 2)
            let served = try await bed.server.requestLog()
            #expect(!served.contains { $0.path == "/status/500" })
        }
    }

    /// Snapshots are made only for open streams (publishing builds one per change); a run
    /// published to nobody must still replace the last run's final snapshot, or a stream opened
    /// during the second run would get the first run's end and finish at once.
    @Test func aStreamOpenedDuringASecondRunFollowsThatRun() async throws {
        try await withTestBed { bed in
            let chain = ChainRequest(stepMode: true)
            chain.addRequest(bed.request("/get"), title: "only")
            let first = Task { try await chain.run() }
            while !chain.snapshot.isPaused { await Task.yield() }
            #expect(chain.advance())
            try await first.value
            // `run()` returns before the final snapshot is published: this stream ends with it.
            var final: ChainSnapshot?
            for await snapshot in chain.progress() { final = snapshot }
            #expect(final?.isRunning == false, "the first run's stream ends with its final snapshot")

            let second = Task { try await chain.run() }
            while !chain.snapshot.isPaused { await Task.yield() }
            var iterator = chain.progress().makeAsyncIterator()
            let now = await iterator.next()
            #expect(now?.isRunning == true && now?.isPaused == true, "the second run, paused before its step")
            #expect(chain.advance())
            var last: ChainSnapshot?
            while let snapshot = await iterator.next() { last = snapshot }
            try await second.value
            expectEqual(last?.steps.map(\.state), [.succeeded])
            #expect(last?.isRunning == false)
        }
    }

    @Test func stopWhilePausedEndsTheChain() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let chain = ChainRequest(stepMode: true)
            chain.addAccessory(log)
            chain.addRequest(bed.request("/get"))
            chain.start(success: { _ in log.record("success") }, failure: { _ in log.record("failure") })
            #expect(chain.snapshot.isPaused)
            chain.stop()
            expectEqual(log.events, ["accessory.willStart", "accessory.willStop", "accessory.didStop"])
            expectEqual(chain.snapshot.steps.map(\.state), [.cancelled])
            #expect(!chain.advance())
            let served = try await bed.server.requestLog()
            #expect(served.isEmpty)
        }
    }

    /// `/get`, then a slow request, then `/json`; `whileSlowRuns` is called once the chain
    /// is at the slow step and until the chain ends.
    private func runChainWithASlowStep(_ bed: TestBed,
                                       whileSlowRuns: (ChainRequest, Request) -> Void) async -> (chain: ChainRequest, slow: Request) {
        let slow = bed.request("/delay/5")
        let chain = ChainRequest()
        chain.addRequest(bed.request("/get"))
        chain.addRequest(slow)
        chain.addRequest(bed.request("/json"))
        let stream = chain.progress()
        chain.start()
        for await snapshot in stream where snapshot.currentIndex == 1 && snapshot.steps[1].state == .running {
            whileSlowRuns(chain, slow)
        }
        return (chain, slow)
    }

    @Test func aStepStoppedOnItsOwnFailsTheChainInsteadOfLeavingItWaiting() async throws {
        try await withTestBed { bed in
            let (chain, slow) = await runChainWithASlowStep(bed) { _, slow in slow.stop() }
            expectEqual(chain.snapshot.steps.map(\.state), [.succeeded, .failed, .pending])
            expectEqual(chain.snapshot.steps[1].error?.code, .cancelled)
            #expect(chain.failedRequest === slow)
            let served = try await bed.server.requestLog()
            #expect(!served.contains { $0.path == "/json" })
        }
    }

    @Test func stopInTheMiddleOfARunningChain() async throws {
        try await withTestBed { bed in
            let (chain, slow) = await runChainWithASlowStep(bed) { chain, _ in chain.stop() }
            expectEqual(chain.snapshot.steps.map(\.state), [.succeeded, .cancelled, .cancelled])
            #expect(slow.isCancelled)
            let served = try await bed.server.requestLog()
            #expect(!served.contains { $0.path == "/json" })
        }
    }
}
