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
        #expect(sent == ["users-list-1", "admin-audit-log-3", "orders-ship-5", "users-list-1", "orders-create-2", "admin-audit-export-5"])
        // The demo server echoed each URL: the root file's base URL and the environment's value.
        for object in objects.dropLast() {
            let url = try #require(object["url"] as? String)
            #expect(url.hasPrefix("http://127.0.0.1:"))
            #expect(url.hasSuffix("/anything/\(object["name"] as? String ?? "")?tenant=staging-acme"))
            #expect(object["status"] as? Int == 200)
        }
    }

    @Test func aBrokenRequestFileIsNamedWithItsLineAndColumn() async throws {
        let fixture = FolderWorkspaceFixture()
        fixture.write("requests/orders/read.yaml", "requests:\n  orders-read-1:\n    url: /get\n    hedaers: {}\n")
        let run = await headlessRun(fixture.directory, ["orders-read-1"])
        #expect(run.status == 2)
        #expect(run.errors.joined().contains("\(fixture.directory)/requests/orders/read.yaml:4:5: error:"))
    }
}
