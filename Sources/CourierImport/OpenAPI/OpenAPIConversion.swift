import Courier
import Foundation
import OpenAPIKit
import CourierWorkspace

/// Turns a decoded OpenAPI document into a workspace: one request per operation, servers as
/// the base URL and environments, operations grouped into batches by tag. The parts live in
/// `OpenAPIConversion+*.swift`: servers, parameters, bodies, security.
struct OpenAPIConversion {
    let document: OpenAPI.Document
    let file: String
    var workspace = ImportedWorkspace()
    var report: ImportReport
    var naming = ImportNaming()
    /// `variables`, in the order first met; a later non-empty value fills an empty one.
    private(set) var variables: [(name: String, value: String)] = []
    /// Security schemes already explained in a note (one note per scheme, not per request).
    var explainedSchemes: Set<String> = []

    /// `report`: what reading the document already found.
    init(document: OpenAPI.Document, file: String, report: ImportReport = ImportReport()) {
        self.document = document
        self.file = file
        self.report = report
    }

    var components: OpenAPI.Components { document.components }

    /// The whole workspace.
    mutating func convert(version: String) -> ImportResult {
        workspace.name = document.info.title
        convertServers()
        var tagged: [(tag: String, requests: [String])] = (document.tags ?? []).map { ($0.name, []) }
        var untagged: [String] = []
        for (path, entry) in document.paths {
            guard let item = try? components.lookup(entry) else {
                report.dropped.append("path \(path.rawValue): its $ref could not be looked up in the document")
                continue
            }
            for endpoint in item.endpoints {
                guard let name = convertOperation(endpoint.operation, method: endpoint.method, path: path.rawValue, item: item) else {
                    continue
                }
                var tags: [String] = []
                for tag in endpoint.operation.tags ?? [] where !tags.contains(tag) { tags.append(tag) }
                if tags.isEmpty { untagged.append(name) }
                // Written as a folder, an operation goes under its first tag.
                if let tag = tags.first, let index = workspace.requests.lastIndex(where: { $0.definition.name == name }) {
                    workspace.requests[index].folders = [tag]
                }
                for tag in tags {
                    if let index = tagged.firstIndex(where: { $0.tag == tag }) {
                        tagged[index].requests.append(name)
                    } else {
                        tagged.append((tag, [name]))
                    }
                }
            }
        }
        for group in tagged where !group.requests.isEmpty {
            workspace.batches.append(.init(name: naming.unique(group.tag, fallback: "tag"), requests: group.requests,
                                           comments: [Self.oneLine("operations tagged \"\(group.tag)\"")]))
        }
        if !untagged.isEmpty {
            workspace.batches.append(.init(name: naming.unique("untagged"), requests: untagged, comments: ["operations without a tag"]))
        }
        if !document.webhooks.isEmpty {
            report.dropped.append("webhooks \(document.webhooks.keys.joined(separator: ", ")): requests the API sends, not ones to send")
        }
        workspace.variables = variables
        let declared = workspace.defineMissingVariables()
        if !declared.isEmpty {
            report.notes.append("declared empty: \(declared.joined(separator: ", ")); set them under variables or with --var")
        }
        workspace.header = header(version: version)
        return ImportResult(workspace: workspace, report: report)
    }

    /// One operation as a request, added to the workspace; its name, or nil when dropped.
    private mutating func convertOperation(_ operation: OpenAPI.Operation, method: OpenAPI.HttpMethod, path: String,
                                           item: OpenAPI.PathItem) -> String? {
        let title = method.rawValue.uppercased() + " " + path
        guard let httpMethod = HTTPMethod(normalizing: method.rawValue) else {
            report.dropped.append("operation \(operation.operationId ?? title): \"\(method.rawValue)\" is not an HTTP method (an RFC 9110 token)")
            return nil
        }
        let name = ImportedNames.unique(operation.operationId.map(Self.words) ?? title, fallback: "operation",
                                        place: "operation \(ImportedNames.shown(operation.operationId ?? title))", naming: &naming, report: &report)
        var request = RequestDefinition(name: name, location: SourceLocation(file: "", line: 0, column: 0))
        request.method = httpMethod
        let text = [operation.summary, operation.description].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        if !text.isEmpty { request.description = text.joined(separator: "\n\n") }
        var imported = ImportedWorkspace.Request(request)
        imported.comments = [Self.oneLine(title + (operation.operationId.map { " (operationId \($0))" } ?? ""))]
        if operation.deprecated { imported.comments.append("deprecated") }
        var query: [String] = []
        let urlPath = convertParameters(item.parameters, operation.parameters, path: path, into: &imported, query: &query)
        convertSecurity(operation, into: &imported, query: &query)
        convertBody(operation.requestBody, into: &imported)
        imported.definition.url = url(path: urlPath, query: query, servers: operation.servers ?? item.servers, name: name)
        if !operation.callbacks.isEmpty {
            report.dropped.append("request \"\(name)\": callbacks \(operation.callbacks.keys.joined(separator: ", ")) (requests the API sends)")
        }
        workspace.requests.append(imported)
        return name
    }

    /// The request's URL: relative to the base URL (no leading `/`, so that a base URL with
    /// a path keeps it), or absolute when the path or operation names servers of its own.
    private mutating func url(path: String, query: [String], servers: [OpenAPI.Server]?, name: String) -> String {
        var url = path.hasPrefix("/") ? String(path.dropFirst()) : path
        if let server = servers?.first {
            let base = serverURL(server)
            if base.contains("://") {
                url = (base.hasSuffix("/") ? base : base + "/") + url
                for (variable, value) in server.variables { declare(Self.variableName(variable), value.default) }
                report.notes.append("request \"\(name)\": sent to its own server \(server.urlTemplate.rawValue), not baseUrl")
            } else {
                report.dropped.append("request \"\(name)\": its own server \(server.urlTemplate.rawValue) (a relative URL); it uses baseUrl")
            }
        }
        return query.isEmpty ? url : url + "?" + query.joined(separator: "&")
    }

    /// Declares a variable; an empty one gets the first non-empty value offered later.
    mutating func declare(_ name: String, _ value: String) {
        if let index = variables.firstIndex(where: { $0.name == name }) {
            if variables[index].value.isEmpty { variables[index].value = value }
        } else {
            variables.append((name, value))
        }
    }

    /// A workspace variable name for a parameter or server variable: characters a name
    /// should not have become `_`; a built-in's name gets `_param` after it (`timestamp_param`)
    /// and one starting with `env.` `param_` before it, so that it stays the document's value.
    static func variableName(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || "_-.".contains($0) ? $0 : "_" })
        if result.isEmpty { result = "value" }
        if Template.builtIns.contains(result) { result += "_param" }
        if result.hasPrefix("env.") { result = "param_" + result }
        return result
    }

    /// `listPets` → `list Pets`, `getHTTPStatus` → `get HTTP Status`: camel case as words,
    /// so that the request name reads `list-pets`.
    static func words(_ identifier: String) -> String {
        var result = ""
        let characters = Array(identifier)
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    result.append(" ")
                }
            }
            result.append(character)
        }
        return result
    }

    /// `text` with its line breaks as spaces, for a comment line.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// The comment lines at the top: where the workspace came from and what it lacks.
    private func header(version: String) -> [String] {
        var lines = ["Imported from \(file) (OpenAPI \(version)): \(document.info.title) \(document.info.version)"]
        if !report.dropped.isEmpty {
            lines.append("Not carried over:")
            lines += report.dropped.map { "- " + $0 }
        }
        return lines.map(Self.oneLine)
    }
}
