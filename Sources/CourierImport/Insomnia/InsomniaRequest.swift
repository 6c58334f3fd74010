import Foundation
import Courier
import CourierWorkspace

/// An Insomnia request (a v4 resource of `_type: request` or a v5 collection item; their
/// fields are the same) or a folder's headers and auth, read into a ``SourceTree``.
struct InsomniaRequestReader {
    var templates: InsomniaTemplates

    /// The request `value`, at `place` for the report.
    mutating func request(_ value: JSONValue, id: String?, place: String) -> SourceTree.Request {
        func text(_ key: String) -> String { templates.convert(value.text(key) ?? "", at: place) }
        var request = SourceTree.Request(title: value.text("name") ?? "")
        request.id = id
        request.method = value.text("method") ?? "GET"
        request.url = text("url")
        request.description = value.text("description") ?? value["meta"]?.text("description")
        request.headers = pairs(value.array("headers"), at: place)
        request.query = pairs(value.array("parameters"), at: place)
        request.pathParameters = pairs(value.array("pathParameters"), at: place)
        request.body = body(value["body"], at: place, dropped: &request.dropped)
        request.auth = auth(value["authentication"], at: place, dropped: &request.dropped)
        request.dropped += Self.scripts(of: value)
        return request
    }

    /// A folder's headers and auth (Insomnia 8 and later have both).
    mutating func folder(_ value: JSONValue, title: String, place: String) -> SourceTree.Folder {
        var folder = SourceTree.Folder(title: title)
        folder.headers = pairs(value.array("headers"), at: place)
        folder.auth = auth(value["authentication"], at: place, dropped: &folder.dropped)
        folder.dropped += Self.scripts(of: value)
        if let environment = value["environment"]?.objectValue, !environment.isEmpty {
            folder.dropped.append("its folder environment (\(environment.keys.sorted().joined(separator: ", "))) not carried over: "
                                  + "Courier's variables belong to the workspace or an environment")
        }
        return folder
    }

    /// v4's `preRequestScript`/`afterResponseScript`, v5's `scripts.preRequest`/`afterResponse`.
    static func scripts(of value: JSONValue) -> [String] {
        let found = [("pre-request script", value.text("preRequestScript") ?? value["scripts"]?.text("preRequest")),
                     ("after-response script", value.text("afterResponseScript") ?? value["scripts"]?.text("afterResponse"))]
        return found.compactMap { kind, code in
            code.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : "\(kind) not run" }
        }
    }

    private mutating func pairs(_ entries: [JSONValue], at place: String) -> [SourceTree.Pair] {
        entries.compactMap { entry in
            guard let name = entry.text("name"), !name.isEmpty else { return nil }
            return SourceTree.Pair(name: templates.convert(name, at: place), value: templates.convert(entry.text("value") ?? "", at: place),
                                   enabled: !entry.isTrue("disabled"))
        }
    }

    private mutating func body(_ value: JSONValue?, at place: String, dropped: inout [String]) -> SourceTree.Body? {
        guard let value, value.objectValue?.isEmpty == false else { return nil }
        let mimeType = value.text("mimeType")
        switch mimeType?.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
        case "application/x-www-form-urlencoded"?:
            return .form(pairs(value.array("params"), at: place))
        case "multipart/form-data"?:
            return .multipart(value.array("params").compactMap { entry in
                guard let name = entry.text("name"), !name.isEmpty else { return nil }
                let isFile = entry.text("type") == "file"
                return SourceTree.Part(name: templates.convert(name, at: place), value: templates.convert(entry.text("value") ?? "", at: place),
                                       file: isFile ? entry.text("fileName") ?? "" : nil, contentType: nil, enabled: !entry.isTrue("disabled"))
            })
        case "application/octet-stream"?:
            return .file(path: value.text("fileName") ?? "", contentType: nil)
        case "application/graphql"?:
            let text = value.text("text") ?? ""
            guard let document = try? JSONValue(parsing: Data(text.utf8)), let query = document.text("query") else {
                return .raw(templates.convert(text, at: place), contentType: "application/json")
            }
            let variables = document["variables"].flatMap { $0.isNull ? nil : ($0.text ?? $0.description) }
            return .graphql(query: templates.convert(query, at: place), variables: variables.map { templates.convert($0, at: place) })
        default:
            let text = value.text("text") ?? ""
            if text.isEmpty, !value.array("params").isEmpty {
                dropped.append("body parameters of type \(mimeType ?? "(none)") not carried over")
                return nil
            }
            return .raw(templates.convert(text, at: place), contentType: mimeType)
        }
    }

    /// `authentication`: an empty object or `disabled: true` inherits; `type: none` sends none.
    private mutating func auth(_ value: JSONValue?, at place: String, dropped: inout [String]) -> SourceTree.Auth {
        guard let value, let type = value.text("type")?.lowercased() else { return .inherit }
        if value.isTrue("disabled") { return type == "inherit" ? .inherit : .own(.none) }
        func field(_ key: String) -> String { templates.convert(value.text(key) ?? "", at: place) }
        switch type {
        case "none": return .own(.none)
        case "inherit": return .inherit
        case "basic": return .own(.basic(user: field("username"), password: field("password")))
        case "bearer":
            let prefix = field("prefix")
            if !prefix.isEmpty, prefix.lowercased() != "bearer" {
                return .own(.apiKey(name: "Authorization", value: prefix + " " + field("token"), inQuery: false))
            }
            return .own(.bearer(token: field("token")))
        case "apikey":
            return .own(.apiKey(name: field("key"), value: field("value"), inQuery: value.text("addTo") == "queryParams"))
        case "oauth2":
            let grants = ["client_credentials": "client_credentials", "password": "password_credentials",
                          "authorization_code": "authorization_code"]
            guard let grant = grants[value.text("grantType") ?? ""] else { return .own(.unsupported("oauth2 \(value.text("grantType") ?? "") grant")) }
            var parameters = ["grant_type": grant, "accessTokenUrl": field("accessTokenUrl"), "clientId": field("clientId"),
                              "clientSecret": field("clientSecret"), "scope": field("scope"), "username": field("username"),
                              "password": field("password"), "authUrl": field("authorizationUrl")]
            if value.text("credentialsInBody") == "true" || value.isTrue("credentialsInBody") { parameters["client_authentication"] = "body" }
            switch PostmanAuth.oauth2(parameters, convert: { $0 }) {
            case .success(let settings): return .own(.oauth2(settings))
            case .failure(let grant): return .own(.unsupported("oauth2 \(grant.name) grant"))
            }
        case "digest", "ntlm":
            return PostmanAuth.libcurlScheme(type, field).map { .own(.libcurl($0)) } ?? .own(.unsupported(type))
        case "iam":
            let scheme = PostmanAuth.libcurlScheme("awsv4") { key in
                field(["accessKey": "accessKeyId", "secretKey": "secretAccessKey", "sessionToken": "sessionToken",
                       "region": "region", "service": "service"][key] ?? key)
            }
            return scheme.map { .own(.libcurl($0)) } ?? .own(.unsupported(type))
        default:
            return .own(.unsupported(type))
        }
    }
}
