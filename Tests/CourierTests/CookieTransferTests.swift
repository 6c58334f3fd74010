import Courier
import Foundation
import Testing

/// Transfers keep cookies in their agent's jar through libcurl's cookie engine: across the
/// redirects of one request (followed by libcurl or by the transport), between requests,
/// between agents sharing a jar — and not for a request that opts out or an agent without one.
/// Against the demo server and httpbin (a server nobody here wrote). Part of CourierTests, so
/// `make test-tsan` runs the concurrent test under ThreadSanitizer.
@Suite struct CookieTransferTests {
    /// The `cookies` object of a `/cookies` response, as name → value.
    private static func received(_ request: Request) -> [String: String] {
        guard case .object(let members)? = request.responseJSON?["cookies"] else { return [:] }
        return members.reduce(into: [:]) { $0[$1.key] = $1.value.stringValue }
    }

    private static func get(_ url: String, agent: NetworkAgent, headers: [String: String]? = nil,
                            sendsCookies: Bool = true) async throws -> ConfigurableRequest {
        let request = ConfigurableRequest(url, headers: headers)
        request.definition.sendsCookies = sendsCookies
        request.agent = agent
        return try await request.run()
    }

    /// What `url` says it received (`/cookies`).
    private static func cookies(at url: String, agent: NetworkAgent, sendsCookies: Bool = true) async throws -> [String: String] {
        received(try await get(url, agent: agent, sendsCookies: sendsCookies))
    }

    @Test func aCookieSetOnARedirectIsSentToItsTargetAndKept() async throws {
        try await withTestBed { bed in
            let set = try await Self.get("/cookies/set?session=abc", agent: bed.agent)
            #expect(Self.received(set) == ["session": "abc"], "the redirect's target got the cookie")
            let again = try await Self.get("/cookies", agent: bed.agent)
            #expect(Self.received(again) == ["session": "abc"], "the next request sends it")
            let cookie = try #require(bed.agent.cookieJar?.cookies.first)
            #expect(cookie.name == "session" && cookie.domain == "127.0.0.1" && cookie.path == "/" && cookie.expires == nil)
        }
    }

    /// A request carrying a credential header has its redirects followed by the transport
    /// (``RedirectHop``), hop by hop on a reset handle: the cookie survives that too.
    @Test func aRedirectFollowedByTheTransportKeepsTheCookie() async throws {
        try await withTestBed { bed in
            let set = try await Self.get("/cookies/set?hop=1", agent: bed.agent, headers: ["X-Api-Key": "k"])
            expectEqual(Self.received(set), ["hop": "1"])
        }
    }

    @Test func aRequestThatOptsOutSendsAndKeepsNone() async throws {
        try await withTestBed { bed in
            let jar = try #require(bed.agent.cookieJar)
            try jar.set(Cookie(name: "kept", value: "1", domain: "127.0.0.1"))
            // One handle serves these in turn: opting out must not stick to it, nor opting in.
            let seen55 = try await Self.cookies(at: "/cookies", agent: bed.agent)
            expectEqual(seen55, ["kept": "1"])
            let optedOut = try await Self.get("/cookies/set?dropped=1", agent: bed.agent, sendsCookies: false)
            #expect(Self.received(optedOut).isEmpty, "neither the jar's cookie nor the redirect's")
            #expect(jar.cookies.map(\.name) == ["kept"], "the response's cookie was not stored")
            let seen60 = try await Self.cookies(at: "/cookies", agent: bed.agent)
            expectEqual(seen60, ["kept": "1"])
        }
    }

    @Test func anAgentWithoutAJarKeepsNothing() async throws {
        try await withTestBed { bed in
            let agent = NetworkAgent(config: bed.config, cookieJar: nil)
            let seen68 = try await Self.cookies(at: "/cookies/set?a=1", agent: agent)
            #expect(seen68.isEmpty)
            let seen70 = try await Self.cookies(at: "/cookies", agent: agent)
            #expect(seen70.isEmpty)
        }
    }

    @Test func agentsSharingAJarSeeEachOthersCookies() async throws {
        try await withTestBed { bed in
            let jar = CookieJar()
            let first = NetworkAgent(config: bed.config, cookieJar: jar)
            let second = NetworkAgent(config: bed.config, cookieJar: jar)
            _ = try await Self.get("/cookies/set?shared=yes", agent: first)
            let seen81 = try await Self.cookies(at: "/cookies", agent: second)
            expectEqual(seen81, ["shared": "yes"])
            let seen83 = try await Self.cookies(at: "/cookies", agent: bed.agent)
            #expect(seen83.isEmpty, "another agent's own jar")
        }
    }

    /// What the jar's API changes is what the next transfer sends; a server's deletion
    /// (an expired `Set-Cookie`) leaves the jar too.
    @Test func theJarsEditsReachTheWire() async throws {
        try await withTestBed { bed in
            let jar = try #require(bed.agent.cookieJar)
            try jar.set(Cookie(name: "api", value: "v1", domain: "127.0.0.1"))
            try jar.set(Cookie(name: "other", value: "v2", domain: "127.0.0.1", path: "/elsewhere"))
            let seen95 = try await Self.cookies(at: "/cookies", agent: bed.agent)
            #expect(seen95 == ["api": "v1"], "path-scoped")
            jar.remove(name: "api")
            let seen98 = try await Self.cookies(at: "/cookies", agent: bed.agent)
            #expect(seen98.isEmpty)
            _ = try await Self.get("/cookies/set?temp=1", agent: bed.agent)
            #expect(jar.cookies.contains { $0.name == "temp" })
            let deleted = try await Self.get("/cookies/delete?temp", agent: bed.agent)
            #expect(Self.received(deleted).isEmpty)
            #expect(!jar.cookies.contains { $0.name == "temp" })
        }
    }

    @Test func theDemoLoginSessionCookieOpensTheProfile() async throws {
        try await withTestBed { bed in
            let denied = ConfigurableRequest("/session/profile")
            denied.agent = bed.agent
            await #expect(throws: RequestError.self) { try await denied.run() }
            let login = ConfigurableRequest("/session/login", method: .post, arguments: ["user": "demo", "password": "secret"])
            login.agent = bed.agent
            try await login.run()
            let session = try #require(bed.agent.cookieJar?.cookies.first { $0.name == "session" })
            #expect(session.isHTTPOnly)
            let profile = try await Self.get("/session/profile", agent: bed.agent)
            expectEqual(profile.responseJSON?["session"]?.stringValue, "valid")
        }
    }

    /// Many transfers storing cookies at once while other threads read and change the jar:
    /// libcurl's share locks (the shim's pthread mutexes) make it safe; TSan checks it.
    @Test func concurrentTransfersAndJarEditsShareOneJar() async throws {
        try await withTestBed({ $0.maxConcurrentTransfers = 8 }) { bed in
            let jar = try #require(bed.agent.cookieJar)
            let count = 40
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    group.addTask { _ = try await Self.get("/cookies/set?k\(index)=\(index)", agent: bed.agent) }
                }
                group.addTask {
                    for index in 0..<count {
                        try jar.set(Cookie(name: "local\(index)", value: "\(index)", domain: "elsewhere.test"))
                        _ = jar.cookies
                    }
                }
                try await group.waitForAll()
            }
            let names = Set(jar.cookies.map(\.name))
            expectEqual(names.count, 2 * count)
            #expect((0..<count).allSatisfy { names.contains("k\($0)") && names.contains("local\($0)") })
        }
    }

    /// httpbin's `/cookies/set` redirects to `/cookies` as the demo server's does; the redirect
    /// keeps the cookie and the next request sends it.
    @Test func httpbinSeesTheSessionCookieThroughTheRedirectAndAfter() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let agent = HTTPBinServer.agent()
        let set = try await Self.get(server.baseURL + "/cookies/set?session=abc", agent: agent)
        expectEqual(Self.received(set), ["session": "abc"])
        let read = try await Self.get(server.baseURL + "/cookies", agent: agent)
        expectEqual(Self.received(read), ["session": "abc"])
        let optedOut = try await Self.get(server.baseURL + "/cookies", agent: agent, sendsCookies: false)
        #expect(Self.received(optedOut).isEmpty)
    }
}
