import Foundation
import Testing
@testable import CourierFormat
@testable import CourierFormatCore

/// #44 item 1: saving from the workbench into a folder workspace — each change to the file the
/// request came from, with the splice that keeps comments; a rename reaches every file.
@Suite struct FolderWorkspaceSaveTests {
    private func save(_ edits: [WorkspaceEdit], in fixture: FolderWorkspaceFixture) throws -> WorkspaceFilesWriter.Result {
        let workspace = try Workspace.load(path: fixture.directory)
        let result = try WorkspaceFilesWriter.apply(edits, to: workspace)
        try WorkspaceFilesWriter.write(result)
        return result
    }

    @Test func anEditGoesToTheRequestsOwnFileAndChangesOnlyItsLine() throws {
        let fixture = FolderWorkspaceFixture()
        let before = fixture.read("requests/orders/refund.yaml")
        let root = fixture.read("courier.yaml")
        let workspace = try Workspace.load(path: fixture.directory)
        var draft = RequestDraft(try #require(workspace.requests["orders-refund-3"]))
        draft.url = "/anything/refunds/3"
        let result = try save([.update(original: "orders-refund-3", draft: draft)], in: fixture)
        expectEqual(Array(result.texts.keys), [fixture.directory + "/requests/orders/refund.yaml"])
        let after = fixture.read("requests/orders/refund.yaml")
        let changed = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0.0 != $0.1 }
        #expect(changed.map { String($0.1) } == ["    url: /anything/refunds/3"])
        #expect(after.contains("# request 3 of orders/refund.yaml"))
        expectEqual(fixture.read("courier.yaml"), root)
        expectEqual(try Workspace.load(path: fixture.directory).requests["orders-refund-3"]?.url, "/anything/refunds/3")
    }

    @Test func aRenameRenamesTheBatchAndTheChainInOtherFiles() throws {
        let fixture = FolderWorkspaceFixture()
        let workspace = try Workspace.load(path: fixture.directory)
        var draft = RequestDraft(try #require(workspace.requests["users-list-1"]))
        draft.name = "users-index"
        let result = try save([.update(original: "users-list-1", draft: draft)], in: fixture)
        #expect(Set(result.texts.keys) == Set(["requests/users/list.yaml", "requests/orders/ship.yaml", "courier.yaml"]
            .map { fixture.directory + "/" + $0 }))
        let saved = try Workspace.load(path: fixture.directory)
        expectEqual(saved.requestNames(inBatch: "smoke").first, "users-index")
        expectEqual(saved.chains["onboarding"]?.steps.first?.items.first?.request.name, "users-index")
        #expect(fixture.read("courier.yaml").contains("# The team's workspace"))
    }

    @Test func aRenameToANameAnotherFileUsesIsRefusedAndNothingIsWritten() throws {
        let fixture = FolderWorkspaceFixture()
        let before = fixture.read("requests/users/list.yaml")
        let workspace = try Workspace.load(path: fixture.directory)
        var draft = RequestDraft(try #require(workspace.requests["users-list-1"]))
        draft.name = "admin-keys-2"
        let error = try #require(throws: WorkspaceError.self) { try save([.update(original: "users-list-1", draft: draft)], in: fixture) }
        #expect(error.message.contains("already used by a request (\(fixture.directory)/requests/admin/keys.yaml:9:5)"))
        expectEqual(fixture.read("requests/users/list.yaml"), before)
    }

    @Test func aNewRequestGoesToItsOwnFileInTheFolderChosen() throws {
        let fixture = FolderWorkspaceFixture()
        let result = try save([.add(name: "users list all", yaml: "users list all:\n  url: /anything/all\n", folder: "users")], in: fixture)
        let file = fixture.directory + "/requests/users/users-list-all.yaml"
        expectEqual(result.created, [file])
        expectEqual(fixture.read("requests/users/users-list-all.yaml"), "requests:\n  users list all:\n    url: /anything/all\n")
        let saved = try Workspace.load(path: fixture.directory)
        expectEqual(saved.requestFolders["users list all"], "users")
        // A new folder is made when the folder chosen does not exist yet.
        _ = try save([.add(name: "ping", yaml: "ping:\n  url: /get\n", folder: "health/live")], in: fixture)
        expectEqual(try Workspace.load(path: fixture.directory).requestFolders["ping"], "health/live")
        // No folder: the root file.
        _ = try save([.add(name: "root-one", yaml: "root-one:\n  url: /get\n")], in: fixture)
        #expect(fixture.read("courier.yaml").contains("requests:\n  root-one:\n    url: /get\n"))
    }

    @Test func aRequestAnotherFileRefersToCannotBeDeleted() throws {
        let fixture = FolderWorkspaceFixture()
        let error = try #require(throws: WorkspaceError.self) { try save([.delete(name: "admin-audit-log-3")], in: fixture) }
        expectEqual(error.message, "cannot delete request \"admin-audit-log-3\": batch \"smoke\" refers to it")
        expectEqual(error.location?.file, fixture.directory + "/requests/orders/ship.yaml")
        _ = try save([.delete(name: "admin-audit-log-4")], in: fixture)
        let saved = try Workspace.load(path: fixture.directory)
        #expect(saved.requests["admin-audit-log-4"] == nil)
        expectEqual(saved.requestNames.count, 59)
    }
}
