import Courier
import Foundation
import CourierWorkspace

/// `courier export postman WORKSPACE`: the workspace as a Postman collection v2.1, with its
/// environments as Postman environment files, and what a collection cannot hold reported.
///
/// Requests keep their names, methods, URLs (a relative URL under `{{baseUrl}}`, the config's
/// base URL as a collection variable), headers, query arguments, bodies (JSON and text as raw,
/// forms as urlencoded, multipart as formdata, files, GraphQL) and basic and bearer auth; a
/// folder workspace's folders are folders. `{{name}}` is Postman's syntax too. `status == N`
/// checks become `pm.test` scripts. Batches, chains, other checks and auth kinds, cache,
/// retry and TLS settings have no place in a collection: the report lists them.
public enum PostmanExport {
    /// The collection's text and the environments' (name → text), and the report.
    public struct Result: Sendable {
        public var collection: String
        public var environments: [(name: String, text: String)]
        public var report: ImportReport
    }

    public static let schemaURL = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    public static func result(workspace: Workspace) -> Result {
        var report = ImportReport()
        var root: [JSONValue] = []
        var folders: [String: [JSONValue]] = [:]
        for name in workspace.requestNames {
            guard let definition = workspace.requests[name] else { continue }
            let item = self.item(definition, report: &report)
            if let folder = workspace.requestFolders[name] { folders[folder, default: []].append(item) } else { root.append(item) }
        }
        let items = folderItems(in: "", folders: folders, all: RequestFolders.all(folders.keys)) + root
        var variables = workspace.variables.keys.sorted().map { variable($0, workspace.variables[$0]!) }
        if let base = workspace.config.baseURL { variables.insert(variable("baseUrl", base), at: 0) }
        var collection: [String: JSONValue] = [
            "info": .object(["name": .string(workspace.name), "schema": .string(schemaURL),
                             "description": .string("Exported from the Courier workspace \(workspace.file).")]),
            "item": .array(items),
        ]
        if !variables.isEmpty { collection["variable"] = .array(variables) }
        for name in workspace.batchNames { report.dropped.append("batch \"\(name)\": a collection has no batches (its requests are exported)") }
        for name in workspace.chainNames {
            report.dropped.append("chain \"\(name)\": a collection has no chains or captures (its requests are exported)")
        }
        if !workspace.config.secrets.isEmpty {
            report.notes.append("{{secret.NAME}} stays as written: define those variables in Postman's vault or an environment")
        }
        let environments = workspace.environmentNames.map { name in
            let values = (workspace.environments[name] ?? [:]).keys.sorted().map { key -> JSONValue in
                .object(["key": .string(key), "value": .string(workspace.environments[name]![key]!), "enabled": .bool(true)])
            }
            let document: JSONValue = .object(["name": .string(name), "values": .array(values),
                                               "_postman_variable_scope": .string("environment")])
            return (name, text(document))
        }
        return Result(collection: text(.object(collection)), environments: environments, report: report)
    }

    private static func text(_ value: JSONValue) -> String {
        String(decoding: value.serialized(prettyPrinted: true), as: UTF8.self) + "\n"
    }

    private static func variable(_ key: String, _ value: String) -> JSONValue {
        .object(["key": .string(key), "value": .string(value), "type": .string("string")])
    }

    /// The folders in `folder`, each an item group with its folders first, then its requests.
    private static func folderItems(in folder: String, folders: [String: [JSONValue]],
                                    all: Set<String>) -> [JSONValue] {
        RequestFolders.children(of: folder, in: all).map { path in
            .object(["name": .string(String(path.split(separator: "/").last ?? "")),
                     "item": .array(folderItems(in: path, folders: folders, all: all) + (folders[path] ?? []))])
        }
    }

    /// One request item.
    private static func item(_ definition: RequestDefinition, report: inout ImportReport) -> JSONValue {
        let place = "request \"\(definition.name)\""
        var request: [String: JSONValue] = ["method": .string(definition.method.rawValue)]
        let isAbsolute = definition.url.contains("://") || definition.url.hasPrefix("{{")
        var raw = isAbsolute ? definition.url : "{{baseUrl}}" + (definition.url.hasPrefix("/") ? "" : "/") + definition.url
        var query: [JSONValue] = []
        let argumentsInQuery = definition.body == nil && [.get, .head, .delete, .options].contains(definition.method)
        if let args = definition.args?.objectValue {
            let pairs = definition.argumentOrder.filter { args[$0] != nil } + args.keys.sorted().filter { !definition.argumentOrder.contains($0) }
            let fields = pairs.map { key -> JSONValue in .object(["key": .string(key), "value": .string(plain(args[key]!))]) }
            if argumentsInQuery {
                query = fields
                raw += (raw.contains("?") ? "&" : "?") + pairs.map { "\($0)=\(plain(args[$0]!))" }.joined(separator: "&")
            } else if definition.body == nil {
                request["body"] = .object(["mode": .string("urlencoded"), "urlencoded": .array(fields)])
            } else {
                report.dropped.append("\(place): args beside a body (the body is exported)")
            }
        }
        var url: [String: JSONValue] = ["raw": .string(raw)]
        if !query.isEmpty { url["query"] = .array(query) }
        request["url"] = .object(url)
        request["header"] = .array(definition.headers.map { .object(["key": .string($0.name), "value": .string($0.value)]) })
        if let body = definition.body, let exported = self.body(body, place: place, report: &report) { request["body"] = exported }
        if let auth = definition.auth { request["auth"] = self.auth(auth, place: place, report: &report) }
        if let description = definition.description { request["description"] = .string(description) }
        var item: [String: JSONValue] = ["name": .string(definition.name), "request": .object(request)]
        let tests = statusTests(definition, place: place, report: &report)
        if !tests.isEmpty {
            item["event"] = .array([.object(["listen": .string("test"),
                                             "script": .object(["type": .string("text/javascript"), "exec": .array(tests.map(JSONValue.string))])])])
        }
        if definition.cache != nil || definition.retry != nil || definition.tls != nil || definition.download != nil {
            report.dropped.append("\(place): cache, retry, TLS and download settings (a collection has none)")
        }
        return .object(item)
    }

    private static func plain(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .null: return ""
        default: return String(decoding: value.serialized(), as: UTF8.self)
        }
    }

    private static func body(_ body: RequestDefinition.Body, place: String, report: inout ImportReport) -> JSONValue? {
        switch body {
        case .json(let value):
            return .object(["mode": .string("raw"), "raw": .string(String(decoding: value.serialized(prettyPrinted: true), as: UTF8.self)),
                            "options": .object(["raw": .object(["language": .string("json")])])])
        case .form(let value, let order):
            let object = value.objectValue ?? [:]
            let keys = order.filter { object[$0] != nil } + object.keys.sorted().filter { !order.contains($0) }
            return .object(["mode": .string("urlencoded"),
                            "urlencoded": .array(keys.map { .object(["key": .string($0), "value": .string(plain(object[$0]!))]) })])
        case .text(let text, _):
            return .object(["mode": .string("raw"), "raw": .string(text)])
        case .file(let path, _):
            return .object(["mode": .string("file"), "file": .object(["src": .string(path)])])
        case .multipart(let parts):
            return .object(["mode": .string("formdata"), "formdata": .array(parts.map { part in
                part.file.map { .object(["key": .string(part.name), "type": .string("file"), "src": .string($0)]) }
                    ?? .object(["key": .string(part.name), "type": .string("text"), "value": .string(part.value ?? "")])
            })])
        case .graphql(let graphql):
            let variables = graphql.variables.map { String(decoding: $0.serialized(prettyPrinted: true), as: UTF8.self) } ?? ""
            if graphql.isFile { report.notes.append("\(place): the GraphQL query is a file (\(graphql.query)); its path is exported as the query") }
            return .object(["mode": .string("graphql"), "graphql": .object(["query": .string(graphql.query), "variables": .string(variables)])])
        }
    }

    private static func auth(_ auth: RequestDefinition.Auth, place: String, report: inout ImportReport) -> JSONValue {
        func pairs(_ type: String, _ values: [(String, String)]) -> JSONValue {
            .object(["type": .string(type), type: .array(values.map { .object(["key": .string($0.0), "value": .string($0.1), "type": .string("string")]) })])
        }
        if case .scheme(let authentication) = auth {
            if let basic = authentication.scheme(as: BasicAuth.self) { return pairs("basic", [("username", basic.user), ("password", basic.password)]) }
            if let bearer = authentication.scheme(as: BearerAuth.self) { return pairs("bearer", [("token", bearer.token)]) }
        }
        report.dropped.append("\(place): \(auth.authentication.schemeDescription.title) auth (exported as none: set it in Postman)")
        return .object(["type": .string("noauth")])
    }

    /// `status == N` checks as `pm.test` lines; the other checks are listed as not carried over.
    private static func statusTests(_ definition: RequestDefinition, place: String, report: inout ImportReport) -> [String] {
        var lines: [String] = []
        var others = 0
        for expectation in definition.expect {
            guard case .check(let check) = expectation else {
                others += 1
                continue
            }
            let text = check.text.trimmingCharacters(in: .whitespaces)
            let parts = text.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count == 3, parts[0] == "status", parts[1] == "==", let code = Int(parts[2]) {
                lines.append("pm.test(\"status == \(code)\", function () { pm.response.to.have.status(\(code)); });")
            } else {
                others += 1
            }
        }
        if others > 0 { report.dropped.append("\(place): \(others) expect: check\(others == 1 ? "" : "s") other than status == N") }
        return lines
    }
}
