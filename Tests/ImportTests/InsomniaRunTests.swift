import Courier
import CourierDemoServer
@testable import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Imported Insomnia exports sent to the demo server: what arrives is what the export describes.
@Suite struct InsomniaRunTests {
    /// A v4 export written here (the real ones in Tests/Fixtures/insomnia have no form,
    /// multipart, bearer or API-key requests): a folder with bearer auth and a header, and
    /// requests with a form, a multipart body, an API key in the query and a disabled parameter.
    static let bodies = #"""
    {"_type": "export", "__export_format": 4, "resources": [
      {"_id": "wrk_1", "parentId": null, "name": "Bodies", "_type": "workspace"},
      {"_id": "env_1", "parentId": "wrk_1", "name": "Base", "data": {"base": "{{ _.demo }}/anything"}, "_type": "environment"},
      {"_id": "env_2", "parentId": "env_1", "name": "Secrets", "isPrivate": true, "data": {"token": "t-123"}, "_type": "environment"},
      {"_id": "fld_1", "parentId": "wrk_1", "name": "Forms", "_type": "request_group", "metaSortKey": 1,
       "headers": [{"name": "X-Folder", "value": "yes"}],
       "authentication": {"type": "bearer", "token": "{{ _.token }}"}},
      {"_id": "req_1", "parentId": "fld_1", "name": "Form", "method": "POST", "url": "{{ _.base }}/form", "metaSortKey": 1,
       "body": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "a", "value": "1"}, {"name": "b", "value": "x y", "disabled": false}]},
       "headers": [{"name": "Content-Type", "value": "application/x-www-form-urlencoded"}],
       "parameters": [{"name": "on", "value": "1"}, {"name": "off", "value": "2", "disabled": true}], "authentication": {}, "_type": "request"},
      {"_id": "req_2", "parentId": "fld_1", "name": "Upload", "method": "POST", "url": "{{ _.base }}/upload", "metaSortKey": 2,
       "body": {"mimeType": "multipart/form-data", "params": [{"name": "note", "value": "hi"}]}, "authentication": {}, "_type": "request"},
      {"_id": "req_3", "parentId": "wrk_1", "name": "Key", "method": "GET", "url": "{{ _.base }}/key", "metaSortKey": 3,
       "authentication": {"type": "apikey", "key": "api_key", "value": "k-1", "addTo": "queryParams"}, "_type": "request"}
    ]}
    """#

    @Test func formsMultipartFolderAuthAndAPIKeysArriveAsInTheExport() async throws {
        let result = try InsomniaImport.result(export: Data(Self.bodies.utf8), file: "bodies.json")
        expectEqual(result.workspace.privateEnvironments.first?.variables.first?.value, "t-123")
        #expect(!result.workspace.yaml().contains("t-123"))
        // The private environment's value comes from the private file beside the workspace.
        let privateYAML = try #require(result.workspace.privateYAML())
        let run = try await runAgainstDemo(result.workspace.yaml(), ["all"], files: ["imported.private.yaml": privateYAML], environment: "secrets")
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        let form = try #require(run.received("/anything/form"))
        expectEqual(form.method, "POST")
        expectEqual(form.query, "on=1")
        expectEqual(form.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded"), true)
        expectEqual(form.header("Authorization"), "Bearer t-123")
        expectEqual(form.header("X-Folder"), "yes")
        let upload = try #require(run.received("/anything/upload"))
        expectEqual(upload.header("Content-Type")?.hasPrefix("multipart/form-data; boundary="), true)
        expectEqual(upload.header("Authorization"), "Bearer t-123")
        let key = try #require(run.received("/anything/key"))
        expectEqual(key.query, "api_key=k-1")
        expectEqual(key.header("Authorization"), nil)
    }

    @Test func aV5ChainOfResponseReferencesRunsAgainstTheDemoServer() async throws {
        var workspace = try InsomniaImportTests.imported("chained-responses-v5.yaml").result.workspace
        // The export's requests go to Insomnia's own test server: here, to the demo server.
        for index in workspace.requests.indices {
            expectEqual(workspace.requests[index].definition.url, "http://localhost:4010/echo")
            workspace.requests[index].definition.url = "{{demo}}/anything/echo"
        }
        let run = try await runAgainstDemo(workspace.yaml(), ["insomnia-responses"])
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        let captures = run.results.compactMap { $0["captures"] as? [String: String] }.reduce(into: [String: String]()) { $0.merge($1) { a, _ in a } }
        expectEqual(captures["first_data"], "first")
        expectEqual(captures["second_data"], "first and second")
        #expect(run.received.filter { $0.path == "/anything/echo" }.count == 3)
    }

    @Test func aV4ExportsRequestsRunWithItsEnvironment() async throws {
        var workspace = try InsomniaImportTests.imported("insomnia_v4.json").result.workspace
        let index = try #require(workspace.variables.firstIndex { $0.name == "base_url" })
        workspace.variables[index].value = "{{demo}}/anything"                          // the petstore's host: the demo server
        let run = try await runAgainstDemo(workspace.yaml(), ["add-a-new-pet-to-the-store", "logs-user-into-the-system", "returns-pet-inventories-by-status"],
                                           environment: "openapi-env")
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        expectEqual(run.received("/anything/pet")?.header("Content-Type"), "application/json")
        expectEqual(run.received("/anything/user/login")?.query, "username=string&password=string")
        expectEqual(run.received("/anything/store/inventory")?.header("api_key"), "apiKey")
    }
}
