import Courier
import CourierDemoServer
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// `HTTPFileExport` writes a workspace's requests as a `.http` file, and `HTTPFileImport`
/// reads it back to the same requests.
@Suite struct HTTPFileExportTests {
    private static let workspacesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("workspaces").path

    private func demo() throws -> Workspace {
        try Workspace.load(path: Self.workspacesDirectory + "/demo.yaml")
    }

    /// The export of `names` imported back and loaded.
    private func roundTrip(_ workspace: Workspace, _ names: [String] = []) throws -> (text: String, result: ImportResult, back: Workspace) {
        let text = try HTTPFileExport.text(workspace: workspace, names: names)
        let result = try HTTPFileImport.result(text: text, file: "exported.http")
        return (text, result, try Workspace.parse(yaml: result.workspace.yaml(), file: "imported.yaml"))
    }

    private func workspace(_ yaml: String) throws -> Workspace {
        try Workspace.parse(yaml: yaml, file: "inline.yaml")
    }

    @Test func demoRoundTripKeepsMethodHeadersBodyAndAuth() throws {
        let original = try demo()
        let (text, result, back) = try roundTrip(original)
        expectEqual(back.requestNames, original.requestNames)
        #expect(result.report.dropped.isEmpty, "\(result.report.dropped)")
        for name in original.requestNames {
            // What is sent: the config's headers (X-Client) too.
            var before = try #require(original.requests[name]).applyingDefaults(original.config.defaults)
            if case .graphql(let graphql)? = before.body {
                // Written as the JSON it sends, which both clients send as it is.
                before.body = .json(graphql.unrenderedJSON)
                before.headers.append(("Accept", GraphQLBody.accept))
            }
            let after = try #require(back.requests[name])
            #expect(after.method == before.method, "\(name)")
            #expect(after.headers.map { "\($0.name): \($0.value)" } == before.headers.map { "\($0.name): \($0.value)" }, "\(name)")
            switch before.auth {
            case .oauth2?, .command?, .scheme(NTLMAuth.self)?, .scheme(.negotiate)?:
                // No .http form: said under "Not carried over" (below), never sent another way.
                #expect(after.auth == nil, "\(name)")
                #expect(text.contains("#   \(name): auth ("), "\(name)")
            default:
                #expect(after.auth == before.auth, "\(name)")
            }
            #expect(after.body == before.body, "\(name)")
            #expect(after.description == before.description, "\(name)")
            #expect(after.timeout == before.timeout, "\(name)")
            if before.url.contains("://") || before.url.hasPrefix("{{") {
                // Absolute, or absolute once its variable is filled in (`{{demo}}/cookies`): as written.
                #expect(after.url == before.url, "\(name)")
            } else {
                // Joined to {{demo}}, through the path-prefix and query filters.
                let path = before.url.hasPrefix("/v1/") ? "/anything/api/v2/" + before.url.dropFirst(4) : before.url
                let base = before.useCDN ? "{{demo}}/anything/cdn/" : "{{demo}}"
                let separator = path.contains("?") ? "&" : "?"
                #expect(after.url.hasPrefix(base + path + separator + "client=courier-demo"), "\(name): \(after.url)")
            }
        }
        expectEqual(back.variables, original.variables)
    }

    @Test func petstoreRoundTripKeepsItsTemplatedBaseURL() throws {
        let original = try Workspace.load(path: Self.workspacesDirectory + "/petstore.yaml")
        let (text, _, back) = try roundTrip(original)
        #expect(text.contains("this workspace has local, staging, production"))
        #expect(text.contains("#   chain adopt: conditions (when) and parallel steps; its requests are run one by one"))
        #expect(back.requests["list-pets"]?.url == "{{apiBase}}/pets?app=courier&limit={{pageSize}}&species={{species}}")
        #expect(back.requests["get-pet"]?.url == "{{apiBase}}/pets/{{petId}}?app=courier")
        #expect(back.chains["http-file"]?.captures.map { "\($0.variable): \($0.source)" } == ["petId: $.json.name"])
        for name in original.requestNames {
            let before = try #require(original.requests[name])
            let after = try #require(back.requests[name])
            #expect(after.method == before.method, "\(name)")
            #expect(after.headers.map { "\($0.name): \($0.value)" } == before.headers.map { "\($0.name): \($0.value)" }, "\(name)")
            // A file part is sent under its own name when it has none: the export names it.
            if case .multipart(let parts)? = before.body {
                let named = parts.map { part in
                    var part = part
                    if let file = part.file, part.filename == nil { part.filename = String(file.split(separator: "/").last!) }
                    return part
                }
                #expect(after.body == .multipart(named), "\(name)")
            } else {
                #expect(after.body == before.body, "\(name)")
            }
        }
    }

    @Test func argumentsBecomeTheQueryTheEngineSends() throws {
        let (_, _, back) = try roundTrip(try demo(), ["get-args", "flaky", "long-url", "many-headers"])
        #expect(back.requests["get-args"]?.url == "{{demo}}/get?client=courier-demo&lang={{lang}}&page=1")
        #expect(back.requests["flaky"]?.url == "{{demo}}/counter/flaky-{{uuid}}?client=courier-demo&fail=2&status=503")
        let longURL = try #require(back.requests["long-url"]?.url)
        #expect(longURL.contains("&include%5B%5D=assets&include%5B%5D=checksums&include%5B%5D=signatures&"))
        #expect(longURL.hasSuffix("&trace={{uuid}}&until=2025-12-31T23%3A59%3A59Z"))
        expectEqual(back.requests["many-headers"]?.args, nil)
    }

    @Test func demoRoundTripSendsTheSameRequests() async throws {
        let names = ["get-args", "post-json", "post-form", "post-text", "basic-auth", "bearer", "versioned-path",
                     "cdn-asset", "created", "upload", "login", "many-headers"]
        let yaml = try roundTrip(try demo(), names).result.workspace.yaml()
        let directory = importTemporaryDirectory("courier-http-export")
        try yaml.write(toFile: directory + "/imported.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/files", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.workspacesDirectory + "/files/hello.txt", toPath: directory + "/files/hello.txt")
        let before = await run(Self.workspacesDirectory + "/demo.yaml", names)
        let after = await run(directory + "/imported.yaml", names)
        #expect(after.status == 0, "\(after.lines)")
        // The same path and query reach the server, with the same answer (the port may differ).
        func path(_ url: String?) -> String? { url.map { String($0.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }) } }
        for name in names {
            let sent = try #require(before.lines[name]?["url"] as? String, "\(name)")
            #expect(path(after.lines[name]?["url"] as? String) == path(sent), "\(name)")
            #expect(after.lines[name]?["status"] as? Int == before.lines[name]?["status"] as? Int, "\(name)")
        }
    }

    @Test func chainCapturesBecomeRequestVariablesAndBackAChain() async throws {
        let (text, result, back) = try roundTrip(try demo(), ["checkout"])
        #expect(text.contains("\n@token = {{login.response.body.$.token}}\n"))
        #expect(text.contains("\n@orderId = {{orders.response.body.$.orders[0].id}}\n"))
        #expect(text.contains("#   chain checkout: conditions (when) and parallel steps; its requests are run one by one"))
        expectEqual(back.requestNames, ["login", "profile", "orders", "checkout-order", "vip-offer"])
        let chain = try #require(back.chains["http-file"])
        #expect(chain.steps.map { $0.items.map(\.request.name) } == [["login"], ["profile"], ["orders"], ["checkout-order"], ["vip-offer"]])
        #expect(chain.captures.map { "\($0.variable): \($0.source)" } == ["token: $.token", "orderId: $.orders[0].id"])

        let run = await runImported(result.workspace.yaml(), ["http-file"])
        #expect(run.status == 0, "\(run.errors)")
        let statuses = importedJSONLines(run.output).compactMap { $0["status"] as? Int }
        expectEqual(statuses, [200, 200, 200, 200, 200])
    }

    @Test func plainBaseURLsBecomeAFileVariableAndBuiltInsTheClientsOwn() throws {
        let yaml = """
            config:
              baseUrl: https://api.example.org/v1/
            variables:
              user: ann
            environments:
              prod: {user: bob}
            requests:
              list: {url: pets}
              root: {url: /health}
              basic: {url: pets, auth: {basic: {user: ann, password: s3cret}}}
              words: {url: pets, auth: {basic: {user: "{{user}}", password: "{{env.PASSWORD}}"}}}
              stamped: {method: POST, url: pets, headers: {X-Id: "{{uuid}}", X-At: "{{now}}", X-T: "{{timestamp}}"}, args: {a: "1"}}
              file: {method: PUT, url: pets/1, body: {file: pet.json, contentType: application/json}}
            """
        let text = try HTTPFileExport.text(workspace: try workspace(yaml), names: [])
        #expect(text.contains("# Environments are not part of a .http file"))
        #expect(text.contains("this workspace has prod"))
        #expect(text.contains("\n@baseUrl = https://api.example.org/v1\n"))
        #expect(text.contains("\nGET {{baseUrl}}/pets\n"))
        #expect(text.contains("\nGET https://api.example.org/health\n"))  // an absolute path leaves the base's /v1
        #expect(text.contains("\nAuthorization: Basic YW5uOnMzY3JldA==\n"))  // RFC 7617 when it is plain text
        #expect(text.contains("\nAuthorization: Basic {{user}} {{$processEnv PASSWORD}}\n"))
        #expect(text.contains("\nX-Id: {{$guid}}\nX-At: {{$datetime iso8601}}\nX-T: {{$timestamp}}\n"))
        #expect(text.contains("\nContent-Type: application/x-www-form-urlencoded\n\na=1\n"))
        #expect(text.contains("\nPUT {{baseUrl}}/pets/1\nContent-Type: application/json\n\n< pet.json\n"))

        let back = try Workspace.parse(yaml: try HTTPFileImport.result(text: text, file: "x.http").workspace.yaml(), file: "x.yaml")
        expectEqual(back.requests["basic"]?.auth, .basic(user: "ann", password: "s3cret"))
        #expect(back.requests["words"]?.auth == .basic(user: "{{user}}", password: "{{env.PASSWORD}}"))
        #expect(back.requests["stamped"]?.headers.map(\.value) == ["{{uuid}}", "{{now}}", "{{timestamp}}"])
        expectEqual(back.requests["stamped"]?.body, .form(["a": "1"], order: ["a"]))
        expectEqual(back.requests["file"]?.body, .file(path: "pet.json", contentType: "application/json"))
        expectEqual(back.variables, ["baseUrl": "https://api.example.org/v1", "user": "ann"])
    }

    @Test func aBatchOrChainNameExportsItsRequestsOnce() throws {
        let original = try demo()
        let text = try HTTPFileExport.text(workspace: original, names: ["viewers", "cjk", "login"])
        let titles = text.split(separator: "\n").filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
        expectEqual(titles, ["cjk", "big-json", "long-url", "many-headers", "login"])
    }

    /// A .http file has no status line or toasts: `hud:` and `quietErrors:` are listed as
    /// left out, like the other settings it cannot hold.
    @Test func hudAndQuietErrorsAreListedAsNotCarried() throws {
        let yaml = "requests:\n  slow: {url: \"http://127.0.0.1:9/slow\", hud: \"Waiting…\", quietErrors: true}\n"
        let text = try HTTPFileExport.text(workspace: try workspace(yaml), names: [])
        let notes = text.split(separator: "\n").filter { $0.hasPrefix("#") }.joined(separator: "\n")
        #expect(notes.contains("hud") && notes.contains("quietErrors"), "\(text)")
    }

    @Test func anUnknownNameIsAnError() throws {
        let workspace = try demo()
        do {
            _ = try HTTPFileExport.text(workspace: workspace, names: ["login", "logn"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasSuffix("error: no request, batch or chain named \"logn\" (it has: "
                                                + workspace.targetNames.joined(separator: ", ") + ")"))
        }
    }

    @Test func aStatusCaptureOrOneFromARequestLeftOutIsAComment() throws {
        let yaml = """
            requests:
              login: {method: POST, url: "http://127.0.0.1:9/login"}
              next: {url: "http://127.0.0.1:9/next", headers: {X-Status: "{{code}}", X-Token: "{{token}}"}}
            chains:
              flow:
                steps:
                  - {request: login, capture: {code: status, token: $.token}}
                  - next
            """
        let text = try HTTPFileExport.text(workspace: try workspace(yaml), names: ["next"])
        #expect(text.contains("# {{code}} is the status of login in chain flow; a .http file cannot capture a status."))
        #expect(text.contains("# {{token}} is captured from login in chain flow, which is not exported."))
        let all = try HTTPFileExport.text(workspace: try workspace(yaml), names: [])
        #expect(all.contains("\n@token = {{login.response.body.$.token}}\n"))
    }

    private func run(_ path: String, _ names: [String]) async -> (status: Int32, lines: [String: [String: Any]]) {
        var run = HeadlessRun(workspacePath: path, names: names)
        run.cacheDirectory = importTemporaryDirectory("courier-cache")
        run.stateDirectory = importTemporaryDirectory("courier-state")
        run.json = true
        var output: [String] = []
        let status = await run.run(startDemoServer: {
            let server = try await DemoServer.start()
            return DemoServerHandle(baseURL: server.baseURL, stop: { await server.stop() })
        }, output: { output.append($0) }, errors: { _ in })
        var lines: [String: [String: Any]] = [:]
        for line in importedJSONLines(output) {
            if let name = line["name"] as? String { lines[name] = line }
        }
        return (status, lines)
    }
}
