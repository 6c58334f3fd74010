import Foundation
import Courier
import CourierWorkspace

/// Insomnia's v5 file (Insomnia 11 and later, YAML): `collection` is a tree whose folders
/// have `children`, each item's id under `meta.id`; `environments` is the base environment
/// with `data` and `subEnvironments`; `cookieJar` and, for a design document, `spec` beside them.
struct InsomniaV5 {
    let document: JSONValue

    func result(workspace: ImportedWorkspace, report: ImportReport) -> ImportResult {
        var workspace = workspace
        var report = report
        workspace.name = document.text("name").map(ImportedWorkspace.oneLine)
        var titles: [String: String] = [:]
        collectTitles(document.array("collection"), into: &titles)
        var reader = InsomniaRequestReader(templates: InsomniaTemplates(titles: titles))
        var tree = SourceTree()
        tree.root.children = nodes(document.array("collection"), folders: [], reader: &reader, report: &report)
        environments(templates: &reader.templates, workspace: &workspace, report: &report)
        let cookies = document["cookieJar"]?.array("cookies").count ?? 0
        if cookies > 0 { report.dropped.append("cookie jar: \(cookies) cookie(s) not carried over (Courier keeps the cookies a run is sent)") }
        for suite in document.array("testSuites") {
            for test in suite.array("tests") { report.dropped.append("unit test \"\(test.text("name") ?? "")\" not run (its checks are JavaScript)") }
        }
        if document["spec"]?["contents"] != nil {
            report.notes.append("the document's API spec is not imported here: save it and run courier import openapi on it")
        }
        report.dropped += reader.templates.dropped
        var conversion = SourceTreeConversion(origin: "Insomnia", workspace: workspace, report: report)
        conversion.capturesByID = reader.templates.captures
        conversion.secretVariables = Set(workspace.privateEnvironments.flatMap { $0.variables.map(\.name) })
        return conversion.convert(tree)
    }

    private func collectTitles(_ items: [JSONValue], into titles: inout [String: String]) {
        for item in items {
            if let children = item["children"]?.arrayValue {
                collectTitles(children, into: &titles)
            } else if let id = item["meta"]?.text("id") {
                titles[id] = item.text("name") ?? ""
            }
        }
    }

    private func nodes(_ items: [JSONValue], folders: [String], reader: inout InsomniaRequestReader, report: inout ImportReport) -> [SourceTree.Node] {
        var nodes: [SourceTree.Node] = []
        for item in items {
            let title = item.text("name") ?? ""
            let place = (folders + [title]).map { $0.isEmpty ? "(unnamed)" : $0 }.joined(separator: " / ")
            let id = item["meta"]?.text("id") ?? ""
            if id.hasPrefix("fld_") || item["children"] != nil {
                var folder = reader.folder(item, title: title, place: "folder \"\(place)\"")
                folder.children = self.nodes(item.array("children"), folders: folders + [title], reader: &reader, report: &report)
                nodes.append(.folder(folder))
            } else if id.hasPrefix("greq_") || id.hasPrefix("ws-req_") || item["protoMethodName"] != nil {
                report.dropped.append("\(id.hasPrefix("greq_") || item["protoMethodName"] != nil ? "gRPC" : "WebSocket") request \"\(place)\" not carried over")
            } else {
                nodes.append(.request(reader.request(item, id: id.isEmpty ? nil : id, place: "request \"\(place)\"")))
            }
        }
        return nodes
    }

    /// `environments`: the base's `data` as `variables`, each of `subEnvironments` an environment.
    private func environments(templates: inout InsomniaTemplates, workspace: inout ImportedWorkspace, report: inout ImportReport) {
        guard let base = document["environments"], base.objectValue != nil else { return }
        let place = "environment \"\(base.text("name") ?? "")\""
        workspace.variables += InsomniaImport.variables(base["data"], order: InsomniaImport.order(base["dataPropertyOrder"]),
                                                        templates: &templates, place: place, notes: &report.notes)
        var naming = ImportNaming()
        for sub in base.array("subEnvironments") {
            let name = sub.text("name") ?? ""
            let variables = InsomniaImport.variables(sub["data"], order: InsomniaImport.order(sub["dataPropertyOrder"]),
                                                     templates: &templates, place: "environment \"\(name)\"", notes: &report.notes)
            InsomniaImport.addEnvironment(name, variables: variables, isPrivate: sub["meta"]?.isTrue("isPrivate") ?? sub.isTrue("isPrivate"),
                                          naming: &naming, workspace: &workspace, report: &report)
        }
    }
}
