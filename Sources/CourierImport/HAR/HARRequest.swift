import Courier
import Foundation
import CourierWorkspace

/// One HAR entry's request as a workspace request: its URL on `{{origin}}`, its headers
/// without those the engine sets, its cookies and credentials as variables, its body.
extension HARConverter {
    /// Headers left out: HTTP/2 pseudo-headers (`:authority`, …) and those starting with
    /// `sec-fetch-` or `sec-ch-` (a browser's own), and these.
    static let droppedHeaderNames: Set<String> = [
        "host", "content-length", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer",
        "upgrade", "accept-encoding",
    ]

    static func dropsHeader(_ lowerCasedName: String) -> Bool {
        lowerCasedName.hasPrefix(":") || lowerCasedName.hasPrefix("sec-fetch-") || lowerCasedName.hasPrefix("sec-ch-")
            || droppedHeaderNames.contains(lowerCasedName)
    }

    /// Converts the entry at `index`; returns the request's name, or nil when it is left out.
    mutating func convert(_ entry: JSONValue, index: Int) -> String? {
        let path = "$.log.entries[\(index)]"
        if entry["response"]?.objectValue != nil { sawResponses = true }
        guard let request = entry["request"], request.objectValue != nil else {
            report.dropped.append("\(path): no request; left out")
            return nil
        }
        let methodText = request.text("method") ?? "GET"
        let urlText = request.text("url") ?? ""
        guard let url = HARURL(urlText, allowingWebSockets: recording != nil) else {
            let shown = urlText.count > 60 ? urlText.prefix(60) + "…" : Substring(urlText)
            report.dropped.append("\(path) (\(methodText) \(shown)): only http and https URLs are sent; left out")
            return nil
        }
        let shown = "\(methodText) \(url.origin)\(url.path)"
        guard let method = HTTPMethod(normalizing: methodText) else {
            report.dropped.append("\(path) (\(shown)): \"\(methodText)\" is not an HTTP method (an RFC 9110 token); left out")
            return nil
        }
        var urlPath = url.path
        if recording != nil {
            guard recording!.isNew(method: method.rawValue, origin: url.origin, shape: HARRecording.shape(of: url.path)) else { return nil }
            urlPath = recording!.template(url.path)
        }
        let namePath = recording.map { $0.credentials.redact(urlPath) } ?? urlPath
        let name = naming.unique(Self.requestName(method: method.rawValue, path: namePath.replacingOccurrences(of: "{{", with: "")
                                                    .replacingOccurrences(of: "}}", with: "")))
        var definition = RequestDefinition(name: name, location: SourceLocation(file: "", line: 0, column: 0))
        definition.method = method
        definition.url = originPrefix(url.origin) + urlPath + redactedQuery(url.query)
        definition.description = entry.text("comment").flatMap { $0.isEmpty ? nil : $0 }
            ?? request.text("comment").flatMap { $0.isEmpty ? nil : $0 }

        var headers = self.headers(of: request, into: &definition)
        let body = HARBody(request["postData"], method: method, headers: &headers)
        definition.body = redactingSecrets(in: body.body)
        files += body.files.filter { !files.contains($0) }
        report.notes += body.notes.map { "request \(name): \($0)" }
        definition.headers = ImportedHeaders.merged(headers).headers
        if recording != nil {
            // A stream recorded (server-sent events, NDJSON) is a stream request.
            let mimeType = entry["response"]?["content"]?.text("mimeType")?.split(separator: ";").first.map(String.init)
            if let mode = StreamMode.detected(forMimeType: mimeType) { definition.stream.mode = mode }
        }

        var comments = ["entry \(index + 1): \(recording.map { Redaction.redact(shown, secrets: $0.credentials) } ?? shown)".asCommentLine]
        if let page = entry.text("pageref"), let title = pageTitles[page] { comments.append("page: \(title)".asCommentLine) }
        var imported = ImportedWorkspace.Request(definition, comments: comments)
        // A WebSocket session's 101 is not a response to check.
        if recording != nil, let status = entry["response"]?["status"]?.intValue, status > 0, status != 101 { imported.expect = ["status == \(status)"] }
        workspace.requests.append(imported)
        return name
    }

    /// `get-api-users`: the method and path as a slug of at most 48 characters.
    static func requestName(method: String, path: String) -> String {
        ImportedNames.slug(method + " " + path, maximum: 48)
    }

    /// `?query` with the values of secret-looking parameters (`access_token`, `api_key`, …)
    /// replaced by variables; "" without a query.
    private mutating func redactedQuery(_ query: String?) -> String {
        guard let query else { return "" }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].isEmpty else { return String(pair) }
            let key = parts[0].removingPercentEncoding ?? String(parts[0])
            guard Redaction.isSensitiveKey(key) else { return String(pair) }
            let variable = secrets.variable(for: "query\u{0}\(key)\u{0}\(parts[1])", base: key,
                                            clear: parts[1].removingPercentEncoding ?? String(parts[1]))
            return parts[0] + "=" + secrets.reference(variable)
        }
        return "?" + pairs.joined(separator: "&")
    }

    /// A JSON or form body with the values of secret-looking fields (`password`, `token`, …)
    /// replaced by variables.
    private mutating func redactingSecrets(in body: RequestDefinition.Body?) -> RequestDefinition.Body? {
        switch body {
        case .json(let value)?: return .json(redactingSecrets(in: value, key: nil))
        case .form(let value, let order)?: return .form(redactingSecrets(in: value, key: nil), order: order)
        default: return body
        }
    }

    private mutating func redactingSecrets(in value: JSONValue, key: String?) -> JSONValue {
        switch value {
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (name, member) in members { result[name] = redactingSecrets(in: member, key: name) }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { redactingSecrets(in: $0, key: key) })
        case .string(let text) where !text.isEmpty && key.map(Redaction.isSensitiveKey) == true:
            let variable = secrets.variable(for: "field\u{0}\(key!)\u{0}\(text)", base: key!, clear: text)
            return .string(secrets.reference(variable))
        default:
            return value
        }
    }

    /// The headers to send: left-out ones recorded, `Cookie` rebuilt from the cookies with
    /// a variable per cookie, `Authorization` turned into auth with variables, and
    /// secret-looking values replaced by variables.
    private mutating func headers(of request: JSONValue, into definition: inout RequestDefinition) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        var cookieNames: [String] = request.array("cookies").compactMap { $0.text("name") }.filter { !$0.isEmpty }
        for header in request.array("headers") {
            guard let name = header.text("name"), !name.isEmpty else { continue }
            let value = header.text("value") ?? ""
            let lower = name.lowercased()
            // A recording leaves out what the client sends of itself: the engine has its own.
            if Self.dropsHeader(lower) || (recording != nil && (lower == "user-agent" || (lower == "accept" && value == "*/*")
                                                               || lower.hasPrefix("sec-websocket-"))) {
                if !droppedHeaders.contains(lower) { droppedHeaders.append(lower) }
                continue
            }
            if lower == "cookie" {
                for pair in value.split(separator: ";") {
                    let cookie = pair.split(separator: "=", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                    if !cookie.isEmpty { cookieNames.append(cookie) }
                }
                continue
            }
            if lower == "authorization" {
                if let header = authorization(value, into: &definition) { headers.append(header) }
                continue
            }
            if lower != "content-type", Redaction.isSensitiveHeader(name) || Redaction.isSensitiveKey(name) {
                let variable = secrets.variable(for: "header\u{0}\(lower)\u{0}\(value)", base: name, clear: value)
                headers.append((name, secrets.reference(variable)))
                if !Redaction.isSensitiveHeader(name), recording == nil { definition.sensitive.append(secrets.reference(variable)) }
                continue
            }
            headers.append((name, onOrigin(value)))
        }
        var seen = Set<String>()
        let cookies = cookieNames.filter { seen.insert($0).inserted }.map { cookie in
            let variable = secrets.variable(for: "cookie\u{0}\(cookie)", base: "cookie " + cookie)
            return cookie + "=" + secrets.reference(variable)
        }
        if !cookies.isEmpty { headers.append(("Cookie", cookies.joined(separator: "; "))) }
        return headers
    }

    /// A value naming the main origin (`Origin`, `Referer`) with `{{origin}}` in its place,
    /// so that it follows the requests elsewhere.
    private func onOrigin(_ value: String) -> String {
        guard let mainOrigin, value.hasPrefix(mainOrigin) else { return value }
        let rest = value.dropFirst(mainOrigin.count)
        guard rest.isEmpty || rest.first == "/" || rest.first == "?" else { return value }
        return "{{\(recording == nil ? Self.originVariable : HARRecording.mainOriginVariable)}}" + rest
    }

    /// What a URL on `origin` starts with: `{{origin}}` for the main origin (a recording's:
    /// nothing, the config's base URL is `{{baseUrl}}`), another origin as it is (a
    /// recording's: its variable).
    private mutating func originPrefix(_ origin: String) -> String {
        guard recording != nil else { return origin == mainOrigin ? "{{\(Self.originVariable)}}" : origin }
        return origin == mainOrigin ? "" : "{{" + recording!.variable(forOrigin: origin) + "}}"
    }

    /// `Bearer X` → bearer auth with a token variable; `Basic X` → basic auth with a user
    /// variable (holding the user name) and a password variable; anything else → the header
    /// with its value as a variable, which this returns.
    private mutating func authorization(_ value: String, into definition: inout RequestDefinition) -> (name: String, value: String)? {
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
        let scheme = parts.first?.lowercased() ?? ""
        let credentials = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        if scheme == "bearer", !credentials.isEmpty {
            let variable = secrets.variable(for: "bearer\u{0}" + credentials, base: "token", clear: credentials)
            definition.auth = .bearer(token: secrets.reference(variable))
            return nil
        }
        if scheme == "basic", let data = Data(base64Encoded: credentials), let decoded = String(data: data, encoding: .utf8),
           let colon = decoded.firstIndex(of: ":") {
            let user = String(decoded[..<colon])
            let userVariable = secrets.variable(for: "user\u{0}" + user, base: "user", value: user, secret: false)
            let passwordVariable = secrets.variable(for: "password\u{0}" + decoded, base: "password",
                                                    clear: String(decoded[decoded.index(after: colon)...]))
            definition.auth = .basic(user: "{{\(userVariable)}}", password: secrets.reference(passwordVariable))
            return nil
        }
        let variable = secrets.variable(for: "authorization\u{0}" + value, base: "authorization")
        return ("Authorization", secrets.reference(variable))
    }
}
