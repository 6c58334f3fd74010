import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The Requests tree of a folder workspace (#44): the folders under `requests/` as foldable
/// rows, folders first, and the folder a new request goes to.
@Suite struct RequestTreeFolderTests {
    @Test func foldersAreRowsAboveTheirRequestsAndFold() throws {
        let fixture = FolderWorkspaceFixture()
        var tree = RequestTree(workspace: try Workspace.load(path: fixture.directory))
        let nodes = tree.rows.map(\.node)
        expectEqual(Array(nodes.prefix(4)), [.section(.requests), .folder("admin"), .folder("admin/audit"), .request("admin-audit-export-1")])
        #expect(tree.selectedNode == .request("admin-audit-export-1"), "the first request is selected, not the first folder")
        let audit = try #require(tree.rows.first { $0.node == .folder("admin/audit") })
        #expect(audit.depth == 2 && audit.isFoldable)
        #expect(tree.rows.first { $0.node == .request("admin-audit-log-1") }?.depth == 3)
        #expect(tree.rows.first { $0.node == .request("users-teams-5") }?.depth == 2)
        expectEqual(tree.requestCount(inFolder: "admin"), 20)
        expectEqual(tree.folder(for: .request("orders-ship-2")), "orders")
        expectEqual(tree.folder(for: .folder("admin/audit")), "admin/audit")
        expectEqual(tree.folder(for: .section(.requests)), "")
        tree.select(.folder("admin"))
        tree.collapse()
        #expect(!tree.rows.contains { $0.node == .folder("admin/audit") || $0.node == .request("admin-keys-1") })
        expectEqual(tree.selectedNode, .folder("admin"))
        tree.expand()
        #expect(tree.rows.contains { $0.node == .request("admin-keys-1") })
    }

    @Test func aOneFileWorkspaceHasNoFolders() throws {
        let tree = RequestTree(workspace: try Workspace.load(path: repositoryRoot + "/workspaces/demo.yaml"))
        #expect(!tree.rows.contains { if case .folder = $0.node { return true }; return false })
        expectEqual(tree.folder(for: tree.selectedNode), nil)
    }
}
