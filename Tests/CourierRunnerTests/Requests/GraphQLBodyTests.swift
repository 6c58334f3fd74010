import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
import CourierImport
@testable import CourierRunner
import Foundation
import Testing

/// `body: {graphql: …}`: sent as GraphQL over HTTP, its errors shown, its query from a file
/// inside the workspace's folder, imported from Postman and .http files, written back.
@Suite struct GraphQLBodyTests {
    private static let workspace = """
    variables: {base: "http://127.0.0.1:9", who: Ada, userId: "1"}
    config: {baseUrl: "{{base}}"}
    requests:
      hello:
        method: POST
        url: /graphql
        body:
          graphql:
            query: "query Hello($name: String) { hello(name: $name) }"
            variables: {name: "{{who}}"}
            operationName: Hello
      echoed:
        method: POST
        url: /anything/graphql
        body: {graphql: {query: "{ user(id: \\"{{userId}}\\") { name } }", variables: {id: "{{userId}}", n: 2}}}
      missing-user:
        method: POST
        url: /graphql
        body: {graphql: {query: "query User($id: ID!) { user(id: $id) { name } }", variables: {id: "9"}}}
      from-file:
        method: POST
        url: /graphql
        body: {graphql: {query: queries/user.graphql, variables: {id: "{{userId}}"}}}
      escaping:
        method: POST
        url: /graphql
        body: {graphql: {query: ../outside.graphql}}
    """

    private static func runner(base: String) throws -> WorkspaceRunner {
        let path = writeWorkspace(workspace)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("queries"), withIntermediateDirectories: true)
        try "query User($id: ID!) {\n  user(id: $id) { name email }\n}\n"
            .write(to: folder.appendingPathComponent("queries/user.graphql"), atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.overrides = ["base": base]
        return try WorkspaceRunner(workspace: try Workspace.load(path: path), options: options)
    }

    private static func results(_ runner: WorkspaceRunner, _ names: [String]) async throws -> [String: RequestResult] {
        var results: [String: RequestResult] = [:]
        _ = try await runner.run(names) { if case .request(let result) = $0 { results[result.name] = result } }
        return results
    }

    @Test func theDemoServerAnswersAndItsErrorsAreWarnings() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let runner = try Self.runner(base: server.baseURL)
        let hello = runner.makeRequest("hello")
        _ = try await hello.run()
        expectEqual(hello.responseJSON, ["data": ["hello": "Hello, Ada!"]])
        expectEqual(hello.warning, nil)
        let results = try await Self.results(runner, ["missing-user", "from-file"])
        expectEqual(results["missing-user"]?.ok, true)
        expectEqual(results["missing-user"]?.warning, "GraphQL error: no user with id \"9\"")
        #expect(results["from-file"]?.warning == nil, "\(String(describing: results["from-file"]))")
        let fromFile = runner.makeRequest("from-file")
        _ = try await fromFile.run()
        expectEqual(fromFile.responseJSON?["data"]?["user"]?["email"], "ada@example.com")
    }

    @Test func aQueryFileOutsideTheWorkspaceIsRefused() async throws {
        let runner = try Self.runner(base: "http://127.0.0.1:9")
        let request = runner.makeRequest("escaping")
        await #expect(throws: RequestError.self) { try await request.run() }
        expectEqual(request.error?.family, .parameter)
        #expect(request.error?.message.contains("outside the workspace folder") == true, "\(String(describing: request.error))")
    }

    @Test func httpbinReceivesGraphQLOverHTTP() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let runner = try Self.runner(base: server.baseURL)
        let request = runner.makeRequest("echoed")
        _ = try await request.run()
        let echo = try #require(request.responseJSON)
        #expect(echo["json"] == ["query": "{ user(id: \"1\") { name } }", "variables": ["id": "1", "n": 2]])
        expectEqual(echo["headers"]?["Content-Type"], "application/json")
        expectEqual(echo["headers"]?["Accept"], .string(GraphQLBody.accept))
    }

    @Test func postmanAndHTTPFileGraphQLImportAsGraphQLBodies() throws {
        let collection = #"""
        {"info": {"name": "g", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [{"name": "Search", "request": {"method": "POST", "url": "https://api.example.org/graphql",
           "body": {"mode": "graphql", "graphql": {"query": "query S($q: String!) { search(q: $q) { id } }", "variables": "{\"q\": \"rex\"}"}}}}]}
        """#
        let postman = try PostmanImport.result(collection: Data(collection.utf8), file: "g.json")
        let fromPostman = try Workspace.parse(yaml: postman.workspace.yaml(), file: "g.yaml")
        #expect(fromPostman.requests["search"]?.body
                == .graphql(GraphQLBody(query: "query S($q: String!) { search(q: $q) { id } }", variables: ["q": "rex"])))
        let http = """
        GRAPHQL https://api.example.org/graphql

        query Person($id: ID) { person(id: $id) { name } }

        { "id": 1 }
        """
        let imported = try HTTPFileImport.result(text: http, file: "g.http")
        let fromHTTP = try Workspace.parse(yaml: imported.workspace.yaml(), file: "h.yaml")
        let request = try #require(fromHTTP.requests.values.first)
        expectEqual(request.method, .post)
        #expect(request.body == .graphql(GraphQLBody(query: "query Person($id: ID) { person(id: $id) { name } }", variables: ["id": 1])))
    }

    @Test func requestYAMLWritesTheGraphQLBodyBack() throws {
        let workspace = try Workspace.load(path: writeWorkspace(Self.workspace))
        var multiline = try #require(workspace.requests["from-file"])
        multiline.body = .graphql(GraphQLBody(query: "query Q {\n  a\n}\n", variables: ["x": 1], operationName: "Q"))
        for definition in [workspace.requests["hello"]!, workspace.requests["echoed"]!, multiline] {
            let yaml = "variables: {base: x, who: x, userId: \"1\"}\nrequests:\n" + RequestYAML.block(for: definition, name: definition.name)
                .split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
            let back = try Workspace.parse(yaml: yaml, file: "back.yaml")
            #expect(back.requests[definition.name]?.body == definition.body, "\(yaml)")
        }
    }

    @Test func wrongShapesAreErrorsAtFileLineAndColumn() {
        let path = writeWorkspace("requests:\n  a:\n    url: /a\n    body: {graphql: {query: \"{ a }\", variables: [1]}}\n")
        #expect { try Workspace.load(path: path) } throws: { "\($0)".hasPrefix("\(path):4:49: error:") }
    }
}
