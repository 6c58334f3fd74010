import Courier
import Foundation
import CourierWorkspace

/// Imports a Postman collection (v2.0 or v2.1) and its environment files as a workspace.
///
/// Each request becomes a workspace request named from its folders and its name
/// (`users-list-users`); each folder becomes a batch of its requests and subfolders' batches
/// (named after the folder path, `users`, `users-admin`); the batch `all` runs the whole
/// collection. Collection variables become `variables`, each environment file an
/// environment. What cannot be carried over — scripts, other auth types, Postman dynamic
/// variables without a Courier built-in — is listed in the report.
public enum PostmanImport {
    /// `courier import postman COLLECTION.json [--environment ENV.json]...`
    ///
    /// - Parameters:
    ///   - collection: the collection file's bytes; `file` is its name for messages.
    ///   - environments: Postman environment files, each becoming an environment.
    /// - Throws: ``ImportFailure`` when the collection or an environment is not JSON, or is
    ///   not a v2 collection (no `info` or `item`) or an environment (no `values`).
    public static func result(collection: Data, file: String, environments: [(file: String, data: Data)] = []) throws(ImportFailure) -> ImportResult {
        var converter = try PostmanConverter(collection: collection, file: file)
        for environment in environments {
            try converter.addEnvironment(file: environment.file, data: environment.data)
        }
        converter.convertItems()
        return converter.finish()
    }
}

/// The schema version a collection declares in `info.schema`.
enum PostmanSchema: String {
    case v2_0 = "v2.0"
    case v2_1 = "v2.1"
}

/// The state of one collection's import: the workspace being built and the report.
struct PostmanConverter {
    let file: String
    let document: JSONValue
    var schema: PostmanSchema = .v2_1
    var workspace = ImportedWorkspace()
    var report = ImportReport()
    var naming = ImportNaming()
    var dynamic: PostmanDynamicVariables
    /// Variables of `type: "secret"` and where they are (`the collection`, `environment "Local"`).
    var secrets: [(place: String, names: [String])] = []
    /// Files that bodies read, as the collection names them.
    var files: [String] = []
    /// Saved example responses seen, and in how many requests.
    var examples = (responses: 0, requests: 0)
    private var environmentNaming = ImportNaming()

    /// Reads the collection's `info` and `variable`s; fails when it is not a v2 collection.
    init(collection: Data, file: String) throws(ImportFailure) {
        self.file = file
        document = try PostmanJSON.parse(collection, file: file)
        dynamic = PostmanDynamicVariables()
        let members = try PostmanJSON.object(document, file: file, expected: "a Postman collection")
        guard let info = members["info"] else {
            if members["requests"] != nil || members["order"] != nil {
                throw ImportFailure(file: file, location: "$.info", "this is a Postman v1 collection (it has \"requests\" and no \"info\"); "
                                    + "export it from Postman as Collection v2.1 and import that")
            }
            throw ImportFailure(file: file, location: "$.info", "a Postman collection has an \"info\" object; this file has none")
        }
        guard info.objectValue != nil else {
            throw ImportFailure(file: file, location: "$.info", "expected an object, found \(PostmanJSON.kind(of: info))")
        }
        guard let items = members["item"] else {
            throw ImportFailure(file: file, location: "$.item", "a Postman collection has an \"item\" array; this file has none")
        }
        guard items.arrayValue != nil else {
            throw ImportFailure(file: file, location: "$.item", "expected an array of requests and folders, found \(PostmanJSON.kind(of: items))")
        }
        readInfo(info)
        let list = PostmanVariableList(document.array("variable"), place: "the collection", dynamic: &dynamic)
        workspace.variables = list.variables
        record(list, place: "the collection")
    }

    /// Name, schema version and description.
    private mutating func readInfo(_ info: JSONValue) {
        let declared = info.text("schema") ?? ""
        if declared.contains("v2.0") {
            schema = .v2_0
        } else if !declared.contains("v2.1") {
            report.notes.append(declared.isEmpty ? "the collection names no schema: read as v2.1"
                                                 : "the collection's schema \(declared) is not v2.0 or v2.1: read as v2.1")
        }
        if let name = info.text("name"), !name.isEmpty {
            workspace.name = ImportedWorkspace.oneLine(name)
            if workspace.name != name { report.notes.append("the collection's name has line breaks or control characters: written as \"\(workspace.name!)\"") }
        }
        workspace.header = ["Imported from \(URL(fileURLWithPath: file).lastPathComponent) (Postman collection \(schema.rawValue))".asCommentLine]
        let description = Self.description(info["description"]) ?? ""
        let lines = description.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).asCommentLine.trimmingCharacters(in: .whitespaces) }
        if !description.isEmpty {
            workspace.header += lines.prefix(20)
            if lines.count > 20 { workspace.header.append("…") }
        }
    }

    /// A Postman description: a string, or `{content, type}`.
    static func description(_ value: JSONValue?) -> String? {
        let text = value?.text ?? value?.text("content")
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Adds an environment file as a workspace environment, named by a slug of its name.
    mutating func addEnvironment(file: String, data: Data) throws(ImportFailure) {
        let (name, list) = try PostmanEnvironment.read(file: file, data: data, dynamic: &dynamic)
        let key = environmentNaming.unique(name, fallback: "environment")
        if key != name { report.notes.append("environment \"\(name)\" (\(file)) is \"\(key)\": courier run --env \(key)") }
        workspace.environments.append((key, list.variables))
        record(list, place: "environment \"\(key)\"")
    }

    /// Reports a variable list's switched-off and unnamed entries and remembers its secrets.
    private mutating func record(_ list: PostmanVariableList, place: String) {
        if !list.switchedOff.isEmpty {
            report.dropped.append("\(place): variables switched off in Postman left out: " + list.switchedOff.joined(separator: ", "))
        }
        if list.unnamed > 0 { report.dropped.append("\(place): \(list.unnamed) variable(s) without a name left out") }
        for name in list.renamed {
            report.notes.append("\(place): variable \"\(ImportedNames.shown(name))\" is named \"\(ImportedNames.shown(ImportedNames.variableName(name)))\" "
                                + "(line breaks and control characters become spaces, a name has at most \(ImportedNames.maximumVariableLength) characters); "
                                + "the placeholders that use it too")
        }
        if !list.secrets.isEmpty { secrets.append((place, list.secrets)) }
    }

    /// Converts every request and folder of the collection, and the batch `all`.
    mutating func convertItems() {
        let all = naming.unique("all")
        let collectionAuth = PostmanAuth(document["auth"], convert: { dynamic.convert($0, at: "the collection's auth") })?
            .inherited(from: "the collection")
        scripts(document["event"], at: "the collection")
        let members = walk(document.array("item"), at: "$.item", folders: [], auth: collectionAuth)
        guard !members.isEmpty else {
            report.notes.append("the collection has no requests")
            return
        }
        workspace.batches.insert(.init(name: all, requests: members, comments: ["the whole collection"]), at: 0)
        if workspace.batches.count > 1 {
            let folders = workspace.batches.dropFirst().map(\.name).joined(separator: ", ")
            report.notes.append("each folder is a batch of its requests and subfolders (\(folders)); the batch \"\(all)\" runs the whole collection")
        }
    }

    /// The workspace with its secrets marked, missing variables declared and the report
    /// completed.
    mutating func finish() -> ImportResult {
        report.dropped += ImportedVariableCycles.breakCycles(in: &workspace)
        markSecrets()
        dynamic.report(into: &report)
        if examples.responses > 0 {
            report.dropped.append("\(examples.responses) saved example response(s) in \(examples.requests) request(s) not carried over")
        }
        if !files.isEmpty {
            report.notes.append("bodies read files (\(files.joined(separator: ", "))): Courier reads a relative path from the workspace's folder "
                                + "and a file must be inside it (COURIER_ALLOW_PATHS allows other folders)")
        }
        let unknownDynamic = Set(dynamic.unknown.map(\.name))
        let declared = workspace.defineMissingVariables().filter { !unknownDynamic.contains($0) }
        if !declared.isEmpty {
            report.notes.append("declared as empty variables, as nothing in the collection or its environments defines them: "
                                + declared.joined(separator: ", "))
        }
        return ImportResult(workspace: workspace, report: report)
    }

    /// Lists `{{secret}}` under `sensitive` in each request that uses a secret variable
    /// (directly or through another variable), and says so once per place.
    private mutating func markSecrets() {
        guard !secrets.isEmpty else { return }
        var secret = Set(secrets.flatMap(\.names))
        let values = workspace.variables + workspace.environments.flatMap(\.variables)
        var grew = true
        while grew {
            grew = false
            for (name, value) in values
            where !secret.contains(name) && Template.references(in: value).contains(where: secret.contains) {
                secret.insert(name)
                grew = true
            }
        }
        for index in workspace.requests.indices {
            let definition = workspace.requests[index].definition
            let used = Template.references(in: RequestYAML.block(for: definition, name: definition.name))
            for name in used where secret.contains(name) && !workspace.requests[index].definition.sensitive.contains("{{\(name)}}") {
                workspace.requests[index].definition.sensitive.append("{{\(name)}}")
            }
        }
        for (place, names) in secrets {
            report.notes.append("\(place): secret variable(s) \(names.joined(separator: ", ")) written into the workspace as they are "
                                + "(keep the file private); the requests that use them list them under sensitive")
        }
    }
}
