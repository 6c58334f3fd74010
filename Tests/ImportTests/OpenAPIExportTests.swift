import Courier
import CourierDemoServer
@testable import CourierImport
import Foundation
import Testing
import Yams
import CourierWorkspace

/// `courier export openapi` (#44 item 4): an OpenAPI 3.1 skeleton from a workspace's requests
/// and its history's responses — valid to OpenAPIKit (read back by Courier's own OpenAPI
/// import) and, made from real responses of the demo server, a contract those responses meet.
@Suite struct OpenAPIExportTests {
    static let workspace = """
        name: pets
        config: {baseUrl: "{{demo}}"}
        variables: {petId: "1", other: "2", token: t0k}
        requests:
          list-pets: {url: /contract/pets, args: {limit: 2}, headers: {X-Trace: abc}}
          get-pet: {url: "/contract/pets/{{petId}}", description: One pet.}
          add-pet:
            method: POST
            url: /anything/pets
            body: {json: {name: Rex, tags: [a, b], price: 1.5, password: hunter2}}
            auth: {bearer: "{{token}}"}
          login:
            method: POST
            url: https://auth.example/token
            args: {user: me}
            expect: [status == 200]
          again: {url: "/contract/pets/{{other}}"}
        """

    private func document(_ text: String) throws -> [String: Any] {
        try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    @Test func pathsParametersBodiesAndSecurityComeFromTheRequests() throws {
        let path = importTemporaryDirectory() + "/pets.yaml"
        try Self.workspace.write(toFile: path, atomically: true, encoding: .utf8)
        let workspace = try Workspace.load(path: path)
        let result = OpenAPIExport.result(workspace: workspace)
        let document = try document(result.text)
        expectEqual(document["openapi"] as? String, "3.1.0")
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(paths.keys) == ["/contract/pets", "/contract/pets/{petId}", "/anything/pets", "/token"], "\(paths.keys)")
        let list = try #require((paths["/contract/pets"] as? [String: Any])?["get"] as? [String: Any])
        let parameters = try #require(list["parameters"] as? [[String: Any]])
        #expect(parameters.contains { $0["name"] as? String == "limit" && $0["in"] as? String == "query" && $0["example"] as? Int == 2 })
        #expect(parameters.contains { $0["name"] as? String == "X-Trace" && $0["in"] as? String == "header" })
        let pet = try #require((paths["/contract/pets/{petId}"] as? [String: Any])?["get"] as? [String: Any])
        expectEqual((pet["parameters"] as? [[String: Any]])?.first?["in"] as? String, "path")
        expectEqual(pet["summary"] as? String, "One pet.")
        let add = try #require((paths["/anything/pets"] as? [String: Any])?["post"] as? [String: Any])
        let schema = try #require((((add["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"]
                                  as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        expectEqual((properties["price"] as? [String: Any])?["type"] as? String, "number")
        expectEqual(((properties["tags"] as? [String: Any])?["items"] as? [String: Any])?["type"] as? String, "string")
        expectEqual(add["security"] as? [[String: [String]]], [["bearerAuth": []]])
        // A secret-named value is no example.
        #expect(!result.text.contains("hunter2") && result.text.contains(Redaction.placeholder), "\(result.text)")
        #expect(((document["components"] as? [String: Any])?["securitySchemes"] as? [String: Any])?["bearerAuth"] != nil)
        // Another host: the path keeps it as its own server.
        let token = try #require(paths["/token"] as? [String: Any])
        expectEqual((token["servers"] as? [[String: Any]])?.first?["url"] as? String, "https://auth.example")
        // The same operation twice, and the checks, are reported.
        #expect(result.report.dropped.contains { $0.contains("\"again\"") && $0.contains("already the operation of \"get-pet\"") },
                "\(result.report.dropped)")
        #expect(result.report.dropped.contains { $0.contains("\"login\"") && $0.contains("expect:") }, "\(result.report.dropped)")
        #expect(result.report.notes.contains { $0.contains("no response in the history for 5 requests") }, "\(result.report.notes)")
        // Valid to OpenAPIKit: Courier's own import reads it back, one request per operation
        // (four: `again` was the same operation as `get-pet`).
        let back = try OpenAPIImport.result(document: Data(result.text.utf8), file: "pets-openapi.yaml", workspaceDirectory: importTemporaryDirectory())
        #expect(back.workspace.requests.count == 4, "\(back.workspace.yaml())\n\(back.report)\n\(result.text)")
    }

    @Test func responsesRecordedFromTheDemoServerMakeAContractTheyMeet() async throws {
        let directory = importTemporaryDirectory()
        let path = directory + "/pets.yaml"
        try Self.workspace.write(toFile: path, atomically: true, encoding: .utf8)
        let stateDirectory = importTemporaryDirectory("courier-state")
        let names = ["list-pets", "get-pet", "add-pet"]
        func run() async -> (status: Int32, output: [String], errors: [String]) {
            var run = HeadlessRun(workspacePath: path, names: names)
            run.cacheDirectory = importTemporaryDirectory("courier-cache")
            run.stateDirectory = stateDirectory
            run.json = true
            var output: [String] = [], errors: [String] = []
            let status = await run.run(startDemoServer: {
                let server = try await DemoServer.start()
                return DemoServerHandle(baseURL: server.baseURL, stop: { await server.stop() })
            }, output: { output.append($0) }, errors: { errors.append($0) })
            return (status, output, errors)
        }
        let first = await run()
        #expect(first.status == 0, "\(first.output) \(first.errors)")
        let workspace = try Workspace.load(path: path)
        let observed = try OpenAPIExport.observed(in: try HistoryStore(stateDirectory: stateDirectory), workspace: workspace)
        #expect(Set(observed.keys) == Set(names), "\(observed.keys)")
        let result = OpenAPIExport.result(workspace: workspace, observed: observed)
        let paths = try #require(try document(result.text)["paths"] as? [String: Any])
        let listed = try #require(((((paths["/contract/pets"] as? [String: Any])?["get"] as? [String: Any])?["responses"] as? [String: Any])?["200"]
                                   as? [String: Any])?["content"] as? [String: Any])
        #expect((listed["application/json"] as? [String: Any])?["example"] != nil, "\(listed)")
        // The demo server echoed the password: neither example shows it.
        #expect(!result.text.contains("hunter2"), "\(result.text)")
        // The skeleton as the workspace's contract: the same responses meet it.
        try result.text.write(toFile: directory + "/skeleton.yaml", atomically: true, encoding: .utf8)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "config: {baseUrl: \"{{demo}}\"}", with: "config: {baseUrl: \"{{demo}}\", contract: skeleton.yaml}")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let second = await run()
        #expect(second.status == 0, "\(second.output) \(second.errors)")
        let checks = importedJSONLines(second.output).compactMap { $0["checks"] as? [[String: Any]] }.flatMap { $0 }
        #expect(checks.filter { ($0["check"] as? String)?.hasPrefix("contract ") == true }.count == 3, "\(checks)")
        #expect(checks.allSatisfy { $0["passed"] as? Bool == true }, "\(checks)")
    }
}
