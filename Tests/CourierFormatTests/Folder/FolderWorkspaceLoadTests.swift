import Foundation
import Testing
@testable import CourierFormat
@testable import CourierFormatCore

/// #44 item 1: a workspace kept as a folder — `courier.yaml`, request files under
/// `requests/` in folders, and `include:`.
@Suite struct FolderWorkspaceLoadTests {
    @Test func aFolderOfTwelveFilesLoadsItsSixtyRequestsWithTheirFoldersAndFiles() throws {
        let fixture = FolderWorkspaceFixture()
        let workspace = try Workspace.load(path: fixture.directory)
        expectEqual(workspace.file, fixture.directory + "/courier.yaml")
        expectEqual(workspace.name, "shop")
        #expect(workspace.isFolder)
        expectEqual(workspace.requestNames.count, 60)
        expectEqual(Set(workspace.requestNames), Set(FolderWorkspaceFixture.allNames))
        // Folders first at each level, then files by name: the same order on every machine.
        #expect(workspace.requestNames.prefix(5) == ["admin-audit-export-1", "admin-audit-export-2", "admin-audit-export-3",
                                                     "admin-audit-export-4", "admin-audit-export-5"])
        expectEqual(workspace.requestFolders["admin-audit-log-2"], "admin/audit")
        expectEqual(workspace.requestFolders["users-teams-4"], "users")
        expectEqual(workspace.files.count, 13)
        #expect(workspace.requests["orders-refund-3"]?.location == SourceLocation(file: fixture.directory + "/requests/orders/refund.yaml",
                                                                                   line: 13, column: 5))  // where its definition starts
        expectEqual(workspace.requestNames(inBatch: "smoke"), ["users-list-1", "admin-audit-log-3", "orders-ship-5"])
        expectEqual(workspace.chains["onboarding"]?.steps.count, 2)
        expectEqual(workspace.file(defining: "smoke"), fixture.directory + "/requests/orders/ship.yaml")
        // The root file's own path names the same folder workspace.
        expectEqual(try Workspace.load(path: fixture.root).requestNames, workspace.requestNames)
    }

    @Test func aNameUsedInTwoFilesNamesBothPlaces() throws {
        let fixture = FolderWorkspaceFixture()
        fixture.write("requests/users/copy.yaml", "requests:\n  other: {url: /get}\n  orders-read-2: {url: /get}\n")
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.directory) }
        expectEqual(error.location, SourceLocation(file: fixture.directory + "/requests/users/copy.yaml", line: 3, column: 3))
        #expect(error.message.contains("already used by a request (\(fixture.directory)/requests/orders/read.yaml:7:3)"))
    }

    @Test func aBatchMayNotShareARequestsNameInAnotherFile() throws {
        let fixture = FolderWorkspaceFixture()
        fixture.write("requests/extra.yaml", "batches:\n  users-list-2: [users-list-1]\n")
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.directory) }
        expectEqual(error.location?.file, fixture.directory + "/requests/extra.yaml")
        #expect(error.message.contains("\"users-list-2\" is already used by a request (\(fixture.directory)/requests/users/list.yaml:"))
    }

    @Test func includesBringVariablesEnvironmentsAndRequestsAndTheRootFileWins() throws {
        let base = temporaryDirectory("courier-include")
        let fixture = FolderWorkspaceFixture()
        // A folder shared by several workspaces, beside this one: the root file may name it.
        let common = base + "/common"
        try FileManager.default.createDirectory(atPath: common, withIntermediateDirectories: true)
        try "variables:\n  tenant: from-include\n  region: eu\nenvironments:\n  staging: {region: eu-staging}\n  prod: {region: eu-prod}\n"
            .write(toFile: common + "/envs.yaml", atomically: true, encoding: .utf8)
        try "include: [envs.yaml]\nrequests:\n  token: {method: POST, url: /anything/token}\n"
            .write(toFile: common + "/auth.yaml", atomically: true, encoding: .utf8)
        var root = fixture.read("courier.yaml")
        root += "include: [\(common)/auth.yaml]\n"
        fixture.write("courier.yaml", root)
        let workspace = try Workspace.load(path: fixture.directory)
        expectEqual(workspace.requests["token"]?.location.file, common + "/auth.yaml")
        expectEqual(workspace.variables["tenant"], "acme")  // the root file's own value
        expectEqual(workspace.variables["region"], "eu")
        expectEqual(workspace.environments["staging"], ["tenant": "staging-acme", "region": "eu-staging"])
        expectEqual(workspace.environmentNames, ["staging", "prod"])
        #expect(workspace.files.contains(common + "/envs.yaml"))
    }

    @Test func anIncludedFilesIncludeCannotLeaveTheFoldersTheRootFileChose() throws {
        let fixture = FolderWorkspaceFixture()
        let outside = temporaryDirectory("courier-outside")
        try "variables: {secret: x}\n".write(toFile: outside + "/stolen.yaml", atomically: true, encoding: .utf8)
        fixture.write("shared/auth.yaml", "# shared\ninclude:\n  - ../../\(URL(fileURLWithPath: outside).lastPathComponent)/stolen.yaml\n")
        fixture.write("courier.yaml", fixture.read("courier.yaml") + "include: [shared/auth.yaml]\n")
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.directory) }
        expectEqual(error.location, SourceLocation(file: fixture.directory + "/shared/auth.yaml", line: 3, column: 5))
        #expect(error.message.contains("included file"))
        #expect(error.message.contains("outside the workspace folder"))
    }

    @Test func aRequestFileThatIsASymbolicLinkOutsideIsRefused() throws {
        let fixture = FolderWorkspaceFixture()
        let outside = temporaryDirectory("courier-outside") + "/elsewhere.yaml"
        try "requests:\n  x: {url: /get}\n".write(toFile: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: fixture.directory + "/requests/linked.yaml", withDestinationPath: outside)
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.directory) }
        #expect(error.message.contains("request file"))
        #expect(error.message.contains("linked.yaml"))
    }

    @Test func aRequestFileHoldsOnlyDefinitionsAndAnEmptyOneIsNothing() throws {
        let fixture = FolderWorkspaceFixture()
        fixture.write("requests/empty.yaml", "# nothing yet\n")
        expectEqual(try Workspace.load(path: fixture.directory).requestNames.count, 60)
        fixture.write("requests/bad.yaml", "variables:\n  x: y\n")
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(path: fixture.directory) }
        expectEqual(error.location, SourceLocation(file: fixture.directory + "/requests/bad.yaml", line: 1, column: 1))
        #expect(error.message.contains("unknown key \"variables\""), "\(error.message)")
    }

    @Test func aOneFileWorkspaceIsUnchanged() throws {
        let path = writeWorkspace("requests:\n  a: {url: http://127.0.0.1/a}\n")
        let workspace = try Workspace.load(path: path)
        #expect(!workspace.isFolder)
        expectEqual(workspace.files, [path])
        #expect(workspace.requestFolders.isEmpty)
        expectEqual(workspace.name, "ws")
    }
}
