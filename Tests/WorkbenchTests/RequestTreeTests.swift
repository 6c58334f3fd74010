import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The Requests pane's tree: sections, batches with members, chains with steps, folding,
/// fuzzy filtering and marks.
@Suite struct RequestTreeTests {
    private func demo() throws -> Workspace {
        try Workspace.load(path: repositoryRoot + "/workspaces/demo.yaml")
    }

    @Test func listsRequestsThenBatchesThenChainsWithTheirSteps() throws {
        let workspace = try demo()
        var tree = RequestTree(workspace: workspace)
        expectEqual(tree.rows.first?.node, .section(.requests))
        #expect(tree.rows.contains { $0.node == .request("get-args") })
        #expect(tree.rows.contains { $0.node == .section(.batches) && $0.isFolded })
        #expect(!tree.rows.contains { if case .batch = $0.node { return true }; return false }, "batches start folded")
        let checkout = try #require(tree.rows.firstIndex { $0.node == .chain("checkout") })
        expectEqual(tree.rows[checkout + 1].node, .stepMember(chain: "checkout", step: 0, member: 0, request: "login"))
        expectEqual(tree.rows[checkout + 2].node, .stepMember(chain: "checkout", step: 1, member: 0, request: "profile"))
        expectEqual(tree.rows[checkout + 3].node, .stepMember(chain: "checkout", step: 1, member: 1, request: "orders"))
        tree.select(.section(.batches))
        tree.expand()
        #expect(tree.rows.contains { $0.node == .batch("basics") })
        tree.select(.batch("basics"))
        tree.expand()
        #expect(tree.rows.contains { $0.node == .batchMember(batch: "basics", index: 0, request: "get-args") })
    }

    @Test func foldingKeepsTheSelectionAndLeftMovesToTheParent() throws {
        var tree = RequestTree(workspace: try demo())
        tree.select(.stepMember(chain: "checkout", step: 2, member: 0, request: "checkout-order"))
        tree.collapse()
        expectEqual(tree.selectedNode, .chain("checkout"))
        tree.collapse()
        expectEqual(tree.selectedRow?.isFolded, true)
        #expect(!tree.rows.contains { if case .stepMember(chain: "checkout", _, _, _) = $0.node { return true }; return false })
        tree.expand()
        expectEqual(tree.selectedNode, .chain("checkout"))
        #expect(tree.rows.contains { if case .stepMember = $0.node { return true }; return false })
    }

    @Test func fuzzyFilterMatchesNamesAndURLsBestFirst() throws {
        var tree = RequestTree(workspace: try demo())
        tree.setFilter("pjs")
        expectEqual(tree.rows.first?.node, .request("post-json"))
        expectEqual(tree.rows.first?.matched, [0, 5, 6])
        expectEqual(tree.selectedNode, .request("post-json"))
        tree.setFilter("basic-auth/demo")
        expectEqual(tree.rows.map(\.node), [.request("basic-auth")])
        expectEqual(tree.rows.first?.matchedURL, true)
        tree.setFilter("checkout")
        #expect(tree.rows.first?.node == .chain("checkout"), "an exact name comes first")
        #expect(tree.rows.contains { $0.node == .request("checkout-order") })
        tree.setFilter("zzzz")
        #expect(tree.rows.isEmpty)
        tree.setFilter("")
        expectEqual(tree.rows.first?.node, .section(.requests))
    }

    @Test func marksCollectRequestsInOrder() throws {
        var tree = RequestTree(workspace: try demo())
        tree.select(.request("xml"))
        tree.toggleMark()
        tree.select(.request("get-args"))
        tree.toggleMark()
        expectEqual(tree.marks, ["xml", "get-args"])
        tree.toggleMark()
        expectEqual(tree.marks, ["xml"])
        tree.select(.section(.requests))
        expectEqual(tree.toggleMark(), nil)
    }

    @Test func fuzzyMatchPrefersContiguousAndWordStarts() throws {
        let contiguous = try #require(FuzzyMatch.match("json", in: "post-json"))
        let scattered = try #require(FuzzyMatch.match("json", in: "j-s-o-n"))
        #expect(contiguous.score > scattered.score)
        expectEqual(FuzzyMatch.match("xyz", in: "post-json"), nil)
        expectEqual(FuzzyMatch.match("PJ", in: "post-json")?.positions, [0, 5])
    }
}
