import Foundation
import Courier
import CourierWorkspace

/// Insomnia's v4 export: a flat `resources` list, each resource with an `_id`, a `parentId`
/// and a `_type` (`workspace`, `request_group`, `request`, `environment`, `cookie_jar`, …),
/// read into a ``SourceTree`` in the order Insomnia shows them (`metaSortKey`).
struct InsomniaV4 {
    let file: String
    let resources: [JSONValue]
    private let children: [String: [JSONValue]]

    init(document: JSONValue, file: String) throws(ImportFailure) {
        self.file = file
        guard let resources = document["resources"]?.arrayValue else {
            throw ImportFailure(file: file, location: "$.resources", "an Insomnia v4 export has a \"resources\" array; this file has none")
        }
        self.resources = resources
        var children: [String: [JSONValue]] = [:]
        for resource in resources { children[resource.text("parentId") ?? "", default: []].append(resource) }
        self.children = children.mapValues { list in
            list.sorted { ($0["metaSortKey"]?.doubleValue ?? 0) < ($1["metaSortKey"]?.doubleValue ?? 0) }
        }
    }

    func result(workspace: ImportedWorkspace, report: ImportReport) throws(ImportFailure) -> ImportResult {
        var workspace = workspace
        var report = report
        let workspaces = resources.filter { $0.text("_type") == "workspace" }
        guard !workspaces.isEmpty else {
            throw ImportFailure(file: file, location: "$.resources", "the export holds no workspace (no resource of _type: workspace)")
        }
        var titles: [String: String] = [:]
        for resource in resources where resource.text("_type") == "request" { titles[resource.text("_id") ?? ""] = resource.text("name") ?? "" }
        var reader = InsomniaRequestReader(templates: InsomniaTemplates(titles: titles))
        var tree = SourceTree()
        var environmentNaming = ImportNaming()
        for root in workspaces {
            let id = root.text("_id") ?? ""
            let nodes = self.nodes(under: id, folders: workspaces.count > 1 ? [root.text("name") ?? ""] : [], reader: &reader, report: &report)
            if workspaces.count > 1 {
                tree.root.children.append(.folder(SourceTree.Folder(title: root.text("name") ?? "", children: nodes)))
            } else {
                tree.root.children = nodes
                workspace.name = root.text("name").map(ImportedWorkspace.oneLine)
            }
            environments(of: id, templates: &reader.templates, naming: &environmentNaming, workspace: &workspace, report: &report)
        }
        if workspaces.count > 1 { report.notes.append("the export holds \(workspaces.count) workspaces: each is a folder") }
        unsupported(&report)
        report.dropped += reader.templates.dropped
        var conversion = SourceTreeConversion(origin: "Insomnia", workspace: workspace, report: report)
        conversion.capturesByID = reader.templates.captures
        conversion.secretVariables = Set(workspace.privateEnvironments.flatMap { $0.variables.map(\.name) })
        return conversion.convert(tree)
    }

    private func nodes(under parent: String, folders: [String], reader: inout InsomniaRequestReader, report: inout ImportReport) -> [SourceTree.Node] {
        var nodes: [SourceTree.Node] = []
        for resource in children[parent] ?? [] {
            let id = resource.text("_id") ?? ""
            let title = resource.text("name") ?? ""
            let place = ((folders + [title]).map { $0.isEmpty ? "(unnamed)" : $0 }).joined(separator: " / ")
            switch resource.text("_type") {
            case "request":
                nodes.append(.request(reader.request(resource, id: id, place: "request \"\(place)\"")))
            case "request_group":
                var folder = reader.folder(resource, title: title, place: "folder \"\(place)\"")
                folder.children = self.nodes(under: id, folders: folders + [title], reader: &reader, report: &report)
                nodes.append(.folder(folder))
            case "grpc_request", "websocket_request":
                report.dropped.append("\(resource.text("_type") == "grpc_request" ? "gRPC" : "WebSocket") request \"\(place)\" not carried over")
            default:
                break
            }
        }
        return nodes
    }

    /// The base environment (the workspace's) as `variables`, its sub-environments as environments.
    private func environments(of workspaceID: String, templates: inout InsomniaTemplates, naming: inout ImportNaming,
                              workspace: inout ImportedWorkspace, report: inout ImportReport) {
        for base in (children[workspaceID] ?? []) where base.text("_type") == "environment" {
            let place = "environment \"\(base.text("name") ?? "")\""
            let values = InsomniaImport.variables(base["data"], order: InsomniaImport.order(base["dataPropertyOrder"]),
                                                  templates: &templates, place: place, notes: &report.notes)
            for value in values where !workspace.variables.contains(where: { $0.name == value.name }) { workspace.variables.append(value) }
            for sub in children[base.text("_id") ?? ""] ?? [] where sub.text("_type") == "environment" {
                let name = sub.text("name") ?? ""
                let variables = InsomniaImport.variables(sub["data"], order: InsomniaImport.order(sub["dataPropertyOrder"]),
                                                         templates: &templates, place: "environment \"\(name)\"", notes: &report.notes)
                InsomniaImport.addEnvironment(name, variables: variables, isPrivate: sub.isTrue("isPrivate"),
                                              naming: &naming, workspace: &workspace, report: &report)
            }
        }
    }

    /// Resources Courier has no counterpart for.
    private func unsupported(_ report: inout ImportReport) {
        for resource in resources {
            let name = resource.text("name") ?? ""
            switch resource.text("_type") {
            case "cookie_jar":
                let count = resource.array("cookies").count
                if count > 0 { report.dropped.append("cookie jar \"\(name)\": \(count) cookie(s) not carried over (Courier keeps the cookies a run is sent)") }
            case "unit_test":
                report.dropped.append("unit test \"\(name)\" not run (its checks are JavaScript)")
            case "api_spec":
                if !(resource.text("contents") ?? "").isEmpty {
                    report.notes.append("the workspace's API spec is not imported here: save it and run courier import openapi on it")
                }
            case "proto_file", "proto_directory":
                report.dropped.append("proto file \"\(name)\" not carried over (gRPC)")
            default:
                break
            }
        }
    }
}
