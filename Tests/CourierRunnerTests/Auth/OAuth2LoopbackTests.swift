import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Glibc
import Testing
#if canImport(Glibc)
#endif

/// The code grant's loopback listener against other local programs: a `redirectPort` another
/// process holds fails before any URL is told; a callback with a forged `state` is answered
/// 400 and the real one that follows still completes the flow.
@Suite struct OAuth2LoopbackTests {
    /// A socket listening on 127.0.0.1 at a free port, as another program's would be.
    final class HeldPort {
        let port: UInt16
        private let listener: LoopbackListener

        init() throws {
            listener = try LoopbackListener(backlog: 1)
            port = UInt16(listener.port)
        }

        deinit { listener.closeWhenDone() }
    }

    private static func grant(_ server: DemoServer, extra: String) -> String {
        """
        config: {baseUrl: "\(server.baseURL)"}
        requests:
          protected:
            url: /oauth/protected
            auth:
              oauth2: {grant: authorization_code, tokenUrl: "\(server.baseURL)/oauth/token", authUrl: "\(server.baseURL)/oauth/authorize", clientId: demo-client, clientSecret: demo-secret, \(extra)}
        """
    }

    private static func run(_ yaml: String, tokens: TokenSessions, state: String) async throws -> [RequestResult] {
        var options = RunOptions()
        options.stateDirectory = state
        options.tokenSessions = tokens
        let runner = try WorkspaceRunner(workspace: try Workspace.load(path: writeWorkspace(yaml)), options: options)
        var results: [RequestResult] = []
        _ = try await runner.run(["protected"]) { event in
            if case .request(let result) = event { results.append(result) }
        }
        return results
    }

    /// A GET to `url` taking any status: the status and the body.
    private static func get(_ url: String, agent: NetworkAgent) async -> (Int?, String) {
        let visit = ConfigurableRequest(url)
        visit.agent = agent
        visit.definition.responseSerializer = .raw
        visit.definition.acceptableStatusCodes = Set(100...599)
        _ = try? await visit.run()
        return (visit.responseStatusCode, visit.responseString ?? "")
    }

    private static func withServer(_ body: (DemoServer) async throws -> Void) async throws {
        let server = try await DemoServer.start()
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aRedirectPortHeldByAnotherProcessFailsBeforeAnyURLIsTold() async throws {
        let held = try HeldPort()
        try await Self.withServer { server in
            let opened = TestBox<String>()
            let tokens = TokenSessions(stateDirectory: temporaryDirectory("courier-state")) { opened.set($0) }
            let results = try await Self.run(Self.grant(server, extra: "redirectPort: \(held.port), redirectTimeout: 5"),
                                             tokens: tokens, state: temporaryDirectory("courier-state"))
            let message = try #require(results.first?.error?.message)
            #expect(message.contains("redirect port \(held.port)") && message.contains("held by another process"), "\(message)")
            #expect(opened.value == nil, "no URL was told: the authorization code would have gone to the other process")
        }
    }

    @Test func aFreeRedirectPortIsTheOneInTheURL() throws {
        // A port the listener binds itself, below the kernel's ephemeral range (32768–60999
        // here): a port found free by binding 0 and closing could be taken in between by any
        // connection a parallel test opens. The first of a few random ones that is free.
        var bound: (listener: LoopbackRedirect, port: UInt16)?
        for port in (0..<50).map({ _ in UInt16.random(in: 20_000..<32_000) }) where bound == nil {
            if let listener = try? LoopbackRedirect(port: port) { bound = (listener, port) }
        }
        let (listener, port) = try #require(bound, "no free port among 50 random ones in 20000–31999")
        expectEqual(listener.redirectURI, "http://127.0.0.1:\(port)/callback")
        #expect(try LoopbackRedirect().port != 0, "without one, a free port")
    }

    /// Another local program sends the listener a callback with its own state before the
    /// browser comes back: it gets 400 and the flow goes on to the real callback.
    @Test func aForgedStateIsRefusedAndTheRealCallbackCompletesTheFlow() async throws {
        try await Self.withServer { server in
            let browser = NetworkAgent(config: NetworkConfig())
            let forged = TestBox<(Int?, String)>()
            let tokens = TokenSessions(stateDirectory: temporaryDirectory("courier-state")) { url in
                Task {
                    let redirect = URLComponents(string: url)?.queryItems?.first { $0.name == "redirect_uri" }?.value ?? ""
                    forged.set(await Self.get(redirect + "?code=attackers-code&state=forged", agent: browser))
                    _ = await Self.get(url, agent: browser)  // the authorization page redirects back with the real state
                }
            }
            let results = try await Self.run(Self.grant(server, extra: "redirectTimeout: 20"), tokens: tokens,
                                             state: temporaryDirectory("courier-state"))
            #expect(results.map(\.status) == [200], "\(results.map { String(describing: $0.error) })")
            let (status, page) = try #require(forged.value)
            expectEqual(status, 400)
            #expect(page.contains("state of this redirect does not match"), "\(page)")
        }
    }

    /// Only forged callbacks before the timeout: the error says they came and were refused.
    @Test func aTimeoutAfterForgedCallbacksSaysSo() async throws {
        let listener = try LoopbackRedirect()
        let agent = NetworkAgent(config: NetworkConfig())
        let refused = TestBox<String>()
        let waited = TestBox<LoopbackRedirect.Outcome>()
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            waited.set(listener.waitForCallback(state: "real", timeout: 1.5) { refused.set($0) })
            ended.signal()
        }
        let (status, _) = await Self.get(listener.redirectURI + "?code=c&state=forged", agent: agent)
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                ended.wait()
                continuation.resume()
            }
        }
        let outcome = try #require(waited.value)
        expectEqual(status, 400)
        expectEqual(refused.value, "forged")
        expectEqual(outcome, .timedOut(refused: 1))
        let sentence = outcome.failure(redirectURI: listener.redirectURI, timeout: 1.5)
        #expect(sentence.contains("1 redirect with a state that did not match") && sentence.contains("refused"), "\(sentence)")
    }
}
