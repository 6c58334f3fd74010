import Courier
import Foundation
import CourierWorkspace

/// A collection in Bruno's YAML format, OpenCollection: `opencollection.yml` (`info.name`,
/// `request` with headers, auth and variables for every request), a `folder.yml` per folder,
/// a `.yml` file per request (`info`, `http` or `graphql` with method, url, headers, params,
/// body and auth, `runtime` with variables, scripts, assertions and actions, `docs`), and
/// `environments/*.yml` (`variables`, each possibly `secret: true`).
enum OpenCollectionImport {
    static func result(files: BrunoImport.Files, name folder: String) throws(ImportFailure) -> ImportResult {
        var workspace = ImportedWorkspace()
        var report = ImportReport()
        var tree = SourceTree()
        var requests: [(folders: [String], seq: Double, request: SourceTree.Request)] = []
        var folderSettings: [[String]: (folder: SourceTree.Folder, seq: Double)] = [:]
        var secrets: Set<String> = []
        var naming = ImportNaming()
        workspace.header = ["Imported from the Bruno collection \(URL(fileURLWithPath: folder).lastPathComponent) (OpenCollection YAML)".asCommentLine]
        for (path, data) in files.sorted(by: { $0.path < $1.path }) where path.hasSuffix(".yml") || path.hasSuffix(".yaml") {
            let document = try ImportedYAML.value(data, file: folder + "/" + path)
            let folders = BrunoImport.folders(of: path)
            let base = String(path.split(separator: "/").last!.split(separator: ".").dropLast().joined(separator: "."))
            if folders.isEmpty, base == "opencollection" {
                workspace.name = document["info"]?.text("name").map(ImportedWorkspace.oneLine)
                tree.root = Self.folder(document, title: "")
                BrunoImport.addVariables(variables(document["request"]?.array("variables")), place: path, collectionWide: true, to: &workspace, report: &report)
            } else if base == "folder" {
                folderSettings[folders] = (Self.folder(document, title: document["info"]?.text("name") ?? folders.last ?? ""),
                                           document["info"]?["seq"]?.doubleValue ?? .infinity)
                BrunoImport.addVariables(variables(document["request"]?.array("variables")), place: path, collectionWide: false, to: &workspace, report: &report)
            } else if folders == ["environments"] {
                let name = document.text("name") ?? base
                let key = naming.unique(name, fallback: "environment")
                if key != name { report.notes.append("environment \"\(name)\" is \"\(key)\": courier run --env \(key)") }
                let entries = document.array("variables")
                let secret = entries.filter { $0.isTrue("secret") }.compactMap { $0.text("name") }
                workspace.environments.append((key, variables(entries.filter { !$0.isTrue("secret") })))
                if !secret.isEmpty {
                    workspace.privateEnvironments.append((key, variables(entries.filter { $0.isTrue("secret") })))
                    secrets.formUnion(secret)
                    report.notes.append("environment \"\(key)\": secret variables \(secret.joined(separator: ", ")) go to the workspace's private file")
                }
            } else if let request = request(document, title: base, path: path, workspace: &workspace, report: &report) {
                requests.append((folders, document["info"]?["seq"]?.doubleValue ?? .infinity, request))
            }
        }
        tree.root.children = BrunoImport.tree(requests: requests, folderSettings: folderSettings)
        var conversion = SourceTreeConversion(origin: "Bruno", workspace: workspace, report: report)
        conversion.secretVariables = secrets
        return conversion.convert(tree)
    }

    private static func folder(_ document: JSONValue, title: String) -> SourceTree.Folder {
        var folder = SourceTree.Folder(title: title)
        folder.headers = pairs(document["request"]?.array("headers") ?? [])
        if let auth = document["request"]?["auth"] { folder.auth = self.auth(auth) }
        folder.dropped += scripts(document["request"]?["scripts"] ?? document["runtime"]?["scripts"])
        return folder
    }

    private static func request(_ document: JSONValue, title: String, path: String, workspace: inout ImportedWorkspace,
                                report: inout ImportReport) -> SourceTree.Request? {
        let type = document["info"]?.text("type") ?? "http"
        guard let http = document[type], type == "http" || type == "graphql" else {
            report.dropped.append("\(path): a \(type) request not carried over")
            return nil
        }
        var request = SourceTree.Request(title: document["info"]?.text("name") ?? title)
        request.method = http.text("method") ?? (type == "graphql" ? "POST" : "GET")
        request.url = BrunoRequest.text(http.text("url") ?? "")
        request.headers = pairs(http.array("headers"))
        let params = http.array("params")
        request.query = pairs(params.filter { ($0.text("type") ?? "query") == "query" })
        request.pathParameters = pairs(params.filter { $0.text("type") == "path" })
        request.description = document.text("docs") ?? document["docs"]?.text("content")
        if let auth = http["auth"] { request.auth = self.auth(auth) }
        request.body = body(http["body"], graphql: type == "graphql", dropped: &request.dropped)
        let runtime = document["runtime"]
        BrunoImport.addVariables(variables(runtime?.array("variables")), place: path, collectionWide: false, to: &workspace, report: &report)
        for assertion in runtime?.array("assertions") ?? [] where !assertion.isTrue("disabled") {
            let expression = assertion.text("expression") ?? ""
            let operation = [assertion.text("operator") ?? "eq", assertion.text("value")].compactMap { $0 }.joined(separator: " ")
            switch BrunoAssertions.check(expression: expression, operation: BrunoRequest.text(operation)) {
            case .success(let line): request.checks.append(line)
            case .failure(let unmapped): request.dropped.append("assertion \(expression) \(operation) not carried over: \(unmapped.reason)")
            }
        }
        for action in runtime?.array("actions") ?? [] where !action.isTrue("disabled") && action.text("type") == "set-variable" {
            let variable = action["variable"]?.text("name") ?? ""
            let expression = action["selector"]?.text("expression") ?? ""
            if let source = BrunoAssertions.capture(expression), !variable.isEmpty {
                request.captures.append((variable, source))
            } else {
                request.dropped.append("post-response variable \(variable) (\(expression)) not carried over: Courier captures JSON paths, headers, the status and the body")
            }
        }
        request.dropped += scripts(runtime?["scripts"])
        return request
    }

    private static func pairs(_ entries: [JSONValue]) -> [SourceTree.Pair] {
        entries.compactMap { entry in
            guard let name = entry.text("name"), !name.isEmpty else { return nil }
            return SourceTree.Pair(name: name, value: BrunoRequest.text(entry.text("value") ?? ""), enabled: !entry.isTrue("disabled"))
        }
    }

    /// `variables`: `{name, value}` where a value may be typed (`{type: number, data: "42"}`).
    private static func variables(_ entries: [JSONValue]?) -> [(name: String, value: String)] {
        (entries ?? []).filter { !$0.isTrue("disabled") }.compactMap { entry -> (name: String, value: String)? in
            guard let name = entry.text("name") else { return nil }
            return (name, BrunoRequest.text(entry.text("value") ?? entry["value"]?.text("data") ?? ""))
        }
    }

    /// `scripts: [{type: before-request | after-response | tests, code}]`, each listed as not run.
    private static func scripts(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap { script in
            guard !(script.text("code") ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            let type = script.text("type") ?? "script"
            return type == "tests" ? "tests not run" : "\(type) script not run"
        }
    }

    private static func body(_ value: JSONValue?, graphql: Bool, dropped: inout [String]) -> SourceTree.Body? {
        guard let value, value.objectValue != nil else { return nil }
        if graphql || value["query"] != nil {
            let variables = value.text("variables") ?? value["variables"].flatMap { $0.isNull ? nil : $0.description }
            return .graphql(query: BrunoRequest.text(value.text("query") ?? ""), variables: variables.map(BrunoRequest.text))
        }
        let type = value.text("type") ?? value.text("mode") ?? ""
        let data = value["data"]
        let types = ["json": "application/json", "text": "text/plain", "xml": "application/xml", "sparql": "application/sparql-query"]
        switch type {
        case "json", "text", "xml", "sparql":
            return .raw(BrunoRequest.text(data?.text ?? value.text(type) ?? ""), contentType: types[type])
        case "form-urlencoded":
            return .form(pairs(data?.arrayValue ?? []))
        case "multipart-form":
            return .multipart((data?.arrayValue ?? []).compactMap { entry in
                guard let name = entry.text("name") else { return nil }
                let isFile = entry.text("type") == "file"
                let file = entry["value"]?.arrayValue?.first?.text ?? entry.text("value")
                return SourceTree.Part(name: name, value: isFile ? "" : BrunoRequest.text(entry.text("value") ?? ""), file: isFile ? file : nil,
                                       contentType: entry.text("contentType").flatMap { $0.isEmpty ? nil : $0 }, enabled: !entry.isTrue("disabled"))
            })
        case "file":
            let chosen = (data?.arrayValue ?? []).first { $0.isTrue("selected") } ?? data?.arrayValue?.first
            return .file(path: chosen?.text("filePath") ?? "", contentType: chosen?.text("contentType").flatMap { $0.isEmpty ? nil : $0 })
        default:
            dropped.append("body type \(type) not carried over")
            return nil
        }
    }

    /// `auth: inherit`, or `{type, …}` with OpenCollection's field names.
    private static func auth(_ value: JSONValue) -> SourceTree.Auth {
        if value.text == "inherit" { return .inherit }
        guard let type = value.text("type") else { return .inherit }
        var fields: [String: String] = [:]
        for (key, member) in value.objectValue ?? [:] { if let text = member.text { fields[key] = BrunoRequest.text(text) } }
        if type == "oauth2" {
            let flows = ["client_credentials": "client_credentials", "resource_owner_password_credentials": "password",
                         "authorization_code": "authorization_code"]
            fields["grant_type"] = flows[value.text("flow") ?? ""] ?? value.text("flow") ?? ""
            fields["client_id"] = value["credentials"]?.text("clientId")
            fields["client_secret"] = value["credentials"]?.text("clientSecret")
            fields["credentials_placement"] = value["credentials"]?.text("placement")
            fields["username"] = value["resourceOwner"]?.text("username")
            fields["password"] = value["resourceOwner"]?.text("password")
        }
        return BrunoRequest.auth(mode: type, fields: fields)
    }
}
