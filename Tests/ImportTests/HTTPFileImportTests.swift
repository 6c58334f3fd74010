import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// `HTTPFileImport` reads the REST Client and JetBrains fixtures construct by construct, and
/// what it writes loads as a workspace.
@Suite struct HTTPFileImportTests {
    /// The fixture imported, its YAML loaded back as `courier run` would.
    private func imported(_ name: String) throws -> (result: ImportResult, workspace: Workspace) {
        let text = String(decoding: try fixture("http/" + name), as: UTF8.self)
        let result = try HTTPFileImport.result(text: text, file: name)
        return (result, try Workspace.parse(yaml: result.workspace.yaml(), file: "imported.yaml"))
    }

    private func request(_ workspace: Workspace, _ name: String) throws -> RequestDefinition {
        try #require(workspace.requests[name], "no request \(name) in \(workspace.requestNames)")
    }

    private func header(_ definition: RequestDefinition, _ name: String) -> String? {
        definition.headers.first { $0.name == name }?.value
    }

    @Test func restClientRequestsAreNamedByAtNameTitleOrMethodAndPath() throws {
        let (_, workspace) = try imported("rest-client.http")
        #expect(workspace.requestNames == ["login", "profile", "orders", "get-search", "form_login", "notes", "file_login",
                                           "basic_colon", "basic_words", "typed"])
        expectEqual(try request(workspace, "orders").description, "Orders of the user who logged in")
        expectEqual(try request(workspace, "get-search").description, "Query continuation lines and system variables")
    }

    @Test func restClientFileVariablesBecomeVariables() throws {
        let (_, workspace) = try imported("rest-client.http")
        #expect(workspace.variables == ["baseUrl": "{{demo}}", "user": "demo", "password": "secret",
                                        "echo": "{{baseUrl}}/anything", "count": "3", "randomint-1-100": ""])
        #expect(workspace.variables["echo"] == "{{baseUrl}}/anything")
        expectEqual(workspace.variables["count"], "3")
        #expect(workspace.usesDemoServer)
    }

    @Test func restClientBodiesFollowTheirContentType() throws {
        let (result, workspace) = try imported("rest-client.http")
        let login = try request(workspace, "login")
        expectEqual(login.method, .post)
        #expect(login.url == "{{baseUrl}}/login")
        #expect(login.body == .json(["user": "{{user}}", "password": "{{password}}"]))
        #expect(login.headers.isEmpty)  // application/json goes with the JSON body

        let form = try request(workspace, "form_login")
        #expect(form.body == .form(["user": "demo", "password": "{{password}}"], order: ["user", "password"]))
        #expect(result.report.notes.contains { $0.hasPrefix("request \"form_login\": @no-redirect") })

        let notes = try request(workspace, "notes")
        expectEqual(notes.method, .put)
        #expect(notes.body == .text("Notes for {{user}}:\nship it.", contentType: "text/plain"))
        #expect(notes.headers.isEmpty)

        let upload = try request(workspace, "file_login")
        expectEqual(upload.body, .file(path: "./body.json", contentType: "application/json"))
        #expect(result.report.notes.contains { $0.contains("relative to the .http file's folder: ./body.json") })

        // {{count}} outside a string keeps the JSON from parsing: text, with its content type.
        let typed = try request(workspace, "typed")
        #expect(typed.body == .text("{\"count\": {{count}}, \"id\": \"{{uuid}}\"}", contentType: "application/json"))
        #expect(result.report.notes.contains { $0.hasPrefix("request \"typed\": the JSON body does not parse") })
    }

    @Test func restClientQueryContinuationAndSystemVariables() throws {
        let (result, workspace) = try imported("rest-client.http")
        let search = try request(workspace, "get-search")
        #expect(search.url == "{{echo}}/search?q=courier&page=2")
        #expect(header(search, "X-Request-Id") == "{{uuid}}")
        #expect(header(search, "X-Sent-At") == "{{now}}")
        #expect(header(search, "X-Stamp") == "{{timestamp}}")
        #expect(header(search, "X-Home") == "{{env.HOME}}")
        // $randomInt has no equivalent: a variable declared empty, reported.
        let standIn = try #require(header(search, "X-Lucky"))
        let name = String(standIn.dropFirst(2).dropLast(2))
        expectEqual(workspace.variables[name], "")
        #expect(result.report.dropped.contains { $0.contains("{{$randomInt 1 100}} has no Courier equivalent") })
    }

    @Test func restClientAuthorizationHeadersBecomeAuth() throws {
        let (_, workspace) = try imported("rest-client.http")
        expectEqual(try request(workspace, "basic_colon").auth, .basic(user: "demo", password: "secret"))
        #expect(try request(workspace, "basic_words").auth == .basic(user: "{{user}}", password: "{{password}}"))
        #expect(try request(workspace, "basic_colon").headers.isEmpty)
    }

    @Test func restClientRequestVariablesBecomeAChain() throws {
        let (result, workspace) = try imported("rest-client.http")
        #expect(try request(workspace, "profile").auth == .bearer(token: "{{login-token}}"))
        // `$.token` and `token` are the same capture.
        #expect(try request(workspace, "orders").auth == .bearer(token: "{{login-token}}"))
        #expect(header(try request(workspace, "orders"), "X-Login-Type") == "{{login-content-type}}")
        let chain = try #require(workspace.chains["http-file"])
        #expect(chain.steps.map { $0.items.map(\.request.name) } == [["login"], ["profile"], ["orders"]])
        expectEqual(chain.captures.map(\.variable), ["login-token", "login-content-type"])
        expectEqual(chain.captures.map(\.source.description), ["$.token", "header:Content-Type"])
        expectEqual(result.workspace.chains.first?.comments.isEmpty, false)
    }

    @Test func jetBrainsRequestsAreNamedByTheirTitleOrAtName() throws {
        let (result, workspace) = try imported("jetbrains.http")
        expectEqual(workspace.requestNames, ["login", "checkout", "origin-form", "upload", "basic-base64", "dynamic", "options"])
        // OPTIONS is carried like any other method.
        expectEqual(workspace.requests["options"]?.method, .options)
        #expect(!result.report.dropped.contains { $0.contains("OPTIONS") })
    }

    @Test func jetBrainsResponseHandlerSetsBecomeCaptures() throws {
        let (result, workspace) = try imported("jetbrains.http")
        let chain = try #require(workspace.chains["http-file"])
        #expect(chain.steps.map { $0.items.map(\.request.name) } == [["login"], ["checkout"], ["origin-form"]])
        expectEqual(chain.captures.map(\.variable), ["token", "loginType"])
        expectEqual(chain.captures.map(\.source.description), ["$.token", "header:Content-Type"])
        #expect(try request(workspace, "checkout").auth == .bearer(token: "{{token}}"))
        expectEqual(try request(workspace, "checkout").body, .json(["orderId": 101]))
        // The test in the script is not run, and the report says so.
        #expect(result.report.dropped.contains { $0.hasPrefix("request \"login\": line 10: response handler script not run: client.test(") })
    }

    @Test func jetBrainsOriginFormMultipartBasicAndSettings() throws {
        let (result, workspace) = try imported("jetbrains.http")
        let origin = try request(workspace, "origin-form")
        #expect(origin.url == "{{baseUrl}}/anything/origin")
        expectEqual(origin.headers.map(\.name), ["X-Login-Type"])

        let upload = try request(workspace, "upload")
        #expect(upload.body == .multipart([
            RequestDefinition.Part(name: "note", value: "hello from JetBrains"),
            RequestDefinition.Part(name: "attachment", file: "./body.json", filename: "body.json", contentType: "application/json"),
        ]))
        #expect(upload.headers.isEmpty)

        expectEqual(try request(workspace, "basic-base64").auth, .basic(user: "demo", password: "secret"))

        let dynamic = try request(workspace, "dynamic")
        expectEqual(dynamic.timeout, 5)
        #expect(dynamic.url == "{{baseUrl}}/anything/dynamic?id={{uuid}}&at={{now}}")
        #expect(header(dynamic, "X-Path") == "{{env.PATH}}")
        #expect(header(dynamic, "X-Random-Id") == "{{uuid}}")
        #expect(result.report.notes.contains("request \"dynamic\": @no-cookie-jar not carried over; Courier sends only the cookies written in headers"))
        #expect(result.report.notes.contains("request \"dynamic\": setting @no-log not carried over"))
        #expect(result.report.dropped.contains("request \"dynamic\": line 54: pre-request script not run"))
        #expect(result.report.dropped.contains { $0.hasPrefix("request \"dynamic\": line 59: response saved to a file") })
    }

    @Test func theReportIsRepeatedAtTheTopOfTheYAML() throws {
        let (result, _) = try imported("jetbrains.http")
        let yaml = result.workspace.yaml()
        #expect(yaml.hasPrefix("# Imported from jetbrains.http (a .http file) by courier import http.\n# Not carried over:\n"))
        #expect(!yaml.contains("OPTIONS is not a method"))
    }
}
