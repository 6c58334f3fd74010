@testable import CourierChecks
@testable import CourierFormat
import CourierFormatCore
import Foundation
import Testing

/// `courier init`'s workspace: it loads with the real loader, its request carries the sample
/// check, its `.gitignore` lines are added once, and an existing workspace is kept.
@Suite("A starter workspace (courier init)")
struct StarterWorkspaceTests {
    private func checks(of request: RequestDefinition?) -> [String] {
        (request?.expect ?? []).compactMap { if case .check(let check) = $0 { check.text } else { nil } }
    }

    @Test func fromABaseURLItLoadsWithAnEnvironmentACheckedRequestAndABatch() throws {
        let directory = temporaryDirectory() + "/My API"
        let written = try StarterWorkspace.write(.baseURL("http://127.0.0.1:9999/api"), into: directory)
        expectEqual(written.workspace, directory + "/courier.yaml")
        let workspace = try Workspace.load(path: written.workspace)
        expectEqual(workspace.name, "my-api")
        #expect(workspace.config.baseURL == "{{baseUrl}}")
        expectEqual(workspace.environmentNames, ["local"])
        expectEqual(workspace.environments["local"]?["baseUrl"], "http://127.0.0.1:9999/api")
        #expect(workspace.variables["baseUrl"] == "http://127.0.0.1:9999/api", "courier run without --env works")
        expectEqual(checks(of: workspace.requests["health"]), ["status < 500"])
        #expect(workspace.batches["smoke"] != nil)
        let text = try String(contentsOfFile: written.workspace, encoding: .utf8)
        #expect(text.hasPrefix("# my-api: a Courier workspace"))
        #expect(text.contains("#   token: \"{{env.API_TOKEN}}\""), "the token is read from the environment, in a comment")
        #expect(text.contains("cacheDirectory: .courier/cache"))
    }

    @Test func aBaseURLThatIsNoHTTPURLIsRefused() {
        #expect(throws: StarterWorkspace.Failure.self) { try StarterWorkspace.yaml(for: .baseURL("localhost:8080"), name: "x") }
        #expect(StarterWorkspace.problem(withBaseURL: "ftp://example.com") != nil)
        expectEqual(StarterWorkspace.problem(withBaseURL: "https://api.example.com/v1"), nil)
    }

    @Test func fromACurlCommandTheRequestIsRelativeToItsOriginWithTheCheck() throws {
        let text = try StarterWorkspace.yaml(
            for: .curl("curl -H 'Accept: application/json' 'https://api.example.com:8443/v1/users?page=2'"), name: "api")
        let workspace = try Workspace.parse(yaml: text, file: "courier.yaml")
        expectEqual(workspace.variables["baseUrl"], "https://api.example.com:8443")
        let request = try #require(workspace.requests["users"], "\(text)")
        expectEqual(request.url, "/v1/users?page=2")
        #expect(request.headers.contains { $0.name == "Accept" && $0.value == "application/json" })
        expectEqual(checks(of: request), ["status < 500"])
        #expect(workspace.batches["smoke"] != nil)
    }

    @Test func aCurlCommandsSecretsAreReadFromTheEnvironmentNeverWritten() throws {
        let command = """
            curl -H 'Authorization: Bearer tok-123' -H 'X-Api-Key: key-456' -b 'sid=cookie-789' \
              -u alice:pw-000 --aws-sigv4 aws:amz:eu-west-1:s3 -H 'x-amz-security-token: st-111' https://s3.example.com/b
            """
        let text = try StarterWorkspace.yaml(for: .curl(command), name: "api")
        for secret in ["tok-123", "key-456", "cookie-789", "pw-000", "st-111"] {
            #expect(!text.contains(secret), "\(secret) is written in:\n\(text)")
        }
        #expect(StarterWorkspace.environmentSecrets(inCurl: command)
                == ["AWS_SECRET_ACCESS_KEY", "API_TOKEN", "X_API_KEY", "COOKIE", "AWS_SESSION_TOKEN"])
        let workspace = try Workspace.parse(yaml: text, file: "courier.yaml")
        let request = try #require(workspace.requests["b"], "\(text)")
        #expect(request.headers.contains { $0.name == "X-Api-Key" && $0.value == "{{env.X_API_KEY}}" })
        #expect(text.contains("alice"), "the user name is no secret")
        expectEqual(StarterWorkspace.environmentSecrets(inCurl: "curl -H 'Accept: text/plain' https://a.example"), [])
    }

    @Test func aCurlCommandTheImporterRefusesIsAFailure() {
        #expect(throws: StarterWorkspace.Failure.self) { try StarterWorkspace.yaml(for: .curl("curl -k https://example.com"), name: "x") }
        #expect(throws: StarterWorkspace.Failure.self) { try StarterWorkspace.yaml(for: .curl("curl -H 'X: 1'"), name: "x") }
    }

    @Test func anImportedWorkspaceKeepsItsRequestsUnderTheHeader() throws {
        var imported = ImportedWorkspace()
        imported.baseURL = "https://api.example.com"
        imported.requests = [.init(RequestDefinition(name: "list-pets", location: CourierFormatCore.SourceLocation(file: "x", line: 1, column: 1)))]
        imported.requests[0].definition.url = "/pets"
        let text = try StarterWorkspace.yaml(for: .imported(imported, from: "pets.json"), name: "pets")
        #expect(text.contains("# Imported from pets.json"))
        let workspace = try Workspace.parse(yaml: text, file: "courier.yaml")
        expectEqual(workspace.requests["list-pets"]?.url, "/pets")
        expectEqual(workspace.name, "pets")
    }

    @Test func anExistingWorkspaceIsKeptUnlessForced() throws {
        let directory = temporaryDirectory()
        let path = directory + "/courier.yaml"
        try "requests: {mine: {url: /mine}}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: StarterWorkspace.Failure.self) { try StarterWorkspace.write(.baseURL("http://127.0.0.1:1"), into: directory) }
        expectEqual(error?.fileExists, true)
        expectEqual(error?.description.contains("--force"), true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "requests: {mine: {url: /mine}}\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/.gitignore"), "nothing is written when refused")
        _ = try StarterWorkspace.write(.baseURL("http://127.0.0.1:1"), into: directory, force: true)
        #expect(try Workspace.load(path: path).requests["health"] != nil)
    }

    @Test func theGitignoreGetsOnlyTheLinesItLacksAndOnlyOnce() throws {
        let directory = temporaryDirectory()
        let gitignore = directory + "/.gitignore"
        try "node_modules/\n/.courier\n".write(toFile: gitignore, atomically: true, encoding: .utf8)
        let first = try StarterWorkspace.write(.baseURL("http://127.0.0.1:1"), into: directory)
        expectEqual(first.gitignore, .appended([".env", "*.private.yaml"]))
        let text = try String(contentsOfFile: gitignore, encoding: .utf8)
        #expect(text.hasPrefix("node_modules/\n/.courier\n\n"))
        #expect(text.components(separatedBy: "\n").filter { $0 == ".env" }.count == 1)
        #expect(!text.contains(".courier/\n"), "/.courier already covers the folder")
        let second = try StarterWorkspace.write(.baseURL("http://127.0.0.1:1"), into: directory, force: true)
        expectEqual(second.gitignore, .unchanged)
        expectEqual(try String(contentsOfFile: gitignore, encoding: .utf8), text)
    }

    @Test func aNewGitignoreSaysWhereTheHistoryIs() throws {
        let merged = StarterWorkspace.mergedGitignore(nil)
        expectEqual(merged.added, [".courier/", ".env", "*.private.yaml"])
        #expect(merged.text.contains("$XDG_STATE_HOME/courier"))
        let appended = StarterWorkspace.mergedGitignore("build/")
        #expect(appended.text.hasPrefix("build/\n\n# Courier"))
    }
}
