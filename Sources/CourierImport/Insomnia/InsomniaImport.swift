import Courier
import Foundation
import CourierWorkspace

/// Imports an Insomnia export as a workspace: the v4 export (`_type: export`,
/// `__export_format: 4`, JSON or YAML: resources linked by `parentId`) or a v5 file (YAML,
/// `type: collection.insomnia.rest/5.0`: a `collection` tree of requests and folders with
/// `children`), told apart by their content.
///
/// Requests become workspace requests named from their folders and names, folders batches
/// (and the requests' folders under `--layout folder`), the base environment's values
/// `variables` and each sub-environment an environment (a private one goes to the private
/// file). `{{ _.name }}` becomes `{{name}}`; a `{% response %}` tag reading another request's
/// JSON body or header becomes a capture of that request, which a chain runs first. Scripts,
/// cookie jars, folder environments, unit tests, gRPC and WebSocket requests are listed in the
/// report as not carried over.
public enum InsomniaImport {
    /// `courier import insomnia FILE`: `data` is the file's bytes, `file` its name for messages.
    /// - Throws: ``ImportFailure`` when it is not JSON or YAML (at the line and column), or not
    ///   an Insomnia v4 or v5 export.
    public static func result(export data: Data, file: String) throws(ImportFailure) -> ImportResult {
        let document = try parse(data, file: file)
        guard document.objectValue != nil else {
            throw ImportFailure(file: file, location: "$", "expected an Insomnia export (an object), found \(PostmanJSON.kind(of: document))")
        }
        var workspace = ImportedWorkspace()
        var report = ImportReport()
        let source = URL(fileURLWithPath: file).lastPathComponent
        if document.text("_type") == "export" {
            let format = document.text("__export_format") ?? "?"
            if format != "4" { report.notes.append("the export's format is \(format), read as format 4") }
            workspace.header = ["Imported from \(source) (Insomnia export, format \(format))".asCommentLine]
            return try InsomniaV4(document: document, file: file).result(workspace: workspace, report: report)
        }
        if let type = document.text("type"), type.hasSuffix(".insomnia.rest/5.0") {
            workspace.header = ["Imported from \(source) (Insomnia \(type))".asCommentLine]
            return InsomniaV5(document: document).result(workspace: workspace, report: report)
        }
        if document["resources"] != nil {
            throw ImportFailure(file: file, location: "$._type", "an Insomnia v4 export has _type: export; this file has none")
        }
        throw ImportFailure(file: file, location: "$", "not an Insomnia export: expected _type: export (v4) or type: collection.insomnia.rest/5.0 (v5)")
    }

    /// JSON when it starts with `{`, else YAML.
    private static func parse(_ data: Data, file: String) throws(ImportFailure) -> JSONValue {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "{") ? try PostmanJSON.parse(data, file: file) : try ImportedYAML.value(data, file: file)
    }

    /// An environment's `data` as variables, in `order` (Insomnia's `dataPropertyOrder`) then
    /// by name; an object or list value is written as JSON text.
    static func variables(_ data: JSONValue?, order: [String], templates: inout InsomniaTemplates, place: String,
                          notes: inout [String]) -> [(name: String, value: String)] {
        guard let members = data?.objectValue else { return [] }
        let names = order.filter { members[$0] != nil } + members.keys.filter { !order.contains($0) }.sorted()
        return names.map { name -> (name: String, value: String) in
            let value = members[name]!
            if let text = value.text { return (name, templates.convert(text, at: place)) }
            if !value.isNull { notes.append("\(place): \(name) is \(PostmanJSON.kind(of: value)), written as JSON text ({{ _.\(name).key }} does not reach into it)") }
            return (name, value.isNull ? "" : value.description)
        }
    }

    /// `dataPropertyOrder: {"&": [names]}`.
    static func order(_ value: JSONValue?) -> [String] {
        value?["&"]?.arrayValue?.compactMap(\.text) ?? []
    }

    /// Adds a sub-environment: public, or private (its values to the private file).
    static func addEnvironment(_ name: String, variables: [(name: String, value: String)], isPrivate: Bool,
                               naming: inout ImportNaming, workspace: inout ImportedWorkspace, report: inout ImportReport) {
        let key = naming.unique(name, fallback: "environment")
        if key != name { report.notes.append("environment \"\(name)\" is \"\(key)\": courier run --env \(key)") }
        if isPrivate {
            workspace.environments.append((key, []))
            workspace.privateEnvironments.append((key, variables))
            report.notes.append("environment \"\(key)\" is private in Insomnia: its values go to the workspace's private file")
        } else {
            workspace.environments.append((key, variables))
        }
    }
}
