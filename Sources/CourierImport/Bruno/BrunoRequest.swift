import Foundation
import Courier
import CourierWorkspace

/// A `.bru` request file (or a `folder.bru`/`collection.bru`) read into a ``SourceTree``:
/// the method block's `url`, `body` and `auth` modes pick the `body:*` and `auth:*` blocks;
/// `assert` entries become checks and `vars:post-response` captures where they map; scripts
/// and tests are listed as not run.
enum BrunoRequest {
    static let methods = ["get", "post", "put", "delete", "patch", "options", "head", "connect", "trace"]

    /// `{{process.env.NAME}}` → `{{env.NAME}}`, Courier's spelling.
    static func text(_ value: String) -> String {
        value.replacingOccurrences(of: "{{process.env.", with: "{{env.")
    }

    /// The request in `document`; `title` is used when `meta.name` is missing.
    static func request(_ document: BruDocument, title: String) -> SourceTree.Request {
        var request = SourceTree.Request(title: document.value("name", in: "meta") ?? title)
        guard let method = document.blocks.first(where: { methods.contains($0.name) }) else {
            request.dropped.append("it has no method block (get { … }, post { … }, …): \(document.value("type", in: "meta") ?? "its type") is not an HTTP request")
            request.method = ""
            return request
        }
        request.method = method.name.uppercased()
        request.url = text(method.value("url") ?? "")
        request.headers = pairs(document.block("headers"))
        request.query = pairs(document.block("params:query"))
        request.pathParameters = pairs(document.block("params:path"))
        request.description = document.block("docs")?.text
        request.body = body(document, mode: method.value("body") ?? "none", dropped: &request.dropped)
        request.auth = auth(document, mode: method.value("auth") ?? "none")
        for entry in document.block("assert")?.entries ?? [] where entry.enabled {
            switch BrunoAssertions.check(expression: entry.key, operation: text(entry.value)) {
            case .success(let line): request.checks.append(line)
            case .failure(let unmapped): request.dropped.append("assertion \(entry.key): \(entry.value) not carried over: \(unmapped.reason)")
            }
        }
        for entry in document.block("vars:post-response")?.entries ?? [] where entry.enabled {
            if let source = BrunoAssertions.capture(entry.value) {
                request.captures.append((entry.key, source))
            } else {
                request.dropped.append("post-response variable \(entry.key) (\(entry.value)) not carried over: Courier captures JSON paths, headers, the status and the body")
            }
        }
        request.dropped += scripts(document)
        return request
    }

    /// A `folder.bru` or `collection.bru`: its headers and auth, which its requests inherit.
    static func folder(_ document: BruDocument, title: String) -> SourceTree.Folder {
        var folder = SourceTree.Folder(title: document.value("name", in: "meta") ?? title)
        folder.headers = pairs(document.block("headers"))
        if let mode = document.value("mode", in: "auth") { folder.auth = auth(document, mode: mode) }
        folder.dropped += scripts(document)
        return folder
    }

    /// `vars:pre-request` entries switched on, as variables.
    static func variables(_ document: BruDocument) -> [(name: String, value: String)] {
        (document.block("vars:pre-request")?.entries ?? []).filter(\.enabled).map { (name: $0.key, value: text($0.value)) }
    }

    /// Scripts and tests, each listed as not run.
    static func scripts(_ document: BruDocument) -> [String] {
        document.blocks.compactMap { block in
            guard block.name.hasPrefix("script:") || block.name == "tests",
                  !(block.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return block.name == "tests" ? "tests not run" : String(block.name.dropFirst("script:".count)) + " script not run"
        }
    }

    private static func pairs(_ block: BruDocument.Block?) -> [SourceTree.Pair] {
        (block?.entries ?? []).map { SourceTree.Pair(name: $0.key, value: text($0.value), enabled: $0.enabled) }
    }

    private static func body(_ document: BruDocument, mode: String, dropped: inout [String]) -> SourceTree.Body? {
        switch mode {
        case "none": return nil
        case "json": return document.block("body:json")?.text.map { .raw(text($0), contentType: "application/json") }
        case "text": return document.block("body:text")?.text.map { .raw(text($0), contentType: "text/plain") }
        case "xml": return document.block("body:xml")?.text.map { .raw(text($0), contentType: "application/xml") }
        case "sparql": return document.block("body:sparql")?.text.map { .raw(text($0), contentType: "application/sparql-query") }
        case "formUrlEncoded": return .form(pairs(document.block("body:form-urlencoded")))
        case "multipartForm":
            return .multipart((document.block("body:multipart-form")?.entries ?? []).map { entry in
                let (value, annotations) = entry.plainValue
                var part = SourceTree.Part(name: entry.key, value: text(value), contentType: annotations["contentType"], enabled: entry.enabled)
                if let files = annotations["file"] { part.file = files.split(separator: "|").first.map(String.init) ?? files }
                return part
            })
        case "file":
            let chosen = (document.block("body:file")?.entries ?? []).first { $0.enabled }
            let annotations = chosen?.plainValue.annotations ?? [:]
            return .file(path: annotations["file"] ?? "", contentType: annotations["contentType"])
        case "graphql":
            return .graphql(query: text(document.block("body:graphql")?.text ?? ""), variables: document.block("body:graphql:vars")?.text.map(text))
        default:
            dropped.append("body mode \(mode) not carried over")
            return nil
        }
    }

    private static func auth(_ document: BruDocument, mode: String) -> SourceTree.Auth {
        var fields: [String: String] = [:]
        for entry in document.block("auth:" + mode)?.entries ?? [] where entry.enabled { fields[entry.key] = text(entry.value) }
        return auth(mode: mode, fields: fields)
    }

    /// An auth mode and its fields (Bru's `auth:MODE` block or OpenCollection's `auth`) as a scheme.
    static func auth(mode: String, fields: [String: String]) -> SourceTree.Auth {
        func field(_ key: String) -> String { fields[key] ?? "" }
        switch mode {
        case "inherit": return .inherit
        case "none": return .own(.none)
        case "basic": return .own(.basic(user: field("username"), password: field("password")))
        case "bearer": return .own(.bearer(token: field("token")))
        case "apikey":
            return .own(.apiKey(name: field("key"), value: field("value"), inQuery: ["queryparams", "query"].contains(field("placement"))))
        case "digest", "ntlm":
            return PostmanAuth.libcurlScheme(mode, field).map { .own(.libcurl($0)) } ?? .own(.unsupported(mode))
        case "awsv4":
            let keys = ["accessKey": "accessKeyId", "secretKey": "secretAccessKey"]
            return PostmanAuth.libcurlScheme("awsv4") { field(keys[$0] ?? $0) }.map { .own(.libcurl($0)) } ?? .own(.unsupported(mode))
        case "oauth2":
            let grants = ["client_credentials": "client_credentials", "password": "password_credentials",
                          "authorization_code": "authorization_code"]
            let grantType = fields["grant_type"] ?? fields["grantType"] ?? ""
            guard let grant = grants[grantType] else { return .own(.unsupported("oauth2 \(grantType) grant")) }
            var parameters = ["grant_type": grant, "accessTokenUrl": fields["access_token_url"] ?? fields["accessTokenUrl"] ?? "",
                              "clientId": fields["client_id"] ?? fields["clientId"] ?? "",
                              "clientSecret": fields["client_secret"] ?? fields["clientSecret"] ?? "", "scope": field("scope"),
                              "username": field("username"), "password": field("password"),
                              "authUrl": fields["authorization_url"] ?? fields["authorizationUrl"] ?? ""]
            if (fields["credentials_placement"] ?? fields["credentialsPlacement"]) == "body" { parameters["client_authentication"] = "body" }
            switch PostmanAuth.oauth2(parameters, convert: { $0 }) {
            case .success(let settings): return .own(.oauth2(settings))
            case .failure(let grant): return .own(.unsupported("oauth2 \(grant.name) grant"))
            }
        default:
            return .own(.unsupported(mode))
        }
    }
}
