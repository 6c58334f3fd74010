import Courier
import Testing

// The examples of docs/engine.md (linked from the README), compiled and run: keep them in step.
final class UserRequest: Request, @unchecked Sendable {
    let id: Int
    init(id: Int) { self.id = id }
    override var requestURL: String { "/anything/users/\(id)" }
    override var jsonValidator: JSONTemplate? { .object(["method": .string, "url": .string]) }
}

@Suite struct ReadmeExampleTests {
    @Test func subclassStartedWithClosuresAndWithAsync() async throws {
        try await withTestBed { bed in
            let log = EventLog()
            let first = UserRequest(id: 1)
            first.agent = bed.agent
            first.start(success: { log.record("ok \($0.id) \($0.responseJSON?["url"]?.stringValue ?? "")") },
                        failure: { log.record("failed \($0.id) \($0.error!)") })

            let second = UserRequest(id: 2)
            second.agent = bed.agent
            let user = try await second.run()

            await log.waitForEvents(1)
            #expect(log.events == ["ok 1 \(bed.server.baseURL)/anything/users/1"])
            #expect(user.responseStatusCode == 200)
            #expect(user.responseJSON?["url"]?.stringValue == "\(bed.server.baseURL)/anything/users/2")
        }
    }
}

// docs/engine.md: "Cached requests".
final class CityList: CachedRequest, @unchecked Sendable {
    override var requestURL: String { "/anything/cities" }
    override var cacheTimeInSeconds: Int { 600 }
}

@Suite struct ReadmeGroupExampleTests {
    @Test func cacheExample() async throws {
        try await withCacheBed { cache in
            let first = CityList()
            first.agent = cache.bed.agent
            try await first.run()
            await CachedRequest.waitForPendingCacheWrites()  // writes are asynchronous by default
            // README
            let cities = CityList()
            cities.agent = cache.bed.agent
            try await cities.run()                  // answered from disk while fresh
            print(cities.isDataFromCache)           // true
            let why = ResponseCache.explain(cities) // why a request would miss
            // /README
            #expect(!first.isDataFromCache && cities.isDataFromCache)
            #expect(why.isHit)
        }
    }

    @Test func batchChainAndStepModeExamples() async throws {
        try await withTestBed { bed in
            let (a, b, c, d) = (bed.request("/get"), bed.request("/headers"), bed.request("/json"), bed.request("/anything/d"))
            // README
            let batch = BatchRequest(requests: [a, b], continueOnFailure: true)
            try await batch.run()                        // or start(success:failure:)
            print(batch.snapshot.finished, "/", batch.snapshot.total)

            let chain = ChainRequest(stepMode: true)
            chain.addRequest(a) { chain, a in chain.setValue("\(a.responseStatusCode)", forKey: "status") }
            chain.addGroup([b, c], when: { $0.value(forKey: "status") == "200" })
            chain.addRequest(d)
            let steps = chain.progress()                 // a snapshot after every change
            chain.start()
            for await snapshot in steps where snapshot.isPaused {
                chain.advance()                          // or retry(), skip(), stop()
            }
            // /README
            #expect(batch.snapshot.succeeded == 2)
            #expect(chain.snapshot.steps.map(\.state) == [.succeeded, .succeeded, .succeeded])
        }
    }
}
