import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Glibc
import Testing
#if canImport(Glibc)
#endif

/// `config.cookies` (session, persist, none) and a request's `cookies: false`, through the
/// runner as `courier run` and the workbench use it: against the demo server and httpbin.
@Suite struct WorkspaceCookieTests {
    /// The results of running `names`, by request name (the last of each).
    private static func run(_ runner: WorkspaceRunner, _ names: [String]) async throws -> [String: RequestResult] {
        var results: [String: RequestResult] = [:]
        _ = try await runner.run(names) { event in
            if case .request(let result) = event { results[result.name] = result }
        }
        return results
    }

    /// What `/cookies` answered to `name` sent by `runner`.
    private static func received(_ runner: WorkspaceRunner, _ name: String) async throws -> [String: String] {
        let request = runner.makeRequest(name)
        _ = try await request.run()
        guard case .object(let members)? = request.responseJSON?["cookies"] else { return [:] }
        return members.reduce(into: [:]) { $0[$1.key] = $1.value.stringValue }
    }

    private static func runner(_ yaml: String, baseURL: String, state: String? = nil) throws -> WorkspaceRunner {
        var options = RunOptions()
        options.demoURL = baseURL
        options.stateDirectory = state
        return try WorkspaceRunner(workspace: try Workspace.load(path: writeWorkspace(yaml)), options: options)
    }

    private static let requests = """
    requests:
      set: {url: "/cookies/set?flavour=oatmeal"}
      set-quietly: {url: "/cookies/set?quiet=1", cookies: false}
      read: {url: /cookies}
      read-without: {url: /cookies, cookies: false}
    """

    @Test func theModesAndTheRequestSettingParse() throws {
        for mode in CookieMode.allCases {
            let workspace = try Workspace.load(path: writeWorkspace("config: {cookies: \(mode.rawValue)}\n" + Self.requests))
            expectEqual(workspace.config.cookies, mode)
            expectEqual(workspace.requests["read-without"]?.sendsCookies, false)
            expectEqual(workspace.requests["read"]?.sendsCookies, true)
        }
        #expect(try Workspace.load(path: writeWorkspace(Self.requests)).config.cookies == .session, "the default")
    }

    @Test func badValuesAreErrorsAtFileLineAndColumn() {
        let mode = writeWorkspace("config:\n  cookies: forever\nrequests: {a: {url: /a}}\n")
        #expect { try Workspace.load(path: mode) } throws: {
            "\($0)".hasPrefix("\(mode):2:12: error:") && "\($0)".contains("session, persist, none")
        }
        let flag = writeWorkspace("requests:\n  a:\n    url: /a\n    cookies: maybe\n")
        #expect { try Workspace.load(path: flag) } throws: { "\($0)".hasPrefix("\(flag):4:14: error:") }
    }

    /// The case: a chain whose first step is httpbin's `/cookies/set?session=abc` (a
    /// redirect that sets the cookie) and whose second sees it at `/cookies`.
    @Test func aChainsSecondStepSeesTheFirstStepsSessionCookieOnHttpbin() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let runner = try Self.runner("""
        config: {baseUrl: "\(server.baseURL)"}
        requests:
          login: {url: "/cookies/set?session=abc", validate: {json: {cookies: {session: string}}}}
          whoami: {url: /cookies, validate: {json: {cookies: {session: string}}}}
          proof: {url: /anything/proof}
        chains:
          flow:
            steps:
              - request: login
              - {request: whoami, capture: {seen: $.cookies.session}}
              - {request: proof, when: seen == "abc"}
        """, baseURL: server.baseURL)
        let results = try await Self.run(runner, ["flow"])
        #expect(results["login"]?.ok == true, "the redirect's target got the cookie")
        #expect(results["whoami"]?.ok == true, "step 2 sent it")
        #expect(results["proof"]?.ok == true && results["proof"]?.skipped == false, "the value was abc")
    }

    @Test func aRequestWithCookiesFalseSendsAndKeepsNone() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let runner = try Self.runner("config: {baseUrl: \"{{demo}}\"}\n" + Self.requests, baseURL: server.baseURL)
        _ = try await Self.run(runner, ["set"])
        expectEqual(try await Self.received(runner, "read"), ["flavour": "oatmeal"])
        #expect(try await Self.received(runner, "read-without").isEmpty)
        _ = try await Self.run(runner, ["set-quietly"])
        #expect(runner.agent.cookieJar?.cookies.map(\.name) == ["flavour"], "quiet=1 was not kept")
    }

    @Test func noneKeepsNothingAndSessionWritesNoFile() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let state = temporaryDirectory("courier-state")
        let none = try Self.runner("config: {baseUrl: \"{{demo}}\", cookies: none}\n" + Self.requests, baseURL: server.baseURL, state: state)
        #expect(none.agent.cookieJar == nil)
        _ = try await Self.run(none, ["set"])
        #expect(try await Self.received(none, "read").isEmpty)

        let session = try Self.runner("config: {baseUrl: \"{{demo}}\"}\n" + Self.requests, baseURL: server.baseURL, state: state)
        _ = try await Self.run(session, ["set"])
        try session.agent.cookieJar?.saveToFile()
        #expect(!FileManager.default.fileExists(atPath: state + "/cookies"), "a session's cookies stay in memory")
        let next = try Self.runner("config: {baseUrl: \"{{demo}}\"}\n" + Self.requests, baseURL: server.baseURL, state: state)
        #expect(try await Self.received(next, "read").isEmpty, "the next run starts empty")
    }

    /// A session's jar given in the options (the workbench's, kept across reloads) is the one
    /// a session workspace sends through; persist and none keep to their own.
    @Test func aKeptSessionJarServesOnlySessionWorkspaces() throws {
        let kept = CookieJar()
        var options = RunOptions()
        options.cookieJar = kept
        options.stateDirectory = temporaryDirectory("courier-state")
        func jar(_ mode: CookieMode) throws -> CookieJar? {
            let workspace = try Workspace.load(path: writeWorkspace("config: {cookies: \(mode.rawValue)}\n" + Self.requests))
            return try WorkspaceRunner(workspace: workspace, options: options).agent.cookieJar
        }
        #expect(try jar(.session) === kept)
        #expect(try jar(.persist).map { $0 !== kept && $0.file != nil } == true)
        #expect(try jar(.none) == nil)
    }

    /// `persist` writes the jar 0600 under the state directory as responses set cookies, and
    /// the next run (a new runner, as `courier run` or a reopened workbench makes) sends them.
    @Test func persistWritesAnOwnerOnlyJarTheNextRunReads() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let state = temporaryDirectory("courier-state")
        let path = writeWorkspace("config: {baseUrl: \"{{demo}}\", cookies: persist}\n" + Self.requests)
        let first = await headlessRun(path, ["set"]) { $0.stateDirectory = state }
        #expect(first.status == 0, "\(first.errors)")
        let file = WorkspaceCookies.file(for: try Workspace.load(path: path), stateDirectory: state)
        #expect(file.hasPrefix(state + "/cookies/ws-") && file.hasSuffix(".txt"))
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(state + "/cookies", &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\tflavour\toatmeal"))

        var options = RunOptions()
        options.demoURL = server.baseURL
        options.stateDirectory = state
        let next = try WorkspaceRunner(workspace: try Workspace.load(path: path), options: options)
        expectEqual(try await Self.received(next, "read"), ["flavour": "oatmeal"])
        expectEqual(next.agent.cookieJar?.file, file)
    }
}
