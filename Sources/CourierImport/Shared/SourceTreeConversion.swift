import Foundation
import Courier
import CourierWorkspace

/// A ``SourceTree`` written into a workspace, the same way for every source that has one:
/// each request a workspace request named from its folders and its title (`users-list-users`),
/// in its folders for `--layout folder`; each folder a batch of its requests and subfolders'
/// batches, and the batch `all` the whole collection; folders' headers and auth handed down
/// to their requests; the requests whose responses others use in one chain, first.
struct SourceTreeConversion {
    /// `Insomnia`, `Bruno`: the comment above each request (`from Insomnia: Users / List`).
    let origin: String
    var workspace: ImportedWorkspace
    var report: ImportReport
    /// Variables that hold secrets: requests that use them list them under `sensitive`.
    var secretVariables: Set<String> = []
    /// Captures that a request provides for others, keyed by the source's request id
    /// (Insomnia's response tags name the request they read by id).
    var capturesByID: [String: [(variable: String, source: String)]] = [:]
    private var naming = ImportNaming()
    private var captures: [HTTPFilePlaceholders.Capture] = []
    private var idNames: [String: String] = [:]
    private var files: [String] = []

    init(origin: String, workspace: ImportedWorkspace, report: ImportReport) {
        self.origin = origin
        self.workspace = workspace
        self.report = report
    }

    /// Converts the tree, then completes the workspace (chain, secrets, missing variables).
    mutating func convert(_ tree: SourceTree) -> ImportResult {
        let all = naming.unique("all")
        report.dropped += tree.root.dropped.map { "the collection: \($0)" }
        let rootAuth = Self.auth(tree.root.auth, from: "the collection")
        let members = walk(tree.root.children, folders: [], headers: tree.root.headers.filter(\.enabled), auth: rootAuth)
        if members.isEmpty {
            report.notes.append("the collection has no requests")
        } else {
            workspace.batches.insert(.init(name: all, requests: members, comments: ["the whole collection"]), at: 0)
        }
        for (id, provided) in capturesByID {
            guard let request = idNames[id] else {
                report.dropped.append("a response reference reads request \(id), which the export does not hold; "
                                      + provided.map(\.variable).joined(separator: ", ") + " declared empty")
                continue
            }
            captures += provided.map { .init(request: request, variable: $0.variable, source: $0.source) }
        }
        addChain()
        report.dropped += ImportedVariableCycles.breakCycles(in: &workspace)
        markSecrets()
        if !files.isEmpty {
            report.notes.append("bodies read files (\(files.joined(separator: ", "))): Courier reads a relative path from the workspace's folder "
                                + "and a file must be inside it (COURIER_ALLOW_PATHS allows other folders)")
        }
        let declared = workspace.defineMissingVariables()
        if !declared.isEmpty {
            report.notes.append("declared as empty variables, as nothing in the collection or its environments defines them: "
                                + declared.joined(separator: ", "))
        }
        return ImportResult(workspace: workspace, report: report)
    }

    private static func auth(_ auth: SourceTree.Auth, from owner: String) -> PostmanAuth? {
        guard case .own(let scheme) = auth else { return nil }
        return PostmanAuth(scheme: scheme, inheritedFrom: owner)
    }

    /// Converts `nodes` inside `folders`; returns the names their batch runs.
    private mutating func walk(_ nodes: [SourceTree.Node], folders: [String], headers: [SourceTree.Pair], auth: PostmanAuth?) -> [String] {
        var members: [String] = []
        for node in nodes {
            switch node {
            case .request(let request):
                if let name = convert(request, folders: folders, headers: headers, auth: auth) { members.append(name) }
            case .folder(let folder):
                members += convert(folder, folders: folders + [folder.title], headers: headers, auth: auth)
            }
        }
        return members
    }

    private mutating func convert(_ folder: SourceTree.Folder, folders: [String], headers: [SourceTree.Pair], auth: PostmanAuth?) -> [String] {
        let display = folders.map { $0.isEmpty ? "(unnamed)" : $0 }.joined(separator: " / ")
        let place = "folder \"\(ImportedNames.shown(display))\""
        report.dropped += folder.dropped.map { "\(place): \($0)" }
        let batchName = ImportedNames.unique(folders.joined(separator: " "), fallback: "folder", place: place, naming: &naming, report: &report)
        let position = workspace.batches.count
        let merged = Self.merged(headers, folder.headers.filter(\.enabled))
        let members = walk(folder.children, folders: folders, headers: merged, auth: Self.auth(folder.auth, from: place) ?? auth)
        guard !members.isEmpty else {
            report.notes.append("\(place) has no requests: no batch for it")
            return []
        }
        workspace.batches.insert(.init(name: batchName, requests: members, comments: ["folder \"\(display)\"".asCommentLine]), at: position)
        return [batchName]
    }

    /// Headers of a folder over its parent's: a name the folder sets again replaces the parent's.
    static func merged(_ outer: [SourceTree.Pair], _ inner: [SourceTree.Pair]) -> [SourceTree.Pair] {
        let names = Set(inner.map { $0.name.lowercased() })
        return outer.filter { !names.contains($0.name.lowercased()) } + inner
    }

    private mutating func convert(_ request: SourceTree.Request, folders: [String], headers: [SourceTree.Pair], auth: PostmanAuth?) -> String? {
        let display = (folders + [request.title]).map { $0.isEmpty ? "(unnamed)" : $0 }.joined(separator: " / ")
        let place = "request \"\(ImportedNames.shown(display))\""
        report.dropped += request.dropped.map { "\(place): \($0)" }
        report.notes += request.notes.map { "\(place): \($0)" }
        let name = ImportedNames.unique((folders + [request.title]).joined(separator: " "), fallback: "request", place: place,
                                        naming: &naming, report: &report)
        var built = SourceRequestConversion(name: name, place: place)
        guard let definition = built.definition(request, inheritedHeaders: headers, inheritedAuth: auth) else {
            report.dropped += built.dropped
            return nil
        }
        report.dropped += built.dropped
        report.notes += built.notes
        files += built.files.filter { !files.contains($0) }
        if let id = request.id { idNames[id] = name }
        captures += request.captures.map { .init(request: name, variable: $0.variable, source: $0.source) }
        var comments = ["from \(origin): " + display.asCommentLine]
        if let description = request.description?.trimmingCharacters(in: .whitespacesAndNewlines), !description.isEmpty {
            comments += description.split(separator: "\n").prefix(3).map { String($0).asCommentLine.trimmingCharacters(in: .whitespaces) }
        }
        var imported = ImportedWorkspace.Request(definition, comments: comments, disabledHeaders: built.disabledHeaders, folders: folders)
        imported.expect = request.checks
        workspace.requests.append(imported)
        return name
    }

    /// The chain of requests whose responses others use, providers first.
    private mutating func addChain() {
        guard !captures.isEmpty else { return }
        var uses: [String: Set<String>] = [:]
        for request in workspace.requests {
            uses[request.definition.name] = Set(Template.references(in: RequestYAML.block(for: request.definition, name: request.definition.name)))
        }
        let chainName = naming.unique(origin.lowercased() + "-responses")
        guard let made = HTTPFileChains.chain(named: chainName, requests: workspace.requests.map(\.definition.name),
                                              uses: uses, captures: captures) else { return }
        workspace.chains.append(made.chain)
        report.notes += made.notes
        report.notes.append("requests that use other requests' responses (\(captures.map(\.variable).joined(separator: ", "))) "
                            + "run after them in the chain \"\(chainName)\"")
    }

    /// Lists `{{secret}}` under `sensitive` in each request that uses a secret variable.
    private mutating func markSecrets() {
        guard !secretVariables.isEmpty else { return }
        for index in workspace.requests.indices {
            let definition = workspace.requests[index].definition
            for name in Template.references(in: RequestYAML.block(for: definition, name: definition.name))
            where secretVariables.contains(name) && !definition.sensitive.contains("{{\(name)}}") {
                workspace.requests[index].definition.sensitive.append("{{\(name)}}")
            }
        }
    }
}
