import Courier
import Foundation
import Testing

/// Every Swift example of docs/library.md and docs/engine.md, run as written. Each copy sits between
/// `// begin <file>` and `// end <file>`; `DocumentExampleCopyTests` checks that every example
/// has a copy and that every copy is an example's text. The examples use the shared config and
/// agent as a reader would: this suite alone touches them, one test at a time, pointing the
/// shared config at a demo server of its own and restoring it afterwards.
@Suite(.serialized) struct ReadmeExampleTests {
    @Test(.timeLimit(.minutes(1))) func readmeSubclassRunsWithAsync() async throws {
        try await withSharedConfig { server in
            NetworkConfig.shared.addURLFilter(ToServer(server))
            // begin docs/library.md
            final class UserRequest: Request, @unchecked Sendable {
                let id: Int
                init(id: Int) { self.id = id }
                override var requestURL: String { "/anything/users/\(id)" }
            }

            NetworkConfig.shared.baseURL = "http://127.0.0.1:8080"
            let user = try await UserRequest(id: 2).run()   // the finished request, or throws its RequestError
            print(user.responseStatusCode)
            // end docs/library.md
            expectEqual(user.responseStatusCode, 200)
            expectEqual(user.responseJSON?["url"]?.stringValue, "\(server.baseURL)/anything/users/2")
        }
    }

    @Test(.timeLimit(.minutes(1))) func subclassStartedWithClosuresAndWithAsync() async throws {
        try await withSharedConfig { server in
            NetworkConfig.shared.addURLFilter(ToServer(server))
            let finished = FinishLog()
            NetworkConfig.shared.addAccessory(finished)
            // begin docs/engine.md
            final class UserRequest: Request, @unchecked Sendable {
                let id: Int
                init(id: Int) { self.id = id }
                override var requestURL: String { "/anything/users/\(id)" }
                override var jsonValidator: JSONTemplate? { .object(["method": .string, "url": .string]) }
            }

            NetworkConfig.shared.baseURL = "http://127.0.0.1:8080"
            // With closures, called on the config's callback queue; they receive a UserRequest:
            UserRequest(id: 1).start(success: { print($0.id, $0.responseJSON ?? "") }, failure: { print($0.id, $0.error!) })
            // With async/await: returns the finished request or throws its RequestError.
            let user = try await UserRequest(id: 2).run()
            // end docs/engine.md
            await finished.log.waitForEvents(2)
            #expect(Set(finished.log.events) == [
                "ok /anything/users/1 \(server.baseURL)/anything/users/1",
                "ok /anything/users/2 \(server.baseURL)/anything/users/2",
            ])
            expectEqual(user.responseStatusCode, 200)
            expectEqual(user.responseJSON?["url"]?.stringValue, "\(server.baseURL)/anything/users/2")
        }
    }

    @Test(.timeLimit(.minutes(1))) func aLargeBodyIsSpooledAndReadInPieces() async throws {
        try await withSharedConfig { _ in
            // begin docs/engine.md
            NetworkConfig.shared.spoolResponseBodiesOver = 1 << 20   // 1 MiB here; 64 MiB by default
            let export = ConfigurableRequest("/bytes/5000000")       // the demo server's 5 MB of bytes
            export.definition.responseSerializer = .raw
            try await export.run()
            if let body = export.responseSpooledBody {                // export.responseData is nil
                print(body.count, try body.sha256())
                var pieces = 0
                try body.forEachChunk(size: 1 << 20) { piece in pieces += 1; return true }   // 1 MiB at a time
            }
            // end docs/engine.md
            #expect(export.responseData == nil)
            let body = try #require(export.responseSpooledBody)
            expectEqual(body.count, 5_000_000)
            expectEqual(try body.sha256(), SHA256Hex.of(Data(TestDemoServer.deterministicBytes(count: 5_000_000, seed: 0))))
        }
    }

    @Test(.timeLimit(.minutes(1))) func configurableRequestLogsIn() async throws {
        try await withSharedConfig { _ in
            // begin docs/engine.md
            let login = ConfigurableRequest("/login", method: .post, arguments: ["user": "demo", "password": "secret"])
            login.definition.requestSerializer = .json
            try await login.run()
            let token = login.responseJSON?["token"]?.stringValue
            // end docs/engine.md
            expectEqual(login.responseStatusCode, 200)
            expectEqual(token?.isEmpty, false)
        }
    }

    /// The authenticator example: the profile needs the demo's bearer token, which the
    /// authenticator fetches before the request goes out.
    @Test(.timeLimit(.minutes(1))) func authenticatorFetchesTheTokenFirst() async throws {
        try await withSharedConfig { _ in
            // begin docs/engine.md
            actor TokenStore {
                private var token: String?
                func current() async throws -> String {
                    if let token { return token }
                    return try await refresh()
                }
                func refresh() async throws -> String {
                    let login = ConfigurableRequest("/login", method: .post, arguments: ["user": "demo", "password": "secret"])
                    login.definition.requestSerializer = .json
                    try await login.run()
                    token = login.responseJSON?["token"]?.stringValue
                    return token ?? ""
                }
            }

            struct TokenAuthenticator: RequestAuthenticator {
                let tokens: TokenStore
                func credentials(for request: Request) async throws -> [String: String] {
                    ["Authorization": "Bearer \(try await tokens.current())"]
                }
                func shouldRetry(_ request: Request, after failure: AuthenticationFailure) async -> Bool {
                    guard failure.isUnauthorized else { return false }      // let other failures through
                    return (try? await tokens.refresh()) != nil
                }
            }

            let profile = ConfigurableRequest("/profile")
            profile.definition.authenticator = TokenAuthenticator(tokens: TokenStore())
            try await profile.run()
            // end docs/engine.md
            #expect(profile.responseStatusCode == 200, "the token was fetched and sent")
        }
    }

    /// The second run is a hit without waiting for the first run's (asynchronous) cache write.
    @Test(.timeLimit(.minutes(1))) func cacheExampleShowsTheHit() async throws {
        try await withSharedConfig { server in
            // begin docs/engine.md
            final class CityList: CachedRequest, @unchecked Sendable {
                override var requestURL: String { "/anything/cities" }
                override var cacheTimeInSeconds: Int { 600 }
            }

            try await CityList().run()              // from the network; the response is stored
            let cities = try await CityList().run() // answered from the cache while fresh
            print(cities.isDataFromCache)           // true
            let why = ResponseCache.explain(cities) // why a request hits or would miss
            // end docs/engine.md
            let served = try await server.requestLog()
            #expect(served.count == 1, "the first run went to the network, the second did not")
            #expect(cities.isDataFromCache)
            #expect(why.isHit)
        }
    }

    @Test(.timeLimit(.minutes(1))) func batchExample() async throws {
        try await withSharedConfig { _ in
            let (a, b) = (ConfigurableRequest("/get"), ConfigurableRequest("/headers"))
            // begin docs/engine.md
            let batch = BatchRequest(requests: [a, b], continueOnFailure: true)
            try await batch.run()                        // or start(success:failure:)
            print(batch.snapshot.finished, "/", batch.snapshot.total)
            // end docs/engine.md
            expectEqual(batch.snapshot.succeeded, 2)
        }
    }

    @Test(.timeLimit(.minutes(1))) func stepModeLoopRunsEveryStep() async throws {
        try await withSharedConfig { _ in
            let (a, b, c, d) = (ConfigurableRequest("/get"), ConfigurableRequest("/headers"),
                                ConfigurableRequest("/json"), ConfigurableRequest("/anything/d"))
            // begin docs/engine.md
            let chain = ChainRequest(stepMode: true)
            chain.addRequest(a) { chain, a in chain.setValue("\(a.responseStatusCode)", forKey: "status") }
            chain.addGroup([b, c], when: { $0.value(forKey: "status") == "200" })
            chain.addRequest(d)
            let steps = chain.progress()                 // a snapshot after every change; ends with the chain
            chain.start()
            for await snapshot in steps where snapshot.isPaused {
                if snapshot.steps.contains(where: { $0.state == .failed }) {
                    chain.stop()                         // a step failed: or retry() it, or skip() it
                } else {
                    chain.advance()                      // run the step it waits before
                }
            }
            // end docs/engine.md
            expectEqual(chain.snapshot.steps.map(\.state), [.succeeded, .succeeded, .succeeded])
        }
    }

    /// The same loop with a last step that fails: it stops the chain and ends instead of
    /// waiting for an `advance()` that a failed step ignores.
    @Test(.timeLimit(.minutes(1))) func stepModeLoopEndsAtAFailedStep() async throws {
        try await withSharedConfig { server in
            let (a, b, c, d) = (ConfigurableRequest("/get"), ConfigurableRequest("/headers"),
                                ConfigurableRequest("/json"), ConfigurableRequest("/status/500"))
            // begin docs/engine.md
            let chain = ChainRequest(stepMode: true)
            chain.addRequest(a) { chain, a in chain.setValue("\(a.responseStatusCode)", forKey: "status") }
            chain.addGroup([b, c], when: { $0.value(forKey: "status") == "200" })
            chain.addRequest(d)
            let steps = chain.progress()                 // a snapshot after every change; ends with the chain
            chain.start()
            for await snapshot in steps where snapshot.isPaused {
                if snapshot.steps.contains(where: { $0.state == .failed }) {
                    chain.stop()                         // a step failed: or retry() it, or skip() it
                } else {
                    chain.advance()                      // run the step it waits before
                }
            }
            // end docs/engine.md
            #expect(!chain.isRunning)
            expectEqual(chain.snapshot.steps.map(\.state), [.succeeded, .succeeded, .failed])
            let served = try await server.requestLog()
            #expect(served.filter { $0.path == "/status/500" }.count == 1, "the failed step was not retried")
        }
    }

    @Test(.timeLimit(.minutes(1))) func accessoryAndEventsExample() async throws {
        try await withSharedConfig { _ in
            let (config, agent, request) = (NetworkConfig.shared, NetworkAgent.shared, ConfigurableRequest("/get"))
            // begin docs/engine.md
            final class LogAccessory: RequestAccessory, Sendable {
                func requestWillStart(_ subject: AnyObject) { print("will start", subject) }
                func requestDidStop(_ subject: AnyObject) { print("did stop", subject) }
            }

            config.addAccessory(LogAccessory())          // sees every request, batch and chain
            let events = agent.events()                  // before the start: a stream misses earlier events
            let watcher = Task {
                for await event in events {
                    print(event.kind, event.subject.object)
                    if case .finished = event.kind { break } // the stream itself never ends
                }
            }
            try await request.run()
            await watcher.value
            // end docs/engine.md
            expectEqual(request.responseStatusCode, 200)
            #expect(config.accessories.contains { $0 is LogAccessory })
        }
    }

    @Test(.timeLimit(.minutes(1))) func downloadExample() async throws {
        let target = "/tmp/downloads/1048576"
        let directoryExisted = FileManager.default.fileExists(atPath: "/tmp/downloads")
        try? FileManager.default.removeItem(atPath: target)
        defer {
            try? FileManager.default.removeItem(atPath: target)
            if !directoryExisted { try? FileManager.default.removeItem(atPath: "/tmp/downloads") }
        }
        try await withSharedConfig { _ in
            // begin docs/engine.md
            let file = ConfigurableRequest("/bytes/1048576")            // the demo server's 1 MiB download
            file.definition.resumableDownloadPath = "/tmp/downloads/"   // a directory: saved as 1048576
            file.downloadProgressHandler = { print($0.completed, $0.expected ?? 0, $0.bytesPerSecond) }
            try await file.run()                                        // file.downloadedFileURL
            // end docs/engine.md
            expectEqual(file.downloadedFileURL?.path, target)
            let size = try FileManager.default.attributesOfItem(atPath: target)[.size] as? NSNumber
            expectEqual(size?.intValue, 1_048_576)
        }
    }

    /// The paged request example, over the demo's cursor listing (25 items, 10 a page).
    @Test(.timeLimit(.minutes(1))) func pagedRequestGathersEveryPage() async throws {
        try await withSharedConfig { _ in
            // begin docs/engine.md
            let listing = PagedRequest(mode: .cursor(.json("$.next_cursor") { $0["next_cursor"] }),
                                       items: .json("$.items") { $0["items"] }, maxPages: 50) { address in
                guard case .cursor(let cursor) = address.position else { return ItemsRequest(cursor: nil) }
                return ItemsRequest(cursor: cursor)          // any Request: one per page
            }
            try await listing.run()                          // every page; or start(success:failure:)
            print(listing.items.count, listing.pages.count, listing.hasMore, listing.end as Any)
            let more = try await listing.nextPage()          // or loadNextPage(success:failure:)
            try await listing.reloadFirstPage()              // or reload(success:failure:)
            // end docs/engine.md
            #expect(more == nil, "the listing had ended")
            #expect(listing.pages.count == 1, "reloaded: the first page again")
            #expect(listing.items.map { $0["id"]?.intValue } == (1...10).map { $0 })
            try await listing.run()
            expectEqual(listing.items.count, 25)
            expectEqual(listing.end, .lastPage)
        }
    }

    /// The streamed response example, over the demo's ticker: five events, then the loop
    /// is left and the request stopped.
    @Test(.timeLimit(.minutes(1))) func aStreamIsReadEventByEvent() async throws {
        try await withSharedConfig { _ in
            // begin docs/engine.md
            let ticker = ConfigurableRequest("/sse?count=20&rate=10")   // text/event-stream: streams by itself
            ticker.definition.streamReconnect = StreamReconnect(maximumAttempts: 3)
            for try await event in ticker.events() {                     // or streamEventHandler = { request, event in … }
                print(event.sequence, event.name ?? "", event.id ?? "", event.text)
                if event.sequence == 5 { break }                          // leaving the loop stops the request
            }
            print(ticker.streamState?.description ?? "")                 // "streamed 5 events"
            // end docs/engine.md
            #expect(ticker.isCancelled)
            let state = try #require(ticker.streamState, "a stopped stream keeps its state")
            #expect(state.events >= 5 && state.ended)
            expectEqual(ticker.streamEvents.first?.json?["n"], 1)
            #expect(ticker.responseString?.hasPrefix(": ") == true, "the raw stream kept, from the demo's opening comment")
        }
    }

    /// docs/engine.md's example: a chat that answers each echo with the next note.
    /// It sends through the shared agent, as a reader's code would, so it runs here, where no
    /// other test's request reaches the shared agent's accessories meanwhile.
    @Test(.timeLimit(.minutes(1))) func theEngineGuidesChatExampleRuns() async throws {
        let server = try await GRPCPlacesServer.required()
        defer { server.stop() }
        try await withSharedConfig { _ in
            let places = server.baseURL
            let firstNote = GRPCCallTests.note("one")
            let next = [GRPCCallTests.note("echo: one"): GRPCCallTests.note("two"), GRPCCallTests.note("echo: two"): GRPCCallTests.note("three")]
            func reply(to message: Data) -> Data? { next[message] }
            // begin docs/engine.md
            var definition = RequestSettings()
            definition.requestURL = places + "/courier.demo.Places/Chat"   // the server's URL and the method's path
            definition.grpc = GRPCCallSettings(messages: [firstNote], keepsSending: true, compression: .gzip)
            let chat = ConfigurableRequest(definition)
            for try await event in chat.events() where event.direction == .received {
                if let next = reply(to: event.data) { chat.send(.binary(next)) } else { chat.finishSending() }
            }
            print(chat.grpcStatus?.description ?? "")                                      // "OK (0)"
            // end docs/engine.md
            expectEqual(chat.grpcStatus?.code, .ok)
            expectEqual(chat.grpcMessages, [GRPCCallTests.note("echo: one"), GRPCCallTests.note("echo: two"), GRPCCallTests.note("echo: three")])
        }
    }
}

/// A page of the demo's cursor listing: `/paged/cursor`, with `?cursor=` after the first.
private final class ItemsRequest: Request, @unchecked Sendable {
    let cursor: String?
    init(cursor: String?) { self.cursor = cursor }
    override var requestURL: String { "/paged/cursor" }
    override var arguments: JSONValue? { cursor.map { .object(["cursor": .string($0)]) } }
}

/// Points the shared config at a fresh demo server (its cache and Incomplete directories in a
/// fresh temporary directory, no proxy) for `body`, then puts every shared setting back.
private func withSharedConfig(_ body: (TestDemoServer) async throws -> Void) async throws {
    let server = try await TestDemoServer.start()
    let root = FileManager.default.temporaryDirectory.path + "/courier-readme-test-\(UUID().uuidString)"
    let saved = NetworkConfig.shared.settings
    defer {
        NetworkConfig.shared.update { $0 = saved }
        try? FileManager.default.removeItem(atPath: root)
    }
    NetworkConfig.shared.update { settings in
        settings.baseURL = server.baseURL
        settings.proxy = .none
        settings.cacheDirectory = root + "/responses"
        settings.incompleteDownloadsDirectory = root + "/incomplete"
        settings.spoolDirectory = root + "/spool"
    }
    do {
        try await body(server)
        await server.stop()
    } catch {
        await server.stop()
        throw error
    }
}

/// Sends every relative URL to `server`, whatever the base URL says: the examples set the
/// shared base URL to port 8080, as a reader would, and the test's server listens elsewhere.
private struct ToServer: URLFilter {
    let baseURL: String
    init(_ server: TestDemoServer) { baseURL = server.baseURL }
    func filterURL(_ url: String, for request: Request) -> String { baseURL + url }
}

/// Records each request's outcome once its last callback is over: "ok PATH URL-THE-SERVER-SAW".
/// Records the example's own requests only: another suite's request through the shared agent
/// (one that forgot to use an agent of its own) would otherwise land in the log too.
private final class FinishLog: RequestAccessory, Sendable {
    let log = EventLog()

    func requestDidStop(_ subject: AnyObject) {
        guard let request = subject as? Request, request.requestURL.hasPrefix("/anything/users/") else { return }
        let url = request.responseJSON?["url"]?.stringValue ?? "-"
        log.record("\(request.error == nil ? "ok" : "failed") \(request.requestURL) \(url)")
    }
}
