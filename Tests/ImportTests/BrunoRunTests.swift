import Courier
import CourierDemoServer
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Imported Bruno collections sent to the demo server: what arrives is what the collection
/// describes, and its assertions are checked.
@Suite struct BrunoRunTests {
    /// The `.bru` fixture with its `Local` environment's hosts (`host`, `echo-host`, `localhost`) pointed at the demo server.
    static func demoYAML() throws -> String {
        var workspace = try BrunoImportTests.imported("bru-collection").result.workspace
        for (slot, variable) in workspace.environments[0].variables.enumerated() where ["host", "echo-host", "localhost"].contains(variable.name) {
            workspace.environments[0].variables[slot].value = "{{demo}}/anything"
        }
        return workspace.yaml()
    }

    @Test func requestsArriveWithTheCollectionsHeadersAuthAndBodies() async throws {
        let run = try await runAgainstDemo(try Self.demoYAML(), ["echo-echo-json", "auth-inherit-auth-inherit-bearer-auth-200",
                                                                 "scripting-api-req-getpathparam", "graphql-mutation"], environment: "local")
        let json = try #require(run.received("/anything/api/echo/json"))
        expectEqual(json.method, "POST")
        expectEqual(json.header("foo"), "bar")
        expectEqual(json.header("check"), "again")
        expectEqual(json.header("collection-header"), "collection-header-value")
        expectEqual(json.header("Authorization"), nil)
        expectEqual(json.header("Content-Type"), "application/json")
        expectEqual(run.result("echo-echo-json")?["ok"] as? Bool, true)
        // Inherited bearer auth from collection.bru, the token from the environment.
        expectEqual(run.received("/anything/api/auth/bearer/protected")?.header("Authorization"), "Bearer your_secret_token")
        expectEqual(run.received("/anything/ping")?.method, "GET")
        expectEqual(run.received("/anything/api/graphql")?.header("Authorization"), "Bearer your_secret_token")
    }

    @Test func assertionsAreCheckedAgainstTheResponse() async throws {
        let run = try await runAgainstDemo(try Self.demoYAML(), ["echo-echo-json", "auth-bearer-via-auth-bearer-auth-200"], environment: "local")
        // `res.status: eq 200` holds on the demo server; `res.body.message: Authentication successful` does not.
        let passed = try #require(run.result("echo-echo-json")?["checks"] as? [[String: Any]])
        #expect(passed.map { $0["check"] as? String } == ["status == 200"])
        #expect(passed.allSatisfy { $0["passed"] as? Bool == true })
        let checks = try #require(run.result("auth-bearer-via-auth-bearer-auth-200")?["checks"] as? [[String: Any]])
        #expect(checks.map { $0["passed"] as? Bool } == [true, false])
        #expect(run.status != 0)
    }

    /// A collection written here: a login whose post-response variable another request uses.
    static let chained: [String: String] = [
        "bruno.json": #"{"version": "1", "name": "chained", "type": "collection"}"#,
        "login.bru": """
            meta {
              name: login
              seq: 1
            }

            post {
              url: {{demo}}/anything/login
              body: json
              auth: none
            }

            body:json {
              {"token": "abc-123", "nested": {"braces": "}"}}
            }

            vars:post-response {
              token: res.body.json.token
            }

            assert {
              res.status: eq 200
              res.body.json.token: isString
            }
            """,
        "profile.bru": """
            meta {
              name: profile
              seq: 2
            }

            get {
              url: {{demo}}/anything/profile
              body: none
              auth: bearer
            }

            auth:bearer {
              token: {{token}}
            }
            """,
    ]

    @Test func aPostResponseVariableIsCapturedForTheRequestThatUsesIt() async throws {
        let result = try BrunoImport.result(files: Self.chained.map { ($0.key, Data($0.value.utf8)) }, name: "chained")
        expectEqual(result.workspace.chains.map(\.name), ["bruno-responses"])
        let run = try await runAgainstDemo(result.workspace.yaml(), ["bruno-responses"])
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        expectEqual(run.received("/anything/profile")?.header("Authorization"), "Bearer abc-123")
    }
}
