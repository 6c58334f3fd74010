import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Testing

/// Tokens from outside the workspace file: one with a control character or of absurd length is
/// refused where it comes from (the token endpoint, the command), with the place and the source
/// named, and is neither sent nor saved; a token request keeps the request's deadline; a
/// command ends at its exit, not at the end of a pipe a background child holds; a short-lived
/// token is reused within its life.
@Suite struct TokenSafetyTests {
    private static func runner(_ yaml: String, state: String, demo: String? = nil) throws -> WorkspaceRunner {
        var options = RunOptions()
        options.stateDirectory = state
        if let demo { options.demoURL = demo }
        return try WorkspaceRunner(workspace: try Workspace.load(path: writeWorkspace(yaml)), options: options)
    }

    private static func run(_ runner: WorkspaceRunner, _ names: [String]) async throws -> [RequestResult] {
        var results: [RequestResult] = []
        _ = try await runner.run(names) { event in
            if case .request(let result) = event { results.append(result) }
        }
        return results
    }

    /// A request to the stub's `/protected` with an oauth2 client-credentials token from its `/token`.
    private static func oauth2Workspace(_ stub: TokenEndpointStub, extra: String = "") -> String {
        """
        requests:
          protected:
            url: \(stub.baseURL)/protected\(extra)
            auth:
              oauth2: {grant: client_credentials, tokenUrl: "\(stub.baseURL)/token", clientId: c, clientSecret: s}
        """
    }

    private static func savedTokens(_ state: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: state + "/tokens")) ?? []
    }

    private static func tokenAnswer(_ token: String) -> String {
        let encoded = String(decoding: try! JSONEncoder().encode(token), as: UTF8.self)
        return #"{"access_token": "# + encoded + #", "token_type": "Bearer", "expires_in": 3600}"#
    }

    @Test(arguments: ["abc\r\nX-Injected: yes", "abc\r\nContent-Length: 0\r\n\r\nGET /smuggled HTTP/1.1", "abc\u{1B}]0;x\u{07}"])
    func anAccessTokenWithAControlCharacterIsRefusedNotSentNorSaved(_ token: String) async throws {
        let stub = try TokenEndpointStub(token: .json(status: 200, body: Self.tokenAnswer(token)))
        defer { stub.stop() }
        let state = temporaryDirectory("courier-state")
        let runner = try Self.runner(Self.oauth2Workspace(stub), state: state)
        let result = try #require(try await Self.run(runner, ["protected"]).first)
        let message = try #require(result.error?.message)
        expectEqual(result.error?.family, "parameter")
        #expect(message.contains(runner.workspace.file + ":5:"), "\(message)")
        #expect(message.contains("the access token from the token endpoint \(stub.baseURL)/token"), "\(message)")
        #expect(message.contains("control character"), "\(message)")
        #expect(stub.paths == ["/token"], "the request itself was not sent: \(stub.paths)")
        #expect(Self.savedTokens(state).isEmpty)
    }

    @Test(arguments: [#"printf 'CMDTOK\r\nX-Injected: yes'"#, #"printf 'CMD\033[2JTOK'"#, #"printf 'CMD\007TOK'"#])
    func aCommandTokenWithAControlCharacterIsRefusedNamingTheCommand(_ command: String) async throws {
        let stub = try TokenEndpointStub(token: .json(status: 500, body: "{}"))
        defer { stub.stop() }
        let yaml = """
        requests:
          echo:
            url: \(stub.baseURL)/protected
            auth: {command: "\(command.replacingOccurrences(of: "\\", with: "\\\\"))"}
        """
        let runner = try Self.runner(yaml, state: temporaryDirectory("courier-state"))
        let result = try #require(try await Self.run(runner, ["echo"]).first)
        let message = try #require(result.error?.message)
        #expect(message.contains(runner.workspace.file + ":4:"), "\(message)")
        #expect(message.contains("auth.command `\(command)` printed a token that holds a control character"), "\(message)")
        #expect(stub.paths.isEmpty, "nothing was sent: \(stub.paths)")
    }

    /// A variable's value (here from the process environment and from `variables:`; captures
    /// and `--var` values are looked up the same way) with a line break fails naming the
    /// placeholder, rather than at the engine's gate, which cannot say where it came from.
    @Test func aHeaderPlaceholderWhoseValueHasALineBreakIsNamed() async throws {
        let stub = try TokenEndpointStub(token: .json(status: 500, body: "{}"))
        defer { stub.stop() }
        let variable = "COURIER_TEST_INJECTED_\(UInt32.random(in: 0...UInt32.max))"
        setenv(variable, "abc\r\nX-Injected: yes", 1)
        defer { unsetenv(variable) }
        let yaml = """
        variables: {evil: "abc\\u001B[2J"}
        requests:
          fromEnv:
            url: \(stub.baseURL)/protected
            headers: {X-Token: "t {{env.\(variable)}}"}
          fromVariable:
            url: \(stub.baseURL)/protected
            auth: {bearer: "{{evil}}"}
        """
        let results = try await Self.run(try Self.runner(yaml, state: temporaryDirectory("courier-state")), ["fromEnv", "fromVariable"])
        let fromEnv = try #require(results.first?.error?.message)
        #expect(fromEnv.contains("{{env.\(variable)}}: its value holds a control character, CR (a line break)"), "\(fromEnv)")
        let fromVariable = try #require(results.last?.error?.message)
        #expect(fromVariable.contains("{{evil}}: its value holds a control character, ESC"), "\(fromVariable)")
        #expect(stub.paths.isEmpty, "nothing was sent: \(stub.paths)")
    }

    @Test func anAbsurdlyLongAccessTokenIsRefusedAndNotSaved() async throws {
        for (length, expected) in [(100_000, "is too long: 100000 bytes, more than the 65536"),
                                   (10_000_000, "answered with more than 1048576 bytes")] {
            let stub = try TokenEndpointStub(token: .json(status: 200, body: Self.tokenAnswer(String(repeating: "a", count: length))))
            defer { stub.stop() }
            let state = temporaryDirectory("courier-state")
            let runner = try Self.runner(Self.oauth2Workspace(stub), state: state)
            let result = try #require(try await Self.run(runner, ["protected"]).first)
            let message = try #require(result.error?.message)
            #expect(message.contains(expected), "\(message.prefix(300))")
            #expect(message.contains("token endpoint \(stub.baseURL)/token"), "\(message.prefix(300))")
            #expect(message.count < 1000, "the message does not quote the token")
            expectEqual(stub.paths, ["/token"])
            #expect(Self.savedTokens(state).isEmpty)
        }
    }

    @Test func anAbsurdlyLongCommandTokenIsRefused() async throws {
        let stub = try TokenEndpointStub(token: .json(status: 500, body: "{}"))
        defer { stub.stop() }
        let yaml = """
        requests:
          echo:
            url: \(stub.baseURL)/protected
            auth: {command: "head -c 10000000 /dev/zero | tr '\\\\0' a"}
        """
        let result = try #require(try await Self.run(try Self.runner(yaml, state: temporaryDirectory("courier-state")), ["echo"]).first)
        let message = try #require(result.error?.message)
        #expect(message.contains("printed a token that is too long"), "\(message.prefix(300))")
        #expect(stub.paths.isEmpty)
    }

    /// A token endpoint that sends a byte every 100 ms never reaches the 30 s idle timeout:
    /// the request's `deadline: 1` bounds the token request too.
    @Test func aTricklingTokenEndpointIsBoundedByTheRequestsDeadline() async throws {
        let stub = try TokenEndpointStub(token: .trickle)
        defer { stub.stop() }
        let yaml = """
        requests:
          protected:
            url: \(stub.baseURL)/protected
            deadline: 1
            auth:
              oauth2: {grant: client_credentials, tokenUrl: "\(stub.baseURL)/token", clientId: c, clientSecret: s}
        """
        let result = try #require(try await Self.run(try Self.runner(yaml, state: temporaryDirectory("courier-state")), ["protected"]).first)
        let message = try #require(result.error?.message)
        #expect(message.contains("the token request to \(stub.baseURL)/token failed"), "\(message)")
        #expect(message.contains("deadline"), "\(message)")
        // The trickle lasts 10 s (100 bytes); the deadline hangs up after 1 (about 10 bytes).
        // Counted by the stub, not timed here: in a whole-suite run a wall-clock bound (< 8 s)
        // once measured 11.4 s while the error said the deadline had ended the request.
        #expect(stub.trickledBytes < 50, "\(stub.trickledBytes) bytes trickled before the client hung up")
        expectEqual(stub.paths, ["/token"])
    }

    /// `sleep 30 &` keeps the output pipe open for 30 s; the token was printed at once.
    @Test func aCommandThatLeavesAChildInTheBackgroundEndsAtItsExit() async throws {
        let stub = try TokenEndpointStub(token: .json(status: 500, body: "{}"))
        defer { stub.stop() }
        let pidFile = temporaryDirectory("courier-command") + "/child"
        defer {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
        }
        let yaml = """
        requests:
          echo:
            url: \(stub.baseURL)/protected
            auth: {command: "echo BGTOK; sleep 30 & echo $! > \(pidFile)", timeout: 3}
        """
        let result = try #require(try await Self.run(try Self.runner(yaml, state: temporaryDirectory("courier-state")), ["echo"]).first)
        #expect(result.error == nil, "\(String(describing: result.error))")
        expectEqual(result.status, 200)
        #expect(stub.resourceHeads.first?.contains("\r\nAuthorization: Bearer BGTOK") == true, "\(stub.resourceHeads)")
    }

    /// A descriptor Courier holds open without close-on-exec (here one end of a pipe) is not
    /// the command's: a child it leaves running would otherwise hold Courier's pipe or socket,
    /// and a read waiting for that pipe's end would wait as long as the child lives.
    @Test func aCommandInheritsNoDescriptorPastTheStandardThree() throws {
        var ends: [Int32] = [0, 0]
        expectEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        let check = "for fd in \(ends[0]) \(ends[1]); do [ -e /proc/$$/fd/$fd ] && echo leaked $fd; done; echo checked"
        let outcome = try ShellCommand.run(check, timeout: 10, outputLimit: 4096)
        expectEqual(String(decoding: outcome.output, as: UTF8.self), "checked\n")
        expectEqual(outcome.status, 0)
    }

    @Test func theExpiryMarginIsATenthOfAShortLife() throws {
        let issued = Date(timeIntervalSince1970: 1_000_000)
        let short = try #require(OAuth2Token(response: ["access_token": "a", "expires_in": 5], previous: nil, now: issued))
        #expect(short.isFresh(at: issued))
        #expect(short.isFresh(at: issued.addingTimeInterval(4.4)))
        #expect(!short.isFresh(at: issued.addingTimeInterval(4.6)))
        let long = try #require(OAuth2Token(response: ["access_token": "a", "expires_in": 3600], previous: nil, now: issued))
        #expect(long.isFresh(at: issued.addingTimeInterval(3589)))
        #expect(!long.isFresh(at: issued.addingTimeInterval(3591)), "ten seconds at most")
        let nonsense = try #require(OAuth2Token(response: ["access_token": "a", "expires_in": -5], previous: nil, now: issued))
        #expect(nonsense.expiresAt == nil, "a negative life is no stated life")
    }

    /// A token living 5 s served two requests with one fetch (before, the fixed 10 s margin
    /// made it stale at once, and each request fetched one).
    @Test func aShortLivedTokenIsReused() async throws {
        let server = try await DemoServer.start()
        do {
            try await Self.twoRequests(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private static func twoRequests(_ server: DemoServer) async throws {
        let yaml = """
        config: {baseUrl: "{{demo}}"}
        requests:
          protected:
            url: /oauth/protected
            auth:
              oauth2: {grant: client_credentials, tokenUrl: "{{demo}}/oauth/token?expires_in=5", clientId: demo-client, clientSecret: demo-secret}
        """
        let runner = try runner(yaml, state: temporaryDirectory("courier-state"), demo: server.baseURL)
        let results = try await run(runner, ["protected", "protected"])
        expectEqual(results.map(\.status), [200, 200])
        let stats = ConfigurableRequest(server.baseURL + "/oauth/stats")
        stats.agent = NetworkAgent(config: NetworkConfig())
        try await stats.run()
        expectEqual(stats.responseJSON?["token"]?.intValue, 1)
    }
}
