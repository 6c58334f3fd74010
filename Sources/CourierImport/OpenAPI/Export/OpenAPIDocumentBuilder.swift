import Courier
import CourierWorkspace
import Foundation
import Yams

/// Gathers the workspace's requests into an OpenAPI 3.1 document (``OpenAPIExport``): one
/// operation per method and path, security schemes for the auth it meets, and a report.
struct OpenAPIDocumentBuilder {
    let workspace: Workspace
    let observed: [String: OpenAPIExport.Observed]
    private(set) var report = ImportReport()
    /// Path → its operations by method, in the order met; and the path item's own servers.
    private var paths: [(path: String, servers: [String]?, operations: [(method: String, node: Node, request: String)])] = []
    private var securitySchemes: [(name: String, node: Node)] = []

    init(workspace: Workspace, observed: [String: OpenAPIExport.Observed]) {
        self.workspace = workspace
        self.observed = observed
    }

    /// Adds request `definition` as an operation, or reports why it is not one.
    mutating func add(_ definition: RequestDefinition) {
        let place = "request \"\(definition.name)\""
        let base = workspace.baseURL(for: definition.name) ?? workspace.config.baseURL
        guard let target = OpenAPIRequestURL(definition.url, base: base) else {
            report.dropped.append("\(place): its URL \(definition.url) has no path OpenAPI can describe")
            return
        }
        let method = definition.method.rawValue.lowercased()
        guard ["get", "put", "post", "delete", "options", "head", "patch", "trace"].contains(method) else {
            report.dropped.append("\(place): the method \(definition.method.rawValue) has no place in OpenAPI 3.1")
            return
        }
        let servers = target.server.map { [$0] } ?? (base != workspace.config.baseURL ? base.map { [$0] } : nil)
        let shape = OpenAPIRequestURL.shape(of: target.path)
        if let index = paths.firstIndex(where: { OpenAPIRequestURL.shape(of: $0.path) == shape }) {
            if let other = paths[index].operations.first(where: { $0.method == method }) {
                report.dropped.append("\(place): \(method.uppercased()) \(paths[index].path) is already the operation of \"\(other.request)\"")
                return
            }
            guard paths[index].path == target.path else {
                report.dropped.append("\(place): \(target.path) is \(paths[index].path) with other parameter names")
                return
            }
            let node = operation(definition, target: target, place: place)
            paths[index].operations.append((method, node, definition.name))
        } else {
            let node = operation(definition, target: target, place: place)
            paths.append((target.path, servers, [(method, node, definition.name)]))
        }
        if !definition.expect.isEmpty {
            report.dropped.append("\(place): \(definition.expect.count) expect: check\(definition.expect.count == 1 ? "" : "s") (OpenAPI has none)")
        }
    }

    /// The whole document.
    func document() -> Node {
        var info: [(String, Node?)] = [("title", OpenAPINode.string(workspace.name)), ("version", OpenAPINode.string("0.1.0"))]
        info.append(("description", OpenAPINode.string("A skeleton made by `courier export openapi` from the Courier workspace "
            + "\((workspace.file as NSString).lastPathComponent): paths from its requests, examples and schemas from the responses "
            + "its history recorded. Review it before publishing it.")))
        let paths = OpenAPINode.map(self.paths.map { entry in
            var item: [(String, Node?)] = []
            if let servers = entry.servers { item.append(("servers", OpenAPINode.list(servers.map(server)))) }
            item += entry.operations.map { ($0.method, $0.node) }
            return (entry.path, OpenAPINode.map(item))
        })
        let components = securitySchemes.isEmpty ? nil
            : OpenAPINode.map([("securitySchemes", OpenAPINode.map(securitySchemes.map { ($0.name, $0.node) }))])
        return OpenAPINode.map([
            ("openapi", OpenAPINode.string("3.1.0")),
            ("info", OpenAPINode.map(info)),
            ("servers", workspace.config.baseURL.map { OpenAPINode.list([server($0)]) }),
            ("paths", paths),
            ("components", components),
        ])
    }

    /// A Server Object for a base URL template: `{{name}}` becomes the server variable `{name}`
    /// with the workspace's value (or an environment's) as its default.
    private func server(_ template: String) -> Node {
        let (url, names) = OpenAPIRequestURL.serverTemplate(template)
        let variables = names.map { name -> (String, Node?) in
            let value = workspace.variables[name] ?? workspace.environmentNames.lazy.compactMap { workspace.environments[$0]?[name] }.first
            return (name, OpenAPINode.map([
                ("default", OpenAPINode.string(value ?? (name == "demo" ? "http://127.0.0.1:8080" : ""))),
                ("description", OpenAPINode.string("Courier's {{\(name)}}")),
            ]))
        }
        return OpenAPINode.map([("url", OpenAPINode.string(url)), ("variables", variables.isEmpty ? nil : OpenAPINode.map(variables))])
    }

    private mutating func operation(_ definition: RequestDefinition, target: OpenAPIRequestURL, place: String) -> Node {
        var parameters = target.pathParameters.map { name in
            OpenAPINode.map([("name", OpenAPINode.string(name)), ("in", OpenAPINode.string("path")), ("required", Node("true", Tag(.bool))),
                             ("schema", OpenAPINode.map([("type", OpenAPINode.string("string"))]))])
        }
        var query = target.query
        let argumentsInQuery = definition.body == nil && [.get, .head, .delete, .options].contains(definition.method)
        if argumentsInQuery, let args = definition.args?.objectValue {
            let order = definition.argumentOrder.filter { args[$0] != nil } + args.keys.sorted().filter { !definition.argumentOrder.contains($0) }
            query += order.map { (name: $0, value: args[$0]!) }
        }
        parameters += query.map { parameter($0.name, in: "query", example: $0.value) }
        let skipped: Set<String> = ["authorization", "content-type", "accept", "cookie", "content-length"]
        parameters += definition.headers.filter { !skipped.contains($0.name.lowercased()) }.map { header in
            parameter(header.name, in: "header", example: .string(header.value), hidesExample: Redaction.isSensitiveHeader(header.name))
        }
        let folder = workspace.requestFolders[definition.name]
        return OpenAPINode.map([
            ("tags", folder.map { OpenAPINode.list([OpenAPINode.string($0)]) }),
            ("summary", definition.description.map(OpenAPINode.string)),
            ("operationId", OpenAPINode.string(definition.name)),
            ("parameters", parameters.isEmpty ? nil : OpenAPINode.list(parameters)),
            ("requestBody", OpenAPIRequestBody.node(definition, argumentsInQuery: argumentsInQuery, place: place, report: &report)),
            ("responses", responses(definition.name)),
            ("security", security(definition, place: place)),
        ])
    }

    private func parameter(_ name: String, in location: String, example: JSONValue, hidesExample: Bool = false) -> Node {
        let templated = example.stringValue.map { $0.contains("{{") } ?? false
        return OpenAPINode.map([
            ("name", OpenAPINode.string(name)), ("in", OpenAPINode.string(location)),
            ("schema", OpenAPISchemaInference.schema(for: templated ? .string("") : example)),
            ("example", hidesExample || templated || Redaction.isSensitiveKey(name) ? nil : OpenAPINode.json(example)),
        ])
    }

    private func responses(_ name: String) -> Node {
        guard let seen = observed[name] else {
            return OpenAPINode.map([("default", OpenAPINode.map([("description", OpenAPINode.string("No response recorded yet: describe it."))]))])
        }
        let day = ISO8601DateFormatter.string(from: seen.date, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        var response: [(String, Node?)] = [("description", OpenAPINode.string("As the history recorded it on \(day)."))]
        if let type = seen.contentType.map({ String($0.split(separator: ";")[0]).trimmingCharacters(in: .whitespaces).lowercased() }),
           !type.isEmpty, !seen.body.isEmpty {
            response.append(("content", OpenAPINode.map([(type, OpenAPIResponseContent.node(seen.body, mediaType: type))])))
        }
        return OpenAPINode.map([(String(seen.status), OpenAPINode.map(response))])
    }

    /// The operation's security requirement, its scheme added to the components once.
    private mutating func security(_ definition: RequestDefinition, place: String) -> Node? {
        guard let auth = definition.auth ?? workspace.folderAuth(for: definition.name) else { return nil }
        guard let (name, scheme) = OpenAPISecurityScheme.scheme(for: auth) else {
            report.dropped.append("\(place): \(auth.authentication.schemeDescription.title) auth has no OpenAPI security scheme")
            return nil
        }
        if !securitySchemes.contains(where: { $0.name == name }) { securitySchemes.append((name, scheme)) }
        return OpenAPINode.list([OpenAPINode.map([(name, OpenAPINode.list([]))])])
    }
}
