import Courier
import Foundation
import CourierWorkspace

/// One ``SourceTree/Request`` as a request definition: its URL with path parameters filled
/// in and query parameters added, its folders' headers under its own, its body in Courier's
/// terms, and its auth or the one it inherits. Literal passwords and tokens are listed under
/// `sensitive`, so that output and history hide them.
struct SourceRequestConversion {
    let name: String
    /// `request "Users / List"`, for report lines.
    let place: String
    private(set) var dropped: [String] = []
    private(set) var notes: [String] = []
    private(set) var files: [String] = []
    private(set) var disabledHeaders: [(name: String, value: String)] = []

    init(name: String, place: String) {
        self.name = name
        self.place = place
    }

    /// The definition, or nil when the request cannot be one (its method is not a token).
    mutating func definition(_ request: SourceTree.Request, inheritedHeaders: [SourceTree.Pair],
                             inheritedAuth: PostmanAuth?) -> RequestDefinition? {
        guard let method = HTTPMethod(normalizing: request.method.isEmpty ? "GET" : request.method) else {
            dropped.append("\(place): \"\(request.method)\" is not an HTTP method (an RFC 9110 token); left out")
            return nil
        }
        var definition = RequestDefinition(name: name, location: SourceLocation(file: "", line: 0, column: 0))
        definition.method = method
        definition.description = request.description.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        definition.url = url(request)

        let all = SourceTreeConversion.merged(inheritedHeaders, request.headers)
        var headers = all.filter(\.enabled).map { (name: $0.name, value: $0.value) }
        disabledHeaders = all.filter { !$0.enabled }.map { (name: $0.name, value: $0.value) }
        if let body = request.body { definition.body = self.body(body, method: method, headers: &headers) }
        let merged = ImportedHeaders.merged(headers)
        definition.headers = merged.headers
        for header in merged.repeated { notes.append("\(place): repeated header \(header) merged into one") }

        let auth: PostmanAuth? = switch request.auth {
        case .inherit: inheritedAuth
        case .own(let scheme): PostmanAuth(scheme: scheme)
        }
        if let problem = auth?.apply(to: &definition) { dropped.append("\(place): \(problem)") }
        markSensitive(&definition, scheme: auth?.scheme)
        return definition
    }

    /// The URL: `:name` segments filled in, query parameters switched on added, `http://` in
    /// front when it has no scheme (as Insomnia and Bruno send it).
    private mutating func url(_ request: SourceTree.Request) -> String {
        var values: [String: String] = [:]
        for parameter in request.pathParameters { values[parameter.name] = parameter.value }
        var unset: [String] = []
        var text = PostmanURL.fromRaw(request.url.trimmingCharacters(in: .whitespaces), pathValues: values, unset: &unset)
        for variable in unset { notes.append("\(place): path parameter :\(variable) has no value; the URL uses {{\(variable)}}") }
        if !text.isEmpty, !text.hasPrefix("{{"), !text.contains("://") {
            text = "http://" + text
            notes.append("\(place): the URL has no scheme; http:// put in front")
        }
        for parameter in request.query {
            guard parameter.enabled else {
                notes.append("\(place): query parameter \"\(parameter.name)\" is switched off and left out")
                continue
            }
            text = URLQuery.appending(PostmanURL.queryPair(key: parameter.name, value: parameter.value), to: text)
        }
        return text
    }

    /// The body in Courier's terms; a `Content-Type` header the body carries itself is removed.
    private mutating func body(_ body: SourceTree.Body, method: HTTPMethod, headers: inout [(name: String, value: String)]) -> RequestDefinition.Body? {
        let headerIndex = headers.firstIndex { $0.name.lowercased() == "content-type" }
        let headerType = headerIndex.map { headers[$0].value }
        func dropHeader() { if let headerIndex { headers.remove(at: headerIndex) } }
        switch body {
        case .raw(let text, let declared):
            guard !text.isEmpty else { return nil }
            let contentType = headerType ?? declared
            if contentType.map(PostmanBody.isJSON) ?? false, !method.encodesArgumentsInQuery,
               let parsed = try? JSONValue(parsing: Data(text.utf8)), parsed.objectValue != nil || parsed.arrayValue != nil {
                if contentType?.lowercased() == "application/json" { dropHeader() }
                return .json(parsed)
            }
            dropHeader()
            return .text(text, contentType: contentType ?? "text/plain")
        case .form(let pairs):
            for pair in pairs where !pair.enabled { notes.append("\(place): form field \"\(pair.name)\" is switched off and left out") }
            let fields = pairs.filter(\.enabled)
            guard !fields.isEmpty else { return nil }
            if headerType?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false { dropHeader() }
            let names = fields.map(\.name)
            if !method.encodesArgumentsInQuery, Set(names).count == names.count {
                return .form(.object(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, JSONValue.string($0.value)) })), order: names)
            }
            let characters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~*".unicodeScalars)
            notes.append("\(place): " + (method.encodesArgumentsInQuery ? "its form body is text, as a \(method.rawValue) form body would go into the query"
                                                                          : "its form body is text, as it repeats a field name"))
            return .text(fields.map { PostmanURL.escape($0.name, keeping: characters) + "=" + PostmanURL.escape($0.value, keeping: characters) }
                .joined(separator: "&"), contentType: "application/x-www-form-urlencoded")
        case .multipart(let parts):
            for part in parts where !part.enabled { notes.append("\(place): multipart field \"\(part.name)\" is switched off and left out") }
            let chosen = parts.filter(\.enabled)
            guard !chosen.isEmpty else { return nil }
            guard method == .post || method == .put || method == .patch else {
                dropped.append("\(place): multipart body not carried over: Courier sends one with POST, PUT or PATCH, not \(method.rawValue)")
                return nil
            }
            if headerType?.lowercased().hasPrefix("multipart/") ?? false { dropHeader() }
            files += chosen.compactMap(\.file)
            return .multipart(chosen.map { part in
                part.file.map { RequestDefinition.Part(name: part.name, file: $0, contentType: part.contentType) }
                    ?? RequestDefinition.Part(name: part.name, value: part.value, contentType: part.contentType)
            })
        case .file(let path, let declared):
            guard !path.isEmpty else {
                dropped.append("\(place): file body without a file chosen not carried over")
                return nil
            }
            files.append(path)
            dropHeader()
            return .file(path: path, contentType: headerType ?? declared)
        case .graphql(let query, let variablesText):
            let trimmed = variablesText?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let variables = trimmed.isEmpty ? nil : try? JSONValue(parsing: Data(trimmed.utf8))
            if !method.encodesArgumentsInQuery, trimmed.isEmpty || variables?.objectValue != nil {
                if headerType.map(PostmanBody.isJSON) ?? false { dropHeader() }
                return .graphql(GraphQLBody(query: query, variables: variables))
            }
            dropHeader()
            return .text("{\"query\":\(JSONValue.string(query)),\"variables\":\(trimmed.isEmpty ? "null" : trimmed)}",
                         contentType: headerType ?? "application/json")
        }
    }

    /// Lists literal secrets (a basic password, a bearer token, an OAuth2 client secret or
    /// password, an `Authorization` header's value) under `sensitive`; a `{{variable}}` alone is not itself a secret.
    private func markSensitive(_ definition: inout RequestDefinition, scheme: PostmanAuth.Scheme?) {
        var secrets: [String] = []
        switch scheme {
        case .basic(_, let password)?: secrets.append(password)
        case .bearer(let token)?: secrets.append(token)
        case .oauth2(let settings)?: secrets += [settings.clientSecret, settings.password].compactMap { $0 }
        default: break
        }
        secrets += definition.headers.filter { $0.name.lowercased() == "authorization" }.map(\.value)
        for secret in secrets where !secret.isEmpty && !definition.sensitive.contains(secret) {
            let placeholders = Template.placeholders(in: secret)
            if placeholders.count == 1, placeholders[0].range == secret.startIndex..<secret.endIndex { continue }
            definition.sensitive.append(secret)
        }
    }
}
