import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// The YAML every importer writes through `ImportedWorkspace` loads as a workspace and
/// carries each part over.
@Suite struct ImportedWorkspaceTests {
    @Test func everyPartReadsBackFromTheYAML() throws {
        var workspace = ImportedWorkspace()
        workspace.header = ["Imported from fixture.json"]
        workspace.name = "Fixture: API"
        workspace.baseURL = "{{baseUrl}}"
        workspace.environments = [("local", [("baseUrl", "http://127.0.0.1:8080")]), ("prod", [("baseUrl", "https://api.example.org")])]
        var login = RequestDefinition(name: "login", location: SourceLocation(file: "", line: 0, column: 0))
        login.method = .post
        login.url = "/login"
        login.body = .json(["user": "{{user}}", "password": "{{password}}"])
        var orders = RequestDefinition(name: "list-orders", location: SourceLocation(file: "", line: 0, column: 0))
        orders.url = "/orders"
        orders.auth = .bearer(token: "{{token}}")
        orders.headers = [("Accept", "application/json")]
        workspace.requests = [
            .init(login, comments: ["from folder \"Auth\""]),
            .init(orders, disabledHeaders: [("X-Debug", "1")]),
        ]
        workspace.batches = [.init(name: "all", requests: ["login", "list-orders"])]
        workspace.chains = [.init(name: "checkout", steps: [.init(request: "login", captures: [("token", "$.token")]), .init(request: "list-orders")])]
        let declared = workspace.defineMissingVariables()
        expectEqual(declared, ["password", "user"])  // in the order the YAML uses them: JSON keys sorted

        let yaml = workspace.yaml()
        #expect(yaml.hasPrefix("# Imported from fixture.json\n"))
        #expect(yaml.contains("    # X-Debug: \"1\"\n"))
        let loaded = try Workspace.parse(yaml: yaml, file: "imported.yaml")
        expectEqual(loaded.name, "Fixture: API")
        expectEqual(loaded.requests["login"]?.method, .post)
        #expect(loaded.requests["list-orders"]?.auth == .bearer(token: "{{token}}"))
        expectEqual(loaded.requests["list-orders"]?.headers.map(\.name), ["Accept"])
        expectEqual(loaded.batches["all"]?.items.map(\.name), ["login", "list-orders"])
        expectEqual(loaded.chains["checkout"]?.captures.map(\.variable), ["token"])
        expectEqual(loaded.environments.keys.sorted(), ["local", "prod"])
    }

    @Test func anImportedWorkspaceRunsAgainstTheDemoServer() async {
        var workspace = ImportedWorkspace()
        workspace.baseURL = "{{demo}}"
        var echo = RequestDefinition(name: "echo", location: SourceLocation(file: "", line: 0, column: 0))
        echo.url = "/anything/imported"
        echo.args = ["q": "{{term}}"]
        workspace.requests = [.init(echo)]
        workspace.defineMissingVariables()
        let run = await runImported(workspace.yaml(), ["echo"], variables: ["term=x"])
        #expect(run.status == 0, "\(run.errors)")
        expectEqual(importedJSONLines(run.output).first?["status"] as? Int, 200)
    }

    @Test func namesAreSlugsAndUnique() {
        var naming = ImportNaming()
        expectEqual(naming.unique("List pets"), "list-pets")
        expectEqual(naming.unique("list  pets!"), "list-pets-2")
        #expect(naming.unique("GET /pets/{id}") == "get-pets-id")
        expectEqual(naming.unique("🙂"), "request")
        expectEqual(ImportNaming.slug("Users/Create user"), "users-create-user")
    }

    @Test func aJSONSyntaxErrorNamesItsLineAndColumn() {
        let data = Data("{\n  \"a\": 1,\n  \"b\": ]\n}".utf8)
        do {
            _ = try JSONValue(parsing: data)
            Issue.record("expected a parse error")
        } catch let error as JSONParseError {
            let failure = ImportFailure(file: "c.json", data: data, error: error)
            #expect(failure.description.hasPrefix("c.json:3:8: error: invalid JSON"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
