import Courier
import Foundation
import CourierWorkspace

/// A collection in Bruno's `.bru` format: `bruno.json` (name), `collection.bru` (headers,
/// auth, variables for every request), a `folder.bru` per folder, a `.bru` file per request,
/// `environments/*.bru` (`vars { … }` and `vars:secret [ … ]`).
struct BruCollection {
    let files: BrunoImport.Files
    let folder: String
    let manifest: Data

    func result() throws(ImportFailure) -> ImportResult {
        var workspace = ImportedWorkspace()
        var report = ImportReport()
        let manifestFile = folder + "/bruno.json"
        let settings = try PostmanJSON.parse(manifest, file: manifestFile)
        workspace.name = settings.text("name").map(ImportedWorkspace.oneLine)
        workspace.header = ["Imported from the Bruno collection \(URL(fileURLWithPath: folder).lastPathComponent) (.bru files)".asCommentLine]
        if let proxy = settings["proxy"], proxy["enabled"]?.boolValue == true || proxy["config"]?["hostname"] != nil,
           proxy["enabled"]?.boolValue != false {
            report.dropped.append("bruno.json: the proxy setting not carried over (set proxy: in the workspace's config)")
        }
        if !(settings["clientCertificates"]?.array("certs").isEmpty ?? true) {
            report.dropped.append("bruno.json: client certificates not carried over (set tls: in the workspace's config)")
        }

        var tree = SourceTree()
        var requests: [(folders: [String], seq: Double, request: SourceTree.Request)] = []
        var folderSettings: [[String]: (folder: SourceTree.Folder, seq: Double)] = [:]
        var secrets: Set<String> = []
        var environmentNaming = ImportNaming()
        for (path, data) in files.sorted(by: { $0.path < $1.path }) where path.hasSuffix(".bru") {
            let file = folder + "/" + path
            let document = try BrunoImport.parse(data, file: file)
            let folders = BrunoImport.folders(of: path)
            if path == "collection.bru" {
                tree.root = BrunoRequest.folder(document, title: "")
                BrunoImport.addVariables(BrunoRequest.variables(document), place: "collection.bru", collectionWide: true, to: &workspace, report: &report)
            } else if path.hasSuffix("/folder.bru") {
                let title = folders.last ?? ""
                folderSettings[folders] = (BrunoRequest.folder(document, title: title), Double(document.value("seq", in: "meta") ?? "") ?? .infinity)
                BrunoImport.addVariables(BrunoRequest.variables(document), place: path, collectionWide: false, to: &workspace, report: &report)
            } else if folders == ["environments"] {
                let name = String(path.dropFirst("environments/".count).dropLast(".bru".count))
                let key = environmentNaming.unique(name, fallback: "environment")
                if key != name { report.notes.append("environment \"\(name)\" is \"\(key)\": courier run --env \(key)") }
                let variables = document.block("vars")?.entries ?? []
                for entry in variables where !entry.enabled { report.dropped.append("environment \"\(key)\": variable \(entry.key) is switched off in Bruno; left out") }
                let values: [(name: String, value: String)] = variables.filter(\.enabled).map { ($0.key, BrunoRequest.text($0.value)) }
                workspace.environments.append((key, values))
                let secret = document.block("vars:secret")?.items.map { $0.hasPrefix("~") ? String($0.dropFirst()) : $0 } ?? []
                if !secret.isEmpty {
                    let empty: [(name: String, value: String)] = secret.map { ($0, "") }
                    workspace.privateEnvironments.append((key, empty))
                    secrets.formUnion(secret)
                    report.notes.append("environment \"\(key)\": secret variables \(secret.joined(separator: ", ")) are declared empty in the private file "
                                        + "(Bruno keeps their values outside the collection); fill them in there")
                }
            } else {
                let title = String(path.split(separator: "/").last!.dropLast(".bru".count))
                let request = BrunoRequest.request(document, title: title)
                let requestVariables = BrunoRequest.variables(document)
                BrunoImport.addVariables(requestVariables, place: path, collectionWide: false, to: &workspace, report: &report)
                if document.value("type", in: "meta").map({ !["http", "graphql"].contains($0) }) ?? false {
                    report.dropped.append("\(path): a \(document.value("type", in: "meta")!) request not carried over")
                    continue
                }
                if request.method.isEmpty {
                    report.dropped += request.dropped.map { "\(path): \($0)" }
                    continue
                }
                requests.append((folders, Double(document.value("seq", in: "meta") ?? "") ?? .infinity, request))
            }
        }
        tree.root.children = BrunoImport.tree(requests: requests, folderSettings: folderSettings)
        var conversion = SourceTreeConversion(origin: "Bruno", workspace: workspace, report: report)
        conversion.secretVariables = secrets
        return conversion.convert(tree)
    }

}
