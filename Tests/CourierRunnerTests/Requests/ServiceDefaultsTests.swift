import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
import CourierImport
@testable import CourierRunner
import Foundation
import Testing

/// `config.headers` and `config.args` (CTNetworking's service-wide headers and parameters),
/// an environment's own, and a request's override or `null`: what reaches the server.
@Suite struct ServiceDefaultsTests {
    private static let workspace = """
    config:
      baseUrl: "{{base}}"
      headers: {X-Client: courier-test, X-Trace: on, X-Token: "{{token}}"}
      args: {client: courier, version: 1}
    variables: {token: abc, base: "http://127.0.0.1:9"}
    environments:
      staging:
        token: staged
        headers: {X-Env: staging, X-Trace: null}
        args: {version: 2, region: eu}
    requests:
      plain: {url: /anything/plain}
      own: {url: /anything/own, headers: {x-client: mine}, args: {version: 9}}
      removed: {url: /anything/removed, headers: {X-Trace: null, X-Token: null}, args: {client: null}}
      posted: {method: POST, url: /anything/posted, body: {json: {name: Rex}}}
      texted: {method: POST, url: /anything/texted, body: {text: hi}}
    """

    /// What `/anything` echoed of `name`: its headers and its query arguments.
    private static func sent(_ name: String, base: String, environment: String? = nil)
        async throws -> (headers: [String: String], args: [String: String], json: JSONValue?) {
        var options = RunOptions()
        options.environment = environment
        options.overrides = ["base": base]
        let runner = try WorkspaceRunner(workspace: try Workspace.load(path: writeWorkspace(workspace)), options: options)
        let request = runner.makeRequest(name)
        _ = try await request.run()
        func strings(_ key: String) -> [String: String] {
            guard case .object(let members)? = request.responseJSON?[key] else { return [:] }
            return members.reduce(into: [:]) { $0[$1.key] = $1.value.stringValue }
        }
        return (strings("headers"), strings("args"), request.responseJSON?["json"])
    }

    @Test func configDefaultsAreSentOverriddenAndRemovedAgainstTheDemoServer() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let plain = try await Self.sent("plain", base: server.baseURL)
        expectEqual(plain.headers["X-Client"], "courier-test")
        #expect(plain.headers["X-Token"] == "abc", "templated")
        expectEqual(plain.args, ["client": "courier", "version": "1"])
        let own = try await Self.sent("own", base: server.baseURL)
        #expect(own.headers["X-Client"] == "mine", "the request's header wins, whatever its case")
        #expect(own.args["version"] == "9" && own.args["client"] == "courier")
        let removed = try await Self.sent("removed", base: server.baseURL)
        #expect(removed.headers["X-Trace"] == nil && removed.headers["X-Token"] == nil)
        expectEqual(removed.headers["X-Client"], "courier-test")
        expectEqual(removed.args, ["version": "1"])
        let posted = try await Self.sent("posted", base: server.baseURL)
        #expect(posted.json == ["name": "Rex", "client": "courier", "version": 1], "they join a JSON object body as CT's params do")
        let texted = try await Self.sent("texted", base: server.baseURL)
        #expect(texted.args == ["client": "courier", "version": "1"], "a text body's arguments go to the query")
    }

    @Test func anEnvironmentAddsReplacesAndRemovesDefaults() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let staged = try await Self.sent("plain", base: server.baseURL, environment: "staging")
        expectEqual(staged.headers["X-Env"], "staging")
        #expect(staged.headers["X-Trace"] == nil, "the environment's null removes the config's header")
        expectEqual(staged.headers["X-Token"], "staged")
        expectEqual(staged.args, ["client": "courier", "version": "2", "region": "eu"])
        let workspace = try Workspace.load(path: writeWorkspace(Self.workspace))
        #expect(workspace.environments["staging"] == ["token": "staged"], "headers and args are no variables")
    }

    @Test func httpbinSeesTheDefaults() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let sent = try await Self.sent("own", base: server.baseURL)
        expectEqual(sent.headers["X-Client"], "mine")
        expectEqual(sent.headers["X-Trace"], "on")
        expectEqual(sent.args, ["client": "courier", "version": "9"])
    }

    @Test func exportsCarryTheDefaults() throws {
        let workspace = try Workspace.load(path: writeWorkspace(Self.workspace))
        var options = RunOptions()
        options.overrides = ["base": "http://example.org"]
        let runner = try WorkspaceRunner(workspace: workspace, options: options)
        let command = try CurlExport.command(for: runner.makeRequest("removed"))
        #expect(command.contains("X-Client: courier-test") && !command.contains("X-Trace"), "\(command)")
        #expect(command.contains("version=1") && !command.contains("client="), "\(command)")
        let http = try HTTPFileExport.text(workspace: workspace, names: ["own", "removed"])
        let blocks = http.components(separatedBy: "###")
        let own = try #require(blocks.first { $0.contains("/anything/own") })
        #expect(own.contains("x-client: mine") && own.contains("X-Trace: on") && own.contains("client=courier&version=9"), "\(own)")
        let removed = try #require(blocks.first { $0.contains("/anything/removed") })
        #expect(removed.contains("/anything/removed?version=1") && !removed.contains("X-Trace") && !removed.contains("X-Token"), "\(removed)")
        expectEqual(workspace.requests["own"]!.inheritedHeaderNames(workspace.serviceDefaults(environment: nil)), ["X-Trace", "X-Token"])
    }

    @Test func wrongTypesAreErrorsAtFileLineAndColumn() {
        let headers = writeWorkspace("config:\n  headers: {X-A: [1, 2]}\nrequests: {a: {url: /a}}\n")
        #expect { try Workspace.load(path: headers) } throws: { "\($0)".hasPrefix("\(headers):2:18: error:") }
        let args = writeWorkspace("config:\n  args: [a, b]\nrequests: {a: {url: /a}}\n")
        #expect { try Workspace.load(path: args) } throws: { "\($0)".hasPrefix("\(args):2:9: error:") }
        let undefined = writeWorkspace("config:\n  headers: {X-A: \"{{nope}}\"}\nrequests: {a: {url: /a}}\n")
        #expect { try Workspace.load(path: undefined) } throws: { "\($0)".contains("undefined variable {{nope}}") }
    }

    @Test func theEngineSendsDefaultHeadersToLibraryUsers() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        var settings = NetworkSettings()
        settings.baseURL = server.baseURL
        settings.defaultHeaders = ["X-Client": "library", "Accept": "text/plain"]
        let agent = NetworkAgent(config: NetworkConfig(settings))
        let request = ConfigurableRequest("/headers", headers: ["accept": "application/json"])
        request.agent = agent
        _ = try await request.run()
        let headers = request.responseJSON?["headers"]
        expectEqual(headers?["X-Client"], "library")
        #expect(headers?["Accept"] == "application/json", "the request's own header wins in any case")
    }
}
