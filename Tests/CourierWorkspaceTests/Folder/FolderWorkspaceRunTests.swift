import Foundation
import Testing
@testable import CourierWorkspace

/// #44 item 1: `courier run api/ NAME` on a folder workspace, against the demo server.
@Suite struct FolderWorkspaceRunTests {
    @Test func aBatchAndAChainAcrossFilesRunFromTheFolder() async throws {
        let fixture = FolderWorkspaceFixture()
        let run = await headlessRun(fixture.directory, ["smoke", "onboarding", "admin-audit-export-5"]) {
            $0.json = true
            $0.environment = "staging"
        }
        #expect(run.status == 0, "\(run.errors)")
        let objects = try jsonLines(run.output)
        let sent = objects.compactMap { $0["name"] as? String }
        expectEqual(sent, ["users-list-1", "admin-audit-log-3", "orders-ship-5", "users-list-1", "orders-create-2", "admin-audit-export-5"])
        // The demo server echoed each URL: the root file's base URL and the environment's value.
        for object in objects.dropLast() {
            let url = try #require(object["url"] as? String)
            #expect(url.hasPrefix("http://127.0.0.1:"))
            #expect(url.hasSuffix("/anything/\(object["name"] as? String ?? "")?tenant=staging-acme"))
            expectEqual(object["status"] as? Int, 200)
        }
    }

    @Test func aBrokenRequestFileIsNamedWithItsLineAndColumn() async throws {
        let fixture = FolderWorkspaceFixture()
        fixture.write("requests/orders/read.yaml", "requests:\n  orders-read-1:\n    url: /get\n    hedaers: {}\n")
        let run = await headlessRun(fixture.directory, ["orders-read-1"])
        expectEqual(run.status, 2)
        #expect(run.errors.joined().contains("\(fixture.directory)/requests/orders/read.yaml:4:5: error:"))
    }

    @Test func dotenvValuesAreSentAndKeptSecretAndTheEnvFileOptionIsOverThem() async throws {
        let fixture = FolderWorkspaceFixture(empty: true)
        fixture.write("courier.yaml", """
            config: {baseUrl: "{{demo}}", envFile: .env}
            requests:
              echo:
                url: /anything/echo
                args: {key: "{{env.COURIER_TEST_KEY}}", other: "{{env.COURIER_TEST_OTHER}}"}

            """)
        fixture.write(".env", "COURIER_TEST_KEY=k-from-dotenv-4417\nCOURIER_TEST_OTHER=o-from-dotenv-5521\n")
        let option = fixture.directory + "/option.env"
        try "COURIER_TEST_OTHER=o-from-option-6634\n".write(toFile: option, atomically: true, encoding: .utf8)
        let run = await headlessRun(fixture.directory, ["echo"]) {
            $0.json = true
            $0.envFiles = [option]
        }
        #expect(run.status == 0, "\(run.errors)")
        let output = (run.output + run.errors).joined(separator: "\n")
        // Sent (the demo server answered the request it was sent), and redacted wherever shown.
        let object = try #require(try jsonLines(run.output).first)
        expectEqual(object["status"] as? Int, 200)
        for secret in ["k-from-dotenv-4417", "o-from-option-6634", "o-from-dotenv-5521"] {
            #expect(!output.contains(secret), "\(secret) shown")
        }
        let missing = await headlessRun(fixture.directory, ["echo"]) { $0.envFiles = [fixture.directory + "/nope.env"] }
        expectEqual(missing.status, 2)
        #expect(missing.errors.joined().contains("nope.env: cannot read the .env file"))
    }
}
