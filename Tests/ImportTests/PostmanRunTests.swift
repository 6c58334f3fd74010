import Courier
import CourierDemoServer
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// What `courier run --json` printed for an imported workspace, and what the demo server
/// received (method, path, query and headers of each request).
struct DemoRun {
    var status: Int32
    var results: [[String: Any]]
    var errors: [String]
    var received: [DemoServer.LoggedRequest]

    /// The result line of request `name` (the first, when it ran more than once).
    func result(_ name: String) -> [String: Any]? { results.first { $0["name"] as? String == name } }

    /// The first request the server received on `path`.
    func received(_ path: String) -> DemoServer.LoggedRequest? { received.first { $0.path == path } }
}

/// Runs `names` of `yaml` as `courier run --json` does against a demo server of its own
/// (`{{demo}}`), with `files` (name → contents) next to the workspace file, and returns
/// the server's request log with the output.
func runAgainstDemo(_ yaml: String, _ names: [String], files: [String: String] = [:], environment: String? = nil,
                    variables: [String] = []) async throws -> DemoRun {
    let run = await runImported(yaml, names, environment: environment, variables: variables, files: files.mapValues { Data($0.utf8) })
    return DemoRun(status: run.status, results: importedJSONLines(run.output), errors: run.errors, received: run.received)
}

/// The imported Postman fixtures sent to the demo server: what arrives is what the
/// collection describes.
@Suite struct PostmanRunTests {
    static let photo = "a photo\n"

    /// The v2.1 fixture's workspace with a chain that captures what `/anything` echoed of
    /// each body.
    static func demoWithBodyChain() throws -> String {
        var workspace = try PostmanImportTests.demo().result.workspace
        workspace.chains = [.init(name: "bodies", steps: [
            .init(request: "pets-create-pet", captures: [("createJson", "$.json")]),
            .init(request: "pets-upload-note", captures: [("noteData", "$.data"), ("noteType", "$.headers.Content-Type")]),
            .init(request: "pets-update-pet", captures: [("updateForm", "$.form")]),
            .init(request: "pets-photos-add-photo", captures: [("photoForm", "$.form"), ("photoFiles", "$.files")]),
            .init(request: "pets-photos-replace-photo", captures: [("replaceData", "$.data")]),
            .init(request: "graphql-search", captures: [("graphqlJson", "$.json")]),
        ])]
        // The collection's OAuth2 request names a token endpoint elsewhere and no client: filled
        // in as a user would, with the demo server's.
        let oauth = "tokenUrl: https://auth.example.org/token\n        clientId: \"\""
        let yaml = workspace.yaml()
        precondition(yaml.contains(oauth), "the imported OAuth2 request changed shape")
        return yaml.replacingOccurrences(of: oauth, with: """
            tokenUrl: "{{demo}}/oauth/token"
                    clientId: demo-client
                    clientSecret: demo-secret
            """)
    }

    static func json(_ text: Any?) -> NSDictionary? {
        (text as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
    }

    @Test func everyImportedRequestSucceedsAgainstTheDemoServer() async throws {
        let run = try await runAgainstDemo(try Self.demoWithBodyChain(), ["all"], files: ["photo.txt": Self.photo],
                                           variables: ["petId=7"])
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        #expect(run.results.filter { $0["name"] != nil }.count == 12)   // the OPTIONS preflight included
        #expect(run.results.filter { $0["name"] != nil && $0["ok"] as? Bool != true }.isEmpty)
    }

    @Test func methodQueryHeadersAndAuthArriveAsInTheCollection() async throws {
        let run = try await runAgainstDemo(try Self.demoWithBodyChain(), ["all"], files: ["photo.txt": Self.photo],
                                           variables: ["petId=7"])
        let pet = try #require(run.received("/anything/pets/42"))
        expectEqual(pet.method, "GET")
        expectEqual(pet.query, "verbose=true&color=light%20blue&seen=")
        expectEqual(pet.header("Accept"), "application/json")
        expectEqual(pet.header("X-Request-Id")?.count, 36)                               // {{$guid}} → {{uuid}}
        expectEqual(pet.header("X-Debug"), nil)
        expectEqual(pet.header("Authorization"), "Bearer collection-token")
        let create = try #require(run.received.first { $0.path == "/anything/pets" && $0.method == "POST" })
        expectEqual(create.header("X-Api-Key"), "k-123")
        expectEqual(create.header("Authorization"), nil)
        expectEqual(create.header("Content-Type"), "application/json")
        let update = try #require(run.received("/anything/pets/7"))
        expectEqual(update.method, "PUT")
        expectEqual(update.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded"), true)
        let photo = try #require(run.received("/anything/photos"))
        expectEqual(photo.header("Content-Type")?.hasPrefix("multipart/form-data; boundary="), true)
        #expect(photo.header("Authorization") == nil && photo.header("X-Api-Key") == nil)
        expectEqual(run.received("/anything/query-key")?.query, "page=2&api_key=k-123")
        expectEqual(run.received("/basic-auth/alice/s3cret")?.header("Authorization"), "Basic " + Data("alice:s3cret".utf8).base64EncodedString())
        expectEqual(run.received("/bearer")?.header("Authorization"), "Bearer abc123")
        // OAuth2 is carried: the token the demo's endpoint issued goes as a bearer.
        expectEqual(run.received("/anything/profile")?.header("Authorization")?.hasPrefix("Bearer "), true)
        expectEqual(run.received("/anything/graphql")?.header("Authorization"), "Bearer collection-token")
        expectEqual(run.result("auth-basic-login")?["status"] as? Int, 200)
        expectEqual(run.result("auth-bearer-check")?["status"] as? Int, 200)
    }

    @Test func bodiesArriveAsInTheCollection() async throws {
        let run = try await runAgainstDemo(try Self.demoWithBodyChain(), ["bodies"], files: ["photo.txt": Self.photo],
                                           variables: ["petId=7"])
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        let captures = run.results.compactMap { $0["captures"] as? [String: String] }.reduce(into: [String: String]()) { $0.merge($1) { a, _ in a } }
        let created = try #require(Self.json(captures["createJson"]))
        expectEqual(created["name"] as? String, "Rex")
        expectEqual(created["tags"] as? [String], ["good", "dog"])
        #expect((created["born"] as? String).flatMap { Int($0) } != nil)               // {{$timestamp}} → {{timestamp}}
        expectEqual(captures["noteData"], "hello alice")
        expectEqual(captures["noteType"], "text/plain")
        expectEqual(Self.json(captures["updateForm"]), ["name": "Rex", "kind": "dog & cat"])
        let photoForm = try #require(Self.json(captures["photoForm"]))
        expectEqual((photoForm["caption"] as? String)?.hasPrefix("Rex at 20"), true)     // {{$isoTimestamp}} → {{now}}
        expectEqual(Self.json(captures["photoFiles"]), ["photo": Self.photo])
        expectEqual(captures["replaceData"], Self.photo)
        #expect(Self.json(captures["graphqlJson"]) == ["query": "query Search($q: String!) {\n  search(q: $q) { id name }\n}",
                                                       "variables": ["q": "rex"]])
    }

    @Test func theEnvironmentFileOverridesTheCollectionVariables() async throws {
        let yaml = try PostmanImportTests.demo().yaml
        let run = try await runAgainstDemo(yaml, ["get-pet", "pets-create-pet"], environment: "local-demo")
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        expectEqual(run.received("/anything/pets/42")?.header("Authorization"), "Bearer env-token")
        expectEqual(run.received("/anything/pets")?.header("X-Api-Key"), "env-key-999")
    }

    @Test func bodiesOfGETAndDELETEArriveAsText() async throws {
        let collection = #"""
        {"info": {"name": "Bodies", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "variable": [{"key": "baseUrl", "value": "{{demo}}"}],
         "item": [
          {"name": "Search", "protocolProfileBehavior": {"disableBodyPruning": true},
           "request": {"method": "GET", "url": "{{baseUrl}}/anything/search?x=1",
                       "body": {"mode": "raw", "raw": "{\"q\": \"rex\"}", "options": {"raw": {"language": "json"}}}}},
          {"name": "Remove", "request": {"method": "DELETE", "url": "{{baseUrl}}/anything/pets/1",
                       "body": {"mode": "urlencoded", "urlencoded": [{"key": "why", "value": "dup"}]}}}
         ]}
        """#
        var workspace = try PostmanImport.result(collection: Data(collection.utf8), file: "bodies.json").workspace
        workspace.chains = [.init(name: "check", steps: [
            .init(request: "search", captures: [("searchData", "$.data"), ("searchArgs", "$.args")]),
            .init(request: "remove", captures: [("removeData", "$.data"), ("removeArgs", "$.args")]),
        ])]
        let run = try await runAgainstDemo(workspace.yaml(), ["check"])
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        let captures = run.results.compactMap { $0["captures"] as? [String: String] }.reduce(into: [String: String]()) { $0.merge($1) { a, _ in a } }
        #expect(captures["searchData"] == "{\"q\": \"rex\"}")
        #expect(captures["searchArgs"] == "{\"x\":\"1\"}")
        expectEqual(captures["removeData"], "why=dup")
        #expect(captures["removeArgs"] == "{}")
        expectEqual(run.received("/anything/search")?.header("Content-Type"), "application/json")
        expectEqual(run.received("/anything/pets/1")?.method, "DELETE")
    }

    @Test func theV20CollectionRunsToo() async throws {
        let result = try PostmanImport.result(collection: try fixture("postman/legacy-v2.0.postman_collection.json"),
                                              file: "legacy-v2.0.postman_collection.json")
        let run = try await runAgainstDemo(result.workspace.yaml(), ["all"])
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        let login = try #require(run.received("/anything/login"))
        #expect(login.method == "POST" && login.query == "source=legacy")
        expectEqual(login.header("Authorization"), "Basic " + Data("alice:wonderland".utf8).base64EncodedString())
        expectEqual(login.header("Content-Type"), "application/json")
        expectEqual(run.received("/bearer")?.header("Authorization"), "Bearer t-20")
        expectEqual(run.result("ping")?["status"] as? Int, 204)
    }
}
