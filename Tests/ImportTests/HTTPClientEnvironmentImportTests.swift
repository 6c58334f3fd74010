import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// `courier import http` brings the JetBrains client's `http-client.env.json` and
/// `http-client.private.env.json` along (#44 item 2): the shared values as environments, the
/// private ones into the workspace's private file, never into the workspace.
@Suite struct HTTPClientEnvironmentImportTests {
    static let http = """
        ### Who am I
        GET {{host}}/anything/me
        Authorization: Bearer {{token}}
        X-Region: {{region}}

        """
    static let publicJSON = #"{"$shared": {"region": "eu", "retries": 2}, "dev": {"host": "http://127.0.0.1:1"}, "prod": {"host": "https://api.example.com", "region": "us"}}"#
    static let privateJSON = #"{"dev": {"token": "dev-secret-771", "SSLConfiguration": {"clientCertificate": "cert.pem"}}, "local": {"token": "local-secret"}}"#

    @Test func environmentsComeAlongAndPrivateValuesGoToThePrivateFile() throws {
        let environments = try HTTPClientEnvironments(publicFile: ("/in/http-client.env.json", Data(Self.publicJSON.utf8)),
                                                      privateFile: ("/in/http-client.private.env.json", Data(Self.privateJSON.utf8)))
        let result = try HTTPFileImport.result(text: Self.http, file: "api.http", environments: environments)
        let workspace = result.workspace
        expectEqual(workspace.environments.map(\.name), ["dev", "prod", "local"])
        #expect(workspace.environments[0].variables.map { "\($0.name)=\($0.value)" } == ["region=eu", "retries=2", "host=http://127.0.0.1:1"])
        #expect(workspace.environments[1].variables.map { "\($0.name)=\($0.value)" } == ["retries=2", "host=https://api.example.com", "region=us"])
        let yaml = workspace.yaml()
        #expect(!yaml.contains("dev-secret-771"), "a private value in the workspace")
        #expect(!yaml.contains("token: \"\""), "token is defined by the private file, not declared empty")
        let privateText = try #require(workspace.privateYAML())
        #expect(privateText.contains("  dev:\n    token: dev-secret-771\n"))
        #expect(result.report.dropped.contains { $0.contains("dev.SSLConfiguration") })

        // Written beside each other, they load as one workspace.
        let directory = importTemporaryDirectory("courier-http-env")
        try yaml.write(toFile: directory + "/api.yaml", atomically: true, encoding: .utf8)
        try privateText.write(toFile: directory + "/api.private.yaml", atomically: true, encoding: .utf8)
        let loaded = try Workspace.load(path: directory + "/api.yaml")
        expectEqual(try loaded.variables(environment: "dev")["token"], "dev-secret-771")
        expectEqual(try loaded.variables(environment: "dev")["host"], "http://127.0.0.1:1")
        expectEqual(loaded.environmentSources["dev"]?["token"], directory + "/api.private.yaml")
    }

    @Test func aBrokenEnvironmentFileNamesItsLineAndColumn() {
        #expect(throws: ImportFailure.self) {
            try HTTPClientEnvironments(publicFile: ("/in/http-client.env.json", Data("{\"dev\": {\"host\": }".utf8)), privateFile: nil)
        }
        do {
            _ = try HTTPClientEnvironments(publicFile: ("/in/http-client.env.json", Data("{\"dev\": {\"host\": }".utf8)), privateFile: nil)
        } catch {
            #expect(error.description.hasPrefix("/in/http-client.env.json:1:"))
        }
    }
}
