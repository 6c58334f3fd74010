import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Synchronization
import Testing

/// `auth: {oauth2: …}` and `auth: {command: …}` through the runner, against the demo server's
/// OAuth2 endpoints: tokens fetched once and reused, refreshed, recovered once after a 401,
/// kept in a 0600 file, and the failures explained.
@Suite struct WorkspaceTokenAuthTests {
    private static func runner(_ yaml: String, server: DemoServer, state: String,
                               tokens: TokenSessions? = nil) throws -> WorkspaceRunner {
        try runner(path: writeWorkspace(yaml), server: server, state: state, tokens: tokens)
    }

    private static func runner(path: String, server: DemoServer, state: String,
                               tokens: TokenSessions? = nil) throws -> WorkspaceRunner {
        var options = RunOptions()
        options.demoURL = server.baseURL
        options.stateDirectory = state
        options.tokenSessions = tokens
        return try WorkspaceRunner(workspace: try Workspace.load(path: path), options: options)
    }

    /// The results of running `names` in order.
    private static func run(_ runner: WorkspaceRunner, _ names: [String]) async throws -> [RequestResult] {
        var results: [RequestResult] = []
        _ = try await runner.run(names) { event in
            if case .request(let result) = event { results.append(result) }
        }
        return results
    }

    /// The demo server's OAuth2 counts: token requests, refreshes, 401s, served requests, …
    private static func stats(_ server: DemoServer) async throws -> [String: Int] {
        let request = ConfigurableRequest(server.baseURL + "/oauth/stats")
        request.agent = NetworkAgent(config: NetworkConfig())
        try await request.run()
        guard case .object(let members)? = request.responseJSON else { return [:] }
        return members.reduce(into: [:]) { $0[$1.key] = $1.value.intValue }
    }

    private static func workspace(_ oauth2: String, url: String = "/oauth/protected") -> String {
        """
        config: {baseUrl: "{{demo}}"}
        requests:
          protected:
            url: \(url)
            auth:
              oauth2: {\(oauth2)}
        """
    }

    private static let clientCredentials = #"grant: client_credentials, tokenUrl: "{{demo}}/oauth/token", clientId: demo-client, clientSecret: demo-secret"#
    private static let password = #"grant: password, tokenUrl: "{{demo}}/oauth/token", clientId: demo-client, clientSecret: demo-secret, username: demo, password: secret"#

    private static func withServer(_ body: (DemoServer, String) async throws -> Void) async throws {
        let server = try await DemoServer.start()
        do {
            try await body(server, temporaryDirectory("courier-state"))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aTokenIsFetchedOnceAndReusedUntilItExpires() async throws {
        try await Self.withServer { server, state in
            let runner = try Self.runner(Self.workspace(Self.clientCredentials), server: server, state: state)
            let results = try await Self.run(runner, ["protected", "protected", "protected"])
            expectEqual(results.map(\.status), [200, 200, 200])
            let stats = try await Self.stats(server)
            expectEqual(stats["token"], 1)
            expectEqual(stats["protected"], 3)
            #expect(stats["basic"] == 1, "client authentication is basic by default")
        }
    }

    @Test func anExpiredTokenIsRefreshedWithItsRefreshToken() async throws {
        try await Self.withServer { server, state in
            let path = writeWorkspace(Self.workspace(Self.password))
            expectEqual(try await Self.run(try Self.runner(path: path, server: server, state: state), ["protected"]).map(\.status), [200])
            // The saved token expires (a short-lived token is reused within its life, so its
            // expiry is set rather than waited for); a new runner reads it from the file.
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: state + "/tokens").first)
            let url = URL(fileURLWithPath: state + "/tokens/" + file)
            var saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            saved["expiresAt"] = Date().timeIntervalSince1970 - 1
            try JSONSerialization.data(withJSONObject: saved).write(to: url)
            chmod(url.path, 0o600)
            let results = try await Self.run(try Self.runner(path: path, server: server, state: state), ["protected"])
            expectEqual(results.map(\.status), [200])
            let stats = try await Self.stats(server)
            expectEqual(stats["token"], 2)
            #expect(stats["refresh"] == 1, "the second token came from the refresh token, not the password")
        }
    }

    @Test func a401IsRecoveredByOneRefreshAndOneRetry() async throws {
        try await Self.withServer { server, state in
            let runner = try Self.runner(Self.workspace(Self.password), server: server, state: state)
            _ = try await Self.run(runner, ["protected"])
            let revoke = ConfigurableRequest(server.baseURL + "/oauth/revoke-all", method: .post)
            revoke.agent = runner.agent
            try await revoke.run()
            let results = try await Self.run(runner, ["protected"])
            expectEqual(results.first?.ok, true)
            let stats = try await Self.stats(server)
            expectEqual(stats["unauthorized"], 1)
            expectEqual(stats["refresh"], 1)
            expectEqual(stats["protected"], 2)
        }
    }

    @Test func aSecond401FailsWithoutALoop() async throws {
        try await Self.withServer { server, state in
            // `/status/401` refuses every token.
            let runner = try Self.runner(Self.workspace(Self.clientCredentials, url: "/status/401"), server: server, state: state)
            let results = try await Self.run(runner, ["protected"])
            expectEqual(results.first?.ok, false)
            expectEqual(results.first?.status, 401)
            let stats = try await Self.stats(server)
            #expect(stats["token"] == 2, "one token, then exactly one new one for the single retry")
        }
    }

    @Test func clientAuthenticationGoesInTheBodyWhenAsked() async throws {
        try await Self.withServer { server, state in
            let runner = try Self.runner(Self.workspace(Self.clientCredentials + ", clientAuth: body"), server: server, state: state)
            expectEqual(try await Self.run(runner, ["protected"]).first?.status, 200)
            let stats = try await Self.stats(server)
            expectEqual(stats["body"], 1)
            expectEqual(stats["basic"], nil)
        }
    }

    @Test func theTokenFileIsOwnerOnlyAndServesTheNextRun() async throws {
        try await Self.withServer { server, state in
            let path = writeWorkspace(Self.workspace(Self.clientCredentials))
            _ = try await Self.run(try Self.runner(path: path, server: server, state: state), ["protected"])
            let directory = state + "/tokens"
            let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            expectEqual(files.count, 1)
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + files[0])
            expectEqual((attributes[.posixPermissions] as? Int), 0o600)
            // A new runner has no token in memory: it reads the file.
            let second = try await Self.run(try Self.runner(path: path, server: server, state: state), ["protected"])
            expectEqual(second.first?.status, 200)
            let stats = try await Self.stats(server)
            expectEqual(stats["token"], 1)
            expectEqual(stats["protected"], 2)
        }
    }

    @Test func aRefusedTokenRequestSaysWhyAndWhere() async throws {
        try await Self.withServer { server, state in
            let yaml = Self.workspace(Self.clientCredentials.replacingOccurrences(of: "demo-secret", with: "wrong-secret"))
            let runner = try Self.runner(yaml, server: server, state: state)
            let result = try #require(try await Self.run(runner, ["protected"]).first)
            expectEqual(result.ok, false)
            let message = try #require(result.error?.message)
            expectEqual(result.error?.family, "parameter")
            #expect(message.contains(runner.workspace.file + ":6:"), "\(message)")
            #expect(message.contains("HTTP 401 invalid_client: client authentication failed"), "\(message)")
            #expect(!message.contains("wrong-secret"))
            let stats = try await Self.stats(server)
            #expect(stats["protected"] == nil, "the request was not sent without a token")
        }
    }

    @Test func anUnreachableTokenEndpointIsATransportReason() async throws {
        try await Self.withServer { server, state in
            let yaml = Self.workspace(#"grant: client_credentials, tokenUrl: "http://127.0.0.1:1/token", clientId: demo-client"#)
            let result = try #require(try await Self.run(try Self.runner(yaml, server: server, state: state), ["protected"]).first)
            #expect(result.error?.message.contains("the token request to http://127.0.0.1:1/token failed") == true, "\(String(describing: result.error))")
        }
    }

    @Test func theCodeGrantWithPKCERunsEndToEnd() async throws {
        try await Self.withServer { server, state in
            let browser = NetworkAgent(config: NetworkConfig())
            let opened = TestBox<String>()
            // The "browser": follows the authorization URL and its redirect to the loopback listener.
            let tokens = TokenSessions(stateDirectory: state) { url in
                opened.set(url)
                Task {
                    let visit = ConfigurableRequest(url)
                    visit.agent = browser
                    visit.definition.responseSerializer = .raw
                    _ = try? await visit.run()
                }
            }
            let grant = #"grant: authorization_code, tokenUrl: "{{demo}}/oauth/token", authUrl: "{{demo}}/oauth/authorize", clientId: demo-client, clientSecret: demo-secret, scope: "read write", redirectTimeout: 20"#
            let runner = try Self.runner(Self.workspace(grant), server: server, state: state, tokens: tokens)
            let results = try await Self.run(runner, ["protected", "protected"])
            expectEqual(results.map(\.status), [200, 200])
            let url = try #require(opened.value)
            #expect(url.contains("code_challenge_method=S256") && url.contains("redirect_uri=http://127.0.0.1:"))
            let stats = try await Self.stats(server)
            #expect(stats["pkce"] == 1, "the server checked the verifier against the challenge")
            expectEqual(stats["token"], 1)
        }
    }

    @Test func aCommandTokenIsCachedForItsTTL() async throws {
        try await Self.withServer { server, state in
            let log = temporaryDirectory("courier-command") + "/runs"
            func yaml(ttl: Int) -> String {
                """
                config: {baseUrl: "{{demo}}"}
                requests:
                  echo:
                    url: /bearer
                    auth: {command: "echo run >> \(log); echo cmd-tok-\(ttl)", ttl: \(ttl)}
                """
            }
            let runner = try Self.runner(yaml(ttl: 300), server: server, state: state)
            let results = try await Self.run(runner, ["echo", "echo", "echo"])
            expectEqual(results.map(\.status), [200, 200, 200])
            #expect(try String(contentsOfFile: log, encoding: .utf8) == "run\n", "run once for three requests")
            let request = runner.makeRequest("echo")
            try await request.run()
            expectEqual(request.responseJSON?["token"]?.stringValue, "cmd-tok-300")

            try FileManager.default.removeItem(atPath: log)
            let expiring = try Self.runner(yaml(ttl: 0), server: server, state: state)
            _ = try await Self.run(expiring, ["echo", "echo"])
            #expect(try String(contentsOfFile: log, encoding: .utf8) == "run\nrun\n", "a TTL of 0 runs it every time")
        }
    }

    @Test func aFailingCommandIsAParameterErrorThatSaysWhy() async throws {
        try await Self.withServer { server, state in
            let yaml = """
            config: {baseUrl: "{{demo}}"}
            requests:
              echo:
                url: /bearer
                auth: {command: "echo 'not logged in' >&2; exit 3"}
              slow:
                url: /bearer
                auth: {command: "sleep 5", timeout: 0.2}
            """
            let results = try await Self.run(try Self.runner(yaml, server: server, state: state), ["echo", "slow"])
            expectEqual(results[0].error?.family, "parameter")
            #expect(results[0].error?.message.contains("failed with exit status 3: not logged in") == true, "\(String(describing: results[0].error))")
            expectEqual(results[0].error?.message.contains(":5:"), true)
            #expect(results[1].error?.message.contains("did not finish within 0.2 s") == true, "\(String(describing: results[1].error))")
        }
    }

    @Test func theDemoWorkspacesOAuth2RequestSucceeds() async throws {
        try await Self.withServer { server, state in
            let runner = try Self.runner(path: repositoryRoot + "/workspaces/demo.yaml", server: server, state: state)
            let results = try await Self.run(runner, ["oauth2-protected", "oauth2-protected"])
            expectEqual(results.map(\.status), [200, 200])
            expectEqual(try await Self.stats(server)["token"], 1)
        }
    }

    @Test func theSettingsParseAndBadOnesPointAtTheirPlace() throws {
        let workspace = try parseWorkspace(Self.workspace(Self.password + ", scope: read, audience: api, clientAuth: body"))
        guard case .oauth2(let settings)? = workspace.requests["protected"]?.auth else {
            Issue.record("not oauth2")
            return
        }
        #expect(settings.grant == .password && settings.username == "demo" && settings.clientAuth == .body)
        #expect(settings.scope == "read" && settings.audience == "api")
        let block = RequestYAML.block(for: try #require(workspace.requests["protected"]), name: "protected")
        let again = try parseWorkspace("requests:\n" + block.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n")
        #expect(again.requests["protected"]?.auth == workspace.requests["protected"]?.auth, "written back and read again")
        expectEqual(parseError(Self.workspace("grant: implicit, tokenUrl: /t, clientId: c"))?.description.contains("unknown grant \"implicit\""), true)
        expectEqual(parseError(Self.workspace("grant: password, tokenUrl: /t, clientId: c"))?.description.contains("needs username and password"), true)
        #expect(parseError("requests:\n  a:\n    url: /a\n    auth: {bearer: x, ttl: 3}\n")?.description.contains("ttl, header, prefix and timeout go with auth.command") == true)
    }
}

/// A value set from another task and read after. An NSLock, not `Mutex`: with -DCOURIER_TSAN,
/// `@testable import CourierWorkspace` brings a second `Mutex` into scope.
final class TestBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value? { lock.withLock { stored } }
}
