import Courier
import Foundation
import CourierWorkspace

/// Where an exported request's relative URL goes: the workspace's base (or CDN) URL as it is
/// written in the `.http` file, and the config's URL filters, applied as the engine does.
struct HTTPFileExportURLs {
    /// A base URL as text: `{{demo}}`, `{{baseUrl}}` (a file variable the export defines).
    struct Base {
        /// What a relative path is appended to, without a trailing `/`.
        var text: String
        /// What an absolute path (`/users`) is appended to: the scheme and host, or the leading
        /// placeholder of a templated base (`{{demo}}` of `{{demo}}/api`).
        var origin: String
        var hasPath: Bool

        func join(_ path: String) -> String {
            if path.hasPrefix("/") { return (hasPath ? origin : text) + path }
            return path.isEmpty ? text : text + "/" + path
        }
    }

    var base: Base?
    var cdn: Base?
    /// `filters.query`, encoded and sorted as the engine sends them.
    var query: [String] = []
    var pathPrefixes: [WorkspaceConfig.PathPrefix] = []

    /// A base written as `text` for the URL `url` (which may hold placeholders).
    static func base(_ url: String, writtenAs text: String) -> Base {
        let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
        var origin = trimmed
        if let scheme = trimmed.range(of: "://") {
            origin = String(trimmed[..<(trimmed[scheme.upperBound...].firstIndex(of: "/") ?? trimmed.endIndex)])
        } else if trimmed.hasPrefix("{{"), let close = trimmed.range(of: "}}") {
            origin = String(trimmed[..<close.upperBound])
        }
        let writtenText = text.hasSuffix("/") ? String(text.dropLast()) : text
        return Base(text: writtenText, origin: origin == trimmed ? writtenText : origin, hasPath: origin != trimmed)
    }

    /// The request's URL as the engine would send it, placeholders kept: relative URLs through
    /// the filters and joined with the base.
    func url(for definition: RequestDefinition) -> String {
        var url = definition.url
        if url.contains("://") || url.hasPrefix("{{") { return url }
        url = HTTPFileExportText.appendingQuery(query, to: url)
        for prefix in pathPrefixes where url.hasPrefix(prefix.from) { url = prefix.to + url.dropFirst(prefix.from.count) }
        guard let base = definition.useCDN ? cdn : base else { return url }
        return base.join(url)
    }
}

/// One workspace request written as a `.http` request: `### name`, its description,
/// `# @name`, `# @timeout`, the request line, headers, auth and the body.
enum HTTPFileExportRequest {
    /// The boundary of exported multipart bodies.
    static let boundary = "CourierFormBoundary7MA4YWxkTrZu0gW"

    /// The request's lines (ending with a blank line) and the settings a `.http` file cannot
    /// carry.
    static func lines(for definition: RequestDefinition, restName: String, urls: HTTPFileExportURLs,
                      defined: Set<String>) -> (lines: [String], notCarried: [String]) {
        func client(_ text: String) -> String { HTTPFileExportText.clientPlaceholders(text, defined: defined) }
        var lines = ["### " + TerminalText.neutralized(definition.name)]
        if let description = definition.description {
            lines += description.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }
        }
        lines.append("# @name " + restName)
        if let timeout = definition.timeout {
            lines.append("# @timeout " + (timeout.rounded() == timeout ? String(Int(timeout)) : String(timeout)))
        }
        var url = urls.url(for: definition)
        var headers = definition.headers.map { ($0.name, client($0.value)) }
        func hasHeader(_ name: String) -> Bool { headers.contains { $0.0.caseInsensitiveCompare(name) == .orderedSame } }
        if case .scheme(let scheme)? = definition.auth, !hasHeader("Authorization"),
           let value = HTTPFileSchemeAuth.header(for: scheme, client: client) {
            headers.append(("Authorization", value))
        }
        // Arguments travel as the engine sends them (keys sorted): in the query, as a form
        // body, or as a multipart body's leading fields; a JSON or form body replaces them.
        let arguments = definition.args.map { HTTPFileExportText.pairs($0) } ?? []
        var body: [String] = []
        var notCarried: [String] = []
        switch definition.auth {
        case .scheme(let scheme)? where HTTPFileSchemeAuth.header(for: scheme, client: client) == nil:
            notCarried.append("auth (\(scheme.schemeDescription.title) has no .http form)")
        case .oauth2?, .command?:
            notCarried.append("auth (a token fetched when sending: OAuth2 and command tokens have no .http form)")
        default:
            break
        }
        func contentType(_ value: String) { if !hasHeader("Content-Type") { headers.append(("Content-Type", value)) } }
        switch definition.body {
        case nil where definition.method.encodesArgumentsInQuery, .text?, .file?, .graphql?:
            url = HTTPFileExportText.appendingQuery(arguments, to: url)
        case nil:
            if !arguments.isEmpty {
                contentType("application/x-www-form-urlencoded")
                body = [arguments.joined(separator: "&")]
            }
        case .json, .form:
            if !arguments.isEmpty { notCarried.append("args (the body replaces them)") }
        case .multipart:
            break
        }
        switch definition.body {
        case .json(let value)?:
            contentType("application/json")
            body = HTTPFileExportText.prettyJSON(value).split(separator: "\n").map(String.init)
        case .form(let value, let order)?:
            contentType("application/x-www-form-urlencoded")
            body = [HTTPFileExportText.pairs(value, order: order).joined(separator: "&")]
        case .text(let text, let type)?:
            contentType(type ?? "text/plain; charset=utf-8")
            body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if body.contains(where: { HTTPFileText.trim($0).hasPrefix("###") }) {
                notCarried.append("a body line starting with ### (it ends the request in a .http file)")
            }
        case .file(let path, let type)?:
            if let type { contentType(type) }
            body = ["< " + path]
        case .graphql(let graphql)?:
            contentType("application/json")
            if !hasHeader("Accept") { headers.append(("Accept", GraphQLBody.accept)) }
            body = HTTPFileExportText.prettyJSON(graphql.unrenderedJSON).split(separator: "\n").map(String.init)
            if graphql.isFile { notCarried.append("the GraphQL query file \(graphql.query) (its path is sent as the query)") }
        case .multipart(let parts)?:
            contentType("multipart/form-data; boundary=" + boundary)
            let fields = definition.args.map { HTTPFileExportText.fieldPairs($0) } ?? []
            body = multipart(fields.map { RequestDefinition.Part(name: $0.0, value: $0.1 ?? "") } + parts)
        case nil:
            break
        }
        lines.append(definition.method.rawValue + " " + client(url))
        lines += headers.map { $0.0 + ": " + $0.1 }
        if !body.isEmpty { lines += [""] + body.map(client) }
        lines.append("")
        return (lines, notCarried + unsupportedSettings(definition))
    }

    /// RFC 7617's base64 when both are plain text; with placeholders, the unencoded
    /// `user password` that REST Client and JetBrains encode themselves (`user:password`, REST
    /// Client's other form, when one of them has a space).
    static func basicCredentials(user: String, password: String) -> String {
        if !user.contains("{{"), !password.contains("{{") {
            return Data("\(user):\(password)".utf8).base64EncodedString()
        }
        let spaced = [user, password].contains { text in
            HTTPFileText.replacingPlaceholders(in: text) { _ in "" }.contains { $0 == " " || $0 == "\t" }
        }
        if spaced { return user + ":" + password }
        return user + " " + password
    }

    private static func multipart(_ parts: [RequestDefinition.Part]) -> [String] {
        var lines: [String] = []
        for part in parts {
            lines.append("--" + boundary)
            if let file = part.file {
                let filename = part.filename ?? String(file.split(separator: "/").last ?? "")
                lines.append("Content-Disposition: form-data; name=\"\(part.name)\"; filename=\"\(filename)\"")
                if let type = part.contentType { lines.append("Content-Type: " + type) }
                lines += ["", "< " + file]
            } else {
                lines.append("Content-Disposition: form-data; name=\"\(part.name)\"")
                lines += [""] + (part.value ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        }
        return lines + ["--" + boundary + "--"]
    }

    /// What the request sets that a `.http` file has no place for.
    private static func unsupportedSettings(_ definition: RequestDefinition) -> [String] {
        let settings: [(String, Bool)] = [
            ("deadline", definition.deadline != nil), ("maxBodyBytes", definition.maxBodyBytes != nil),
            ("priority", definition.priority != nil), ("cache", definition.cache != nil),
            ("validate", definition.validate != nil), ("accept", definition.acceptedContentTypes != nil),
            ("response", definition.response != nil), ("download", definition.download != nil),
            ("retry", definition.retry != nil), ("tls", definition.tls != nil), ("sensitive", !definition.sensitive.isEmpty),
            ("hud", definition.hud.text != nil), ("quietErrors", definition.hud.quietErrors),
        ]
        return settings.filter(\.1).map(\.0) + TransferOptionFields.writtenKeys(definition.transferOptions)
    }
}
