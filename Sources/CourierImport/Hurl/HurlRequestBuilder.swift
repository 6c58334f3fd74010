import Courier
import Foundation
import CourierWorkspace

/// A Hurl entry made into a workspace request.
struct HurlBuiltEntry {
    var request: ImportedWorkspace.Request
    /// Its captures, for the file's chain.
    var captures: [(variable: String, source: String)] = []
    /// `[Options] variable: NAME=VALUE`.
    var variables: [(name: String, value: String)] = []
    /// Relative files its body reads.
    var files: [String] = []
    var dropped: [String] = []
    var notes: [String] = []
}

/// Turns a ``HurlEntry`` into a `RequestDefinition` with its `expect:` lines: the method and
/// URL, headers, `[Query]`, `[Form]`, `[Multipart]`, `[Cookies]`, `[BasicAuth]`, the options
/// Courier has, the body; the response's status, headers, asserts and body as checks.
/// What has no place is said in `dropped`, each with `FILE:LINE`.
enum HurlRequestBuilder {
    static func build(_ entry: HurlEntry, name: String, file: String, secrets: inout HurlSecrets) -> HurlBuiltEntry {
        var definition = RequestDefinition(name: name, location: SourceLocation(file: file, line: entry.line, column: 1))
        var built = HurlBuiltEntry(request: ImportedWorkspace.Request(definition))
        func place(_ line: Int) -> String { "\(file):\(line)" }
        definition.method = HTTPMethod(rawValue: entry.method) ?? .get
        definition.url = HurlTemplates.courier(entry.url)
        // The comments above are its description, but for a first line that is its name (as
        // courier export hurl writes it).
        let description = entry.comments.first == name ? Array(entry.comments.dropFirst()) : entry.comments
        if !description.isEmpty { definition.description = description.joined(separator: "\n") }

        var headers: [(name: String, value: String)] = []
        for header in entry.headers {
            let value = HurlTemplates.courier(header.value)
            if header.key.lowercased() == "authorization", definition.auth == nil, case .auth(let auth) = HTTPFileAuth.read(value) {
                definition.auth = secured(auth, secrets: &secrets)
                continue
            }
            let secret = header.key.lowercased() == "authorization" || Redaction.isSensitiveKey(header.key)
            headers.append((header.key, secret ? secrets.reference(for: value, base: header.key) : value))
        }

        var redirectsFollowed: Bool?
        for section in entry.sections {
            let items = section.items.map { (key: HurlTemplates.courier($0.key), value: HurlTemplates.courier($0.value), line: $0.line) }
            switch section.kind {
            case "Query":
                query(items, into: &definition)
            case "Form":
                var form: [String: JSONValue] = [:]
                var order: [String] = []
                for item in items {
                    if form[item.key] != nil { built.notes.append("\(place(item.line)): [Form] \(item.key) is repeated; the last value is sent") }
                    else { order.append(item.key) }
                    form[item.key] = .string(item.value)
                }
                definition.body = .form(.object(form), order: order)
            case "Multipart":
                var parts: [RequestDefinition.Part] = []
                for item in items {
                    if item.value.hasPrefix("file,"), let close = item.value.firstIndex(of: ";") {
                        let path = item.value[item.value.index(item.value.startIndex, offsetBy: 5)..<close].trimmingCharacters(in: .whitespaces)
                        let type = item.value[item.value.index(after: close)...].trimmingCharacters(in: .whitespaces)
                        parts.append(RequestDefinition.Part(name: item.key, file: path, filename: (path as NSString).lastPathComponent,
                                                            contentType: type.isEmpty ? nil : type))
                        built.files.append(path)
                    } else {
                        parts.append(RequestDefinition.Part(name: item.key, value: item.value))
                    }
                }
                definition.body = .multipart(parts)
            case "Cookies":
                let cookies = items.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
                if let index = headers.firstIndex(where: { $0.name.lowercased() == "cookie" }) { headers[index].value += "; " + cookies }
                else { headers.append(("Cookie", cookies)) }
            case "BasicAuth":
                if let item = items.first {
                    definition.auth = .basic(user: item.key, password: secrets.reference(for: item.value, base: "password"))
                }
            case "Options":
                for item in items {
                    options(item, definition: &definition, built: &built, followed: &redirectsFollowed, secrets: &secrets, place: place(item.line))
                }
            default:
                built.dropped.append("\(place(section.line)): section [\(section.name)] (not a request section Courier knows)")
            }
        }
        definition.headers = headers
        if let body = entry.body { self.body(body, line: entry.bodyLine, definition: &definition, built: &built, place: place) }
        if let response = entry.response {
            HurlResponseMapping.apply(response, to: &built, place: place)
            // Hurl follows no redirect unless told: a 3xx it expects must stay the response.
            if redirectsFollowed != true, let status = response.status, (300..<400).contains(status) {
                definition.transferOptions.maxRedirects = 0
                built.notes.append("\(place(response.line)): redirects: {max: 0}, as Hurl follows no redirect without location: true "
                                   + "and this request expects a \(status)")
            }
        }
        built.request.definition = definition
        return built
    }

    /// `[Query]`: the request's arguments when its method sends them in the query and every
    /// name comes once; otherwise appended to the URL.
    private static func query(_ items: [(key: String, value: String, line: Int)], into definition: inout RequestDefinition) {
        let names = items.map(\.key)
        if definition.method.encodesArgumentsInQuery, definition.args == nil, Set(names).count == names.count {
            definition.args = .object(Dictionary(uniqueKeysWithValues: items.map { ($0.key, JSONValue.string($0.value)) }))
            definition.argumentOrder = names
        } else {
            let pairs = items.map { HTTPFileExportText.escaped($0.key) + "=" + HTTPFileExportText.escaped($0.value) }
            definition.url = HTTPFileExportText.appendingQuery(pairs, to: definition.url)
        }
    }

    /// An auth read from an `Authorization` header, its secret part moved to a private variable.
    private static func secured(_ auth: RequestDefinition.Auth, secrets: inout HurlSecrets) -> RequestDefinition.Auth {
        guard case .scheme(let scheme) = auth else { return auth }
        switch scheme.scheme {
        case let bearer as BearerAuth: return .bearer(token: secrets.reference(for: bearer.token, base: "token"))
        case let basic as BasicAuth: return .basic(user: basic.user, password: secrets.reference(for: basic.password, base: "password"))
        default: return auth
        }
    }

    /// One `[Options]` line: the options Courier has, the rest reported.
    private static func options(_ item: (key: String, value: String, line: Int), definition: inout RequestDefinition, built: inout HurlBuiltEntry,
                                followed: inout Bool?, secrets: inout HurlSecrets, place: String) {
        let on = item.value.lowercased() == "true"
        switch item.key {
        case "variable":
            guard let equals = item.value.firstIndex(of: "=") else {
                built.dropped.append("\(place): option variable: \(item.value) (expected NAME=VALUE)")
                return
            }
            built.variables.append((String(item.value[..<equals]).trimmingCharacters(in: .whitespaces),
                                    String(item.value[item.value.index(after: equals)...])))
        case "insecure":
            if on { definition.tls = TLSPolicy(verifyPeer: false, verifyHost: false) }
        case "location":
            followed = on
        case "location-trusted":
            followed = on
            if on { definition.transferOptions.keepsCredentialsOnRedirect = true }
        case "max-redirs":
            if let count = Int(item.value), count >= 0 { definition.transferOptions.maxRedirects = min(count, 50) }
        case "user":
            guard let colon = item.value.firstIndex(of: ":") else {
                built.dropped.append("\(place): option user: (expected USER:PASSWORD)")
                return
            }
            definition.auth = .basic(user: String(item.value[..<colon]),
                                     password: secrets.reference(for: String(item.value[item.value.index(after: colon)...]), base: "password"))
        case "verbose", "very-verbose", "color", "no-color":
            built.notes.append("\(place): option \(item.key) has no meaning in a workspace; left out")
        default:
            built.dropped.append("\(place): option \(item.key): \(item.value)")
        }
    }

    // MARK: - Body

    private static func body(_ body: HurlBody, line: Int, definition: inout RequestDefinition, built: inout HurlBuiltEntry,
                             place: (Int) -> String) {
        var contentType = definition.headers.first { $0.name.lowercased() == "content-type" }?.value
        func consumeContentType() { definition.headers.removeAll { $0.name.lowercased() == "content-type" } }
        func text(_ text: String, defaultType: String? = nil, literal: Bool = false) {
            definition.body = .text(literal ? HurlTemplates.literal(text) : HurlTemplates.courier(text), contentType: contentType ?? defaultType)
            consumeContentType()
        }
        // JSON that parses is the workspace's JSON body (its strings may hold templates);
        // with a template in a value's place (`"id": {{id}}`) it is sent as text.
        func json(_ json: String) {
            if contentType == nil || contentType?.lowercased().hasPrefix("application/json") == true,
               let value = try? JSONValue(parsing: Data(HurlTemplates.courier(json).utf8)) {
                definition.body = .json(value)
                consumeContentType()
            } else {
                contentType = contentType ?? "application/json"
                text(json)
            }
        }
        switch body {
        case .json(let value):
            json(value)
        case .xml(let xml):
            text(xml, defaultType: "application/xml")
        case .oneline(let value):
            text(value)
        case .multiline(let value, let language):
            switch language {
            case "graphql"?:
                definition.body = .graphql(graphQL(HurlTemplates.courier(value)))
            case "json"?:
                json(value)
            case "xml"?:
                text(value, defaultType: "application/xml")
            case "raw"?:
                text(value, literal: true)
            case "base64"?, "hex"?:
                let compact = value.filter { !$0.isWhitespace }
                let data = language == "hex" ? HurlLineScanner.hexData(compact) : Data(base64Encoded: compact)
                bytes(data ?? Data(), line: line, definition: &definition, built: &built, place: place)
            default:
                text(value)
            }
        case .bytes(let data):
            bytes(data, line: line, definition: &definition, built: &built, place: place)
        case .file(let path):
            definition.body = .file(path: path, contentType: contentType)
            consumeContentType()
            built.files.append(path)
        }
    }

    /// Bytes that are UTF-8 text without control characters (but line breaks and tabs) as a
    /// text body; others cannot be written in a workspace.
    private static func bytes(_ data: Data, line: Int, definition: inout RequestDefinition, built: inout HurlBuiltEntry,
                              place: (Int) -> String) {
        let contentType = definition.headers.first { $0.name.lowercased() == "content-type" }?.value
        if let text = String(data: data, encoding: .utf8),
           !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !"\n\r\t".unicodeScalars.contains($0) }) {
            definition.body = .text(text, contentType: contentType)
            definition.headers.removeAll { $0.name.lowercased() == "content-type" }
            built.notes.append("\(place(line)): the base64 or hex body is sent as the text it decodes to")
        } else {
            built.dropped.append("\(place(line)): a binary body of \(data.count) bytes (save it to a file and send it with body: {file: PATH})")
        }
    }

    /// A ```graphql body: the query, and the JSON after a last `variables` line.
    private static func graphQL(_ text: String) -> GraphQLBody {
        guard let range = text.range(of: "\nvariables", options: .backwards),
              let open = text[range.upperBound...].firstIndex(where: { !$0.isWhitespace }), text[open] == "{",
              let variables = try? JSONValue(parsing: Data(text[open...].utf8)), case .object = variables else {
            return GraphQLBody(query: text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return GraphQLBody(query: String(text[..<range.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines), variables: variables)
    }
}
