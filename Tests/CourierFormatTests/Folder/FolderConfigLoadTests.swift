import Foundation
import Testing
@testable import CourierFormat
@testable import CourierFormatCore

/// A folder's `config:` (#44 item 1) as the loader reads it: which requests it reaches, how
/// nested folders layer, and the mistakes it names at their place.
@Suite struct FolderConfigLoadTests {
    private func fixture() -> FolderWorkspaceFixture {
        let fixture = FolderWorkspaceFixture()
        fixture.write("courier.yaml", fixture.read("courier.yaml").replacingOccurrences(of: "  timeout: 10", with: "  timeout: 10\n  contract: pets.yaml"))
        fixture.write("pets.yaml", (try? String(contentsOfFile: repositoryRoot + "/workspaces/demo-openapi.yaml", encoding: .utf8)) ?? "")
        fixture.write("requests/orders/folder.yaml", """
            config:
              baseUrl: "https://orders.example/{{tenant}}"
              headers: {X-Service: orders, Accept: application/json}
              auth: {bearer: "{{ordersToken}}"}
            """)
        fixture.write("requests/admin/folder.yaml", "config: {headers: {X-Service: admin}, contract: false}\n")
        fixture.write("requests/admin/audit/folder.yaml", "config: {headers: {X-Audit: \"on\"}}\n")
        return fixture
    }

    @Test func aFoldersConfigReachesItsRequestsAndTheFoldersUnderItOnly() throws {
        let workspace = try Workspace.load(path: fixture().directory, extraVariables: ["ordersToken"])
        #expect(workspace.baseURL(for: "orders-ship-1") == "https://orders.example/{{tenant}}")
        expectEqual(workspace.baseURL(for: "users-list-1"), nil)
        #expect(workspace.folderAuth(for: "orders-read-2") != nil)
        expectEqual(workspace.folderAuth(for: "admin-keys-1"), nil)
        // Nested: admin/audit has both folders' configs, outermost first.
        expectEqual(workspace.folderConfigs(for: "admin-audit-log-1").map(\.folder), ["admin", "admin/audit"])
        let headers = workspace.serviceDefaults(environment: nil, request: "admin-audit-log-1").headers
        #expect(headers.map(\.name) == ["X-Service", "X-Audit"] && headers.first?.value == "admin", "\(headers)")
        #expect(workspace.serviceDefaults(environment: nil, request: "users-list-1").headers.isEmpty)
        // The workspace's contract goes with the workspace's base URL (so it will not judge
        // orders' requests, sent elsewhere); admin's folder says none.
        #expect(workspace.contractScope(for: "users-list-1")?.baseURL == "{{demo}}")
        #expect(workspace.contractScope(for: "orders-ship-1")?.baseURL == "{{demo}}")
        #expect(workspace.contractScope(for: "admin-flags-1") == nil)
        #expect(workspace.contractScope(for: "admin-audit-log-1") == nil)
        #expect(workspace.hasContract)
    }

    @Test func twoConfigsInOneFolderNameBothPlaces() throws {
        let fixture = fixture()
        fixture.write("requests/orders/more.yaml", "config: {headers: {X-More: \"1\"}}\n")
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.directory, extraVariables: ["ordersToken"]) }
        #expect(error.location?.file == fixture.directory + "/requests/orders/more.yaml", "\(error)")
        #expect(error.message.contains("requests/orders/ already has a config (\(fixture.directory)/requests/orders/folder.yaml:2:3)"),
                "\(error.message)")
    }

    @Test func aFoldersConfigIsCheckedLikeTheWorkspacesAndItsTemplatesToo() throws {
        let fixture = fixture()
        fixture.write("requests/users/folder.yaml", "config: {baseUrl: /x, timeout: 3}\n")
        let unknown = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.directory, extraVariables: ["ordersToken"]) }
        #expect(unknown.location == SourceLocation(file: fixture.directory + "/requests/users/folder.yaml", line: 1, column: 23), "\(unknown)")
        #expect(unknown.message.contains("timeout"), "\(unknown.message)")
        // `{{ordersToken}}` is defined nowhere: the folder's auth is a template like any other.
        let undefined = try #require(throws: WorkspaceError.self) { try Workspace.load(path: self.fixture().directory) }
        #expect(undefined.message.contains("ordersToken"), "\(undefined.message)")
        #expect(undefined.location?.file.hasSuffix("requests/orders/folder.yaml") == true, "\(undefined)")
    }

    @Test func aRequestsContractKeyOnlySaysFalse() throws {
        let path = writeWorkspace("requests:\n  token: {url: /token, contract: true}\n")
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: path) }
        #expect(error.location?.line == 2 && error.message.contains("contract: false"), "\(error)")
        let off = try Workspace.load(path: writeWorkspace("requests:\n  token: {url: /token, contract: false}\n"))
        expectEqual(off.requests["token"]?.judgedByContract, false)
    }

    @Test func authNoneOptsARequestOutOfItsFoldersAuthAndIsWrittenBack() throws {
        let fixture = fixture()
        fixture.write("requests/orders/token.yaml", "requests:\n  ordersToken: {url: /token, auth: none}\n")
        let workspace = try Workspace.load(path: fixture.directory, extraVariables: ["ordersToken"])
        let token = try #require(workspace.requests["ordersToken"])
        #expect(token.noAuth && token.auth == nil)
        expectEqual(workspace.folderAuth(for: "ordersToken"), nil)
        #expect(RequestYAML.block(for: token, name: "ordersToken").contains("\n  auth: none\n"))
        let misspelt = try #require(throws: WorkspaceError.self) { try Workspace.load(path: writeWorkspace("requests:\n  t: {url: /t, auth: nope}\n")) }
        #expect(misspelt.location?.line == 2 && misspelt.message.contains(", or none, found"), "\(misspelt)")
    }

    @Test func layoutFileReadsACourierYamlAloneBesideAnUnrelatedRequestsFolder() throws {
        let fixture = FolderWorkspaceFixture(empty: true)
        fixture.write("courier.yaml", "layout: file\nrequests:\n  ping: {url: /get}\n")
        // Not a request file: a folder workspace would refuse it.
        fixture.write("requests/fixtures.yaml", "- just\n- a list\n")
        let workspace = try Workspace.load(path: fixture.root)
        #expect(workspace.requestNames == ["ping"] && !workspace.isFolder)
        expectEqual(try Workspace.load(path: fixture.directory).requestNames, ["ping"])
        fixture.write("courier.yaml", "requests:\n  ping: {url: /get}\n")
        #expect(throws: WorkspaceError.self) { try Workspace.load(path: fixture.root) }
        fixture.write("courier.yaml", "layout: files\n")
        let wrong = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.root) }
        #expect(wrong.location?.line == 1 && wrong.message.contains("layout: file"), "\(wrong)")
    }
}
