import CourierWorkspace

/// The Requests pane's tree: the workspace's requests, then its batches with their members,
/// then its chains with their steps; folding, a fuzzy filter, the selection and marks.
/// The visible rows are flattened once per change, so drawing touches only the rows on screen.
package struct RequestTree: Sendable {
    /// The three groups of the tree.
    package enum Section: String, Sendable, Hashable, CaseIterable {
        case requests = "Requests", batches = "Batches", chains = "Chains"
    }

    /// What a row stands for.
    package enum Node: Sendable, Hashable {
        case section(Section)
        /// A folder under `requests/` of a folder workspace (`billing/invoices`).
        case folder(String)
        case request(String)
        case batch(String)
        /// A request run by a batch (nested batches expanded).
        case batchMember(batch: String, index: Int, request: String)
        case chain(String)
        /// A request of a chain step; `member` > 0 for the other requests of a parallel step.
        case stepMember(chain: String, step: Int, member: Int, request: String)

        /// The request the row sends, when it is one.
        package var requestName: String? {
            switch self {
            case .request(let name), .batchMember(_, _, let name), .stepMember(_, _, _, let name): return name
            default: return nil
            }
        }

        /// The chain the row belongs to: the chain's own row or one of its steps.
        package var chainName: String? {
            switch self {
            case .chain(let name), .stepMember(let name, _, _, _): return name
            default: return nil
            }
        }

        /// The key folding remembers this node by, when it folds.
        var foldKey: String? {
            switch self {
            case .section(let section): return "section:\(section.rawValue)"
            case .folder(let path): return "folder:\(path)"
            case .batch(let name): return "batch:\(name)"
            case .chain(let name): return "chain:\(name)"
            default: return nil
            }
        }
    }

    /// A visible row.
    package struct Row: Sendable, Hashable {
        package var node: Node
        package var depth: Int
        package var isFoldable: Bool
        package var isFolded: Bool
        /// Characters of the name matched by the filter.
        package var matched: [Int] = []
        /// The filter matched the URL rather than the name.
        package var matchedURL = false
    }

    package private(set) var rows: [Row] = []
    /// The selection and the window on screen: moves take the window's height (0 when it is
    /// not known: the window then only keeps the selection in view when drawn).
    package private(set) var cursor = ListCursor()
    package var selection: Int { cursor.selection }
    /// The fuzzy filter; empty shows the whole tree.
    package private(set) var filter = ""
    /// Requests marked with Space for an ad-hoc batch, in marking order.
    package private(set) var marks: [String] = []
    private var folded: Set<String> = ["section:Batches"]
    /// Requests in each folder and below, counted when the workspace changes (rows draw them).
    private var folderCounts: [String: Int] = [:]
    private var workspace: Workspace
    /// Requests gone from the file whose unsaved edits are kept: listed after the others.
    private var orphans: [String] = []
    private var requestNames: [String] { workspace.requestNames + orphans }

    package init(workspace: Workspace) {
        self.workspace = workspace
        folderCounts = Self.countRequests(in: workspace)
        rebuild()
        // The first request (not the first folder a folder workspace shows above it), else the
        // first row under a section's header.
        let first = rows.firstIndex { $0.node.requestName != nil } ?? rows.firstIndex { if case .section = $0.node { return false }; return true }
        cursor.reset(count: rows.count, selecting: first ?? 0)
    }

    package var selectedRow: Row? { rows.indices.contains(selection) ? rows[selection] : nil }
    package var selectedNode: Node? { selectedRow?.node }

    // MARK: - Changes

    /// A reloaded workspace, and the requests to keep listed though it lacks them: the
    /// selection stays on the same node when it still exists.
    package mutating func update(workspace: Workspace, orphans: [String] = []) {
        self.workspace = workspace
        self.orphans = orphans
        folderCounts = Self.countRequests(in: workspace)
        marks.removeAll { workspace.requests[$0] == nil }
        rebuild()
    }

    package mutating func setFilter(_ text: String) {
        filter = text
        rebuild()
        if !text.isEmpty {
            cursor.reset(count: rows.count, selecting: rows.firstIndex { if case .section = $0.node { return false }; return true } ?? 0)
        }
    }

    package mutating func move(by offset: Int, height: Int = 0) {
        guard !rows.isEmpty else { return }
        cursor.move(by: offset, height: height)
    }

    package mutating func moveToTop(height: Int = 0) { cursor.select(0, height: height) }
    package mutating func moveToBottom(height: Int = 0) { cursor.select(rows.count - 1, height: height) }

    /// Selects a node when it is visible; returns whether it was.
    @discardableResult
    package mutating func select(_ node: Node, height: Int = 0) -> Bool {
        guard let index = rows.firstIndex(where: { $0.node == node }) else { return false }
        cursor.select(index, height: height)
        return true
    }

    /// A click on the `row`-th row of a window of `height`.
    package mutating func click(windowRow row: Int, height: Int) {
        cursor.click(windowRow: row, height: height)
    }

    /// `h`/←: folds the selected node, or moves to its parent.
    package mutating func collapse(height: Int = 0) {
        guard let row = selectedRow else { return }
        if row.isFoldable, !row.isFolded, let key = row.node.foldKey {
            folded.insert(key)
            rebuild(keeping: row.node)
        } else if let parent = rows[..<selection].lastIndex(where: { $0.depth < row.depth }) {
            cursor.select(parent, height: height)
        }
    }

    /// `l`/→: unfolds the selected node, or moves into it.
    package mutating func expand(height: Int = 0) {
        guard let row = selectedRow, row.isFoldable else { return }
        if row.isFolded, let key = row.node.foldKey {
            folded.remove(key)
            rebuild(keeping: row.node)
        } else {
            move(by: 1, height: height)
        }
    }

    /// Unfolds everything, so that any node can be selected.
    package mutating func expandAll() {
        folded.removeAll()
        rebuild()
    }

    /// Marks or unmarks the selected request; returns the request's name.
    @discardableResult
    package mutating func toggleMark() -> String? {
        guard let name = selectedNode?.requestName else { return nil }
        if let index = marks.firstIndex(of: name) { marks.remove(at: index) } else { marks.append(name) }
        return name
    }

    package mutating func clearMarks() { marks.removeAll() }

    // MARK: - Flattening

    private mutating func rebuild(keeping node: Node? = nil) {
        let kept = node ?? selectedNode
        rows = filter.isEmpty ? treeRows() : filteredRows()
        cursor.reset(count: rows.count, selecting: kept.flatMap { kept in rows.firstIndex { $0.node == kept } })
    }

    private func header(_ section: Section, count: Int) -> Row? {
        guard count > 0 else { return nil }
        return Row(node: .section(section), depth: 0, isFoldable: true, isFolded: folded.contains("section:\(section.rawValue)"))
    }

    private func treeRows() -> [Row] {
        var rows: [Row] = []
        if let header = header(.requests, count: requestNames.count) {
            rows.append(header)
            if !header.isFolded { rows += folderRows(in: "", depth: 1, folders: RequestFolders.all(workspace.requestFolders.values)) }
        }
        if let header = header(.batches, count: workspace.batchNames.count) {
            rows.append(header)
            for name in workspace.batchNames where !header.isFolded {
                let isFolded = folded.contains("batch:\(name)")
                rows.append(Row(node: .batch(name), depth: 1, isFoldable: true, isFolded: isFolded))
                guard !isFolded else { continue }
                for (index, member) in workspace.requestNames(inBatch: name).enumerated() {
                    rows.append(Row(node: .batchMember(batch: name, index: index, request: member), depth: 2, isFoldable: false, isFolded: false))
                }
            }
        }
        if let header = header(.chains, count: workspace.chainNames.count) {
            rows.append(header)
            for name in workspace.chainNames where !header.isFolded {
                let isFolded = folded.contains("chain:\(name)")
                rows.append(Row(node: .chain(name), depth: 1, isFoldable: true, isFolded: isFolded))
                guard !isFolded, let chain = workspace.chains[name] else { continue }
                for (step, definition) in chain.steps.enumerated() {
                    for (member, item) in definition.items.enumerated() {
                        rows.append(Row(node: .stepMember(chain: name, step: step, member: member, request: item.request.name),
                                        depth: 2, isFoldable: false, isFolded: false))
                    }
                }
            }
        }
        return rows
    }

    /// A folder's rows: its folders first (each with what is in it, unless folded), then its
    /// requests in file order. The top (`""`) holds the requests that are in no folder.
    private func folderRows(in folder: String, depth: Int, folders: Set<String>) -> [Row] {
        var rows: [Row] = []
        for child in RequestFolders.children(of: folder, in: folders) {
            let isFolded = folded.contains("folder:\(child)")
            rows.append(Row(node: .folder(child), depth: depth, isFoldable: true, isFolded: isFolded))
            if !isFolded { rows += folderRows(in: child, depth: depth + 1, folders: folders) }
        }
        rows += requestNames.filter { (workspace.requestFolders[$0] ?? "") == folder }
            .map { Row(node: .request($0), depth: depth, isFoldable: false, isFolded: false) }
        return rows
    }

    /// The folder a new request goes to when this node is selected: the folder itself, or the
    /// selected request's; nil for a one-file workspace.
    package func folder(for node: Node?) -> String? {
        guard workspace.isFolder else { return nil }
        switch node {
        case .folder(let path): return path
        case .request(let name): return workspace.requestFolders[name] ?? ""
        default: return ""
        }
    }

    /// How many requests a folder holds, in it and below.
    package func requestCount(inFolder folder: String) -> Int { folderCounts[folder] ?? 0 }

    private static func countRequests(in workspace: Workspace) -> [String: Int] {
        var counts: [String: Int] = [:]
        for folder in workspace.requestFolders.values {
            var components = folder.split(separator: "/")
            while !components.isEmpty {
                counts[components.joined(separator: "/"), default: 0] += 1
                components.removeLast()
            }
        }
        return counts
    }

    /// Every request, batch and chain the filter matches, best first.
    private func filteredRows() -> [Row] {
        var scored: [(score: Int, row: Row)] = []
        for name in requestNames {
            if let match = FuzzyMatch.match(filter, in: name) {
                scored.append((match.score + 10, Row(node: .request(name), depth: 0, isFoldable: false, isFolded: false, matched: match.positions)))
            } else if let url = workspace.requests[name]?.url, let match = FuzzyMatch.match(filter, in: url) {
                scored.append((match.score - 20, Row(node: .request(name), depth: 0, isFoldable: false, isFolded: false, matchedURL: true)))
            }
        }
        for (names, make) in [(workspace.batchNames, Node.batch), (workspace.chainNames, Node.chain)] {
            for name in names {
                guard let match = FuzzyMatch.match(filter, in: name) else { continue }
                scored.append((match.score, Row(node: make(name), depth: 0, isFoldable: false, isFolded: false, matched: match.positions)))
            }
        }
        return scored.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }.map(\.element.row)
    }
}
