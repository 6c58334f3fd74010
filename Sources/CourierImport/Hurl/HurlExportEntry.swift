import Courier
import Foundation
import CourierWorkspace

/// One workspace request written as a Hurl entry: `# name`, its description, the request
/// line, headers, `[Options]`, `[QueryStringParams]`, `[FormParams]`, `[MultipartFormData]`,
/// `[BasicAuth]`, the body; then `HTTP STATUS`, `[Captures]` and `[Asserts]` from its
/// `expect:` checks and its chain step's captures.
enum HurlExportEntry {
    /// What an entry is made of besides the request itself.
    struct Extras {
        /// The chain step's captures.
        var captures: [Capture] = []
        /// The request's and its chain step's checks.
        var expectations: [Expectation] = []
        /// `variable: NAME=VALUE` options the entry needs.
        var variables: [(name: String, value: String)] = []
        /// Names the workspace defines (its built-ins then stay themselves).
        var defined: Set<String> = []
    }

    /// The entry's lines (ending with a blank line) and what it could not carry over.
    static func lines(for definition: RequestDefinition, extras: Extras, urls: HTTPFileExportURLs) -> (lines: [String], notCarried: [String]) {
        func hurl(_ text: String) -> String { HurlTemplates.hurl(text, defined: extras.defined) }
        var notCarried: [String] = []
        var lines = ["# " + TerminalText.neutralized(definition.name)]
        if let description = definition.description {
            lines += description.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + TerminalText.neutralized(String($0)) }
        }
        var url = urls.url(for: definition)
        var headers = definition.headers.map { (name: $0.name, value: hurl($0.value)) }
        func hasHeader(_ name: String) -> Bool { headers.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame } }
        func contentType(_ value: String?) { if let value, !hasHeader("Content-Type") { headers.append(("Content-Type", value)) } }
        var sections: [(name: String, lines: [String])] = []
        func section(_ name: String, _ pairs: [(String, String)]) {
            if !pairs.isEmpty { sections.append((name, pairs.map { HurlExportText.key($0.0) + ": " + HurlExportText.value(hurl($0.1)) })) }
        }

        var options = extras.variables.map { ("variable", $0.name + "=" + $0.value) }
        if let tls = definition.tls, !tls.verifyPeer || !tls.verifyHost { options.append(("insecure", "true")) }
        if let tls = definition.tls, tls.caFile != nil || tls.pinnedPublicKey != nil || tls.clientCertificate != nil { notCarried.append("tls") }
        if let maximum = definition.transferOptions.maxRedirects, maximum > 0 {
            options += [("location", "true"), ("max-redirs", String(maximum))]
        }
        if definition.transferOptions.keepsCredentialsOnRedirect == true { options.append(("location-trusted", "true")) }
        section("Options", options)

        switch definition.auth {
        case .scheme(let scheme)?:
            switch scheme.scheme {
            case let basic as BasicAuth: section("BasicAuth", [(basic.user, basic.password)])
            case let bearer as BearerAuth where !hasHeader("Authorization"): headers.append(("Authorization", "Bearer " + hurl(bearer.token)))
            default: notCarried.append("auth (\(scheme.schemeDescription.title))")
            }
        case .oauth2?, .command?: notCarried.append("auth (a token fetched when sending)")
        case nil: break
        }

        let arguments = definition.args.map { HTTPFileExportText.fieldPairs($0, order: definition.argumentOrder) } ?? []
        let argumentPairs = arguments.map { ($0.0, $0.1 ?? "") }
        var body: [String] = []
        switch definition.body {
        case nil where definition.method.encodesArgumentsInQuery:
            section("QueryStringParams", argumentPairs)
        case nil:
            section("FormParams", argumentPairs)
        case .json?, .form?:
            if !arguments.isEmpty { notCarried.append("args (the body replaces them)") }
        case .text?, .file?, .graphql?:
            url = HTTPFileExportText.appendingQuery(HTTPFileExportText.pairs(definition.args ?? .object([:]), order: definition.argumentOrder), to: url)
        case .multipart?:
            break
        }
        switch definition.body {
        case .json(let value)?:
            body = HTTPFileExportText.prettyJSON(value).split(separator: "\n").map { hurl(String($0)) }
        case .form(let value, let order)?:
            section("FormParams", HTTPFileExportText.fieldPairs(value, order: order).map { ($0.0, $0.1 ?? "") })
        case .text(let text, let type)?:
            contentType(type)
            if let written = HurlExportText.body(hurl(text)) {
                body = written.lines
                if written.gainsLineBreak { notCarried.append("the body's end (a Hurl multiline string ends with a line break)") }
            } else {
                body = ["base64," + Data(text.utf8).base64EncodedString() + ";"]
                notCarried.append("the body's templates (a line starting with ``` makes it base64)")
            }
        case .file(let path, let type)?:
            contentType(type)
            body = ["file," + HurlExportText.value(path).replacingOccurrences(of: ";", with: "\\;") + ";"]
        case .graphql(let graphql)?:
            if graphql.isFile { notCarried.append("the GraphQL query file \(graphql.query)") }
            if graphql.operationName != nil { notCarried.append("the GraphQL operationName") }
            body = ["```graphql"] + hurl(graphql.query).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let variables = graphql.variables {
                body += ["", "variables " + HTTPFileExportText.prettyJSON(variables).split(separator: "\n").map { hurl(String($0)) }.joined(separator: "\n")]
            }
            body.append("```")
        case .multipart(let parts)?:
            var pairs = argumentPairs
            for part in parts {
                if let file = part.file {
                    pairs.append((part.name, "file," + file + ";" + (part.contentType.map { " " + $0 } ?? "")))
                    if let filename = part.filename, filename != (file as NSString).lastPathComponent {
                        notCarried.append("the filename \(filename) of part \(part.name) (Hurl sends the file's own name)")
                    }
                } else {
                    pairs.append((part.name, part.value ?? ""))
                }
            }
            sections.append(("MultipartFormData", pairs.map { HurlExportText.key($0.0) + ": " + (HurlExportText.value(hurl($0.1))) }))
        case nil:
            break
        }

        lines.append(definition.method.rawValue + " " + hurl(url))
        lines += headers.map { HurlExportText.key($0.name) + ": " + HurlExportText.value($0.value) }
        for section in sections { lines += ["[\(section.name)]"] + section.lines }
        lines += body
        let response = self.response(definition, extras: extras)
        lines += response.lines.map(hurl)
        lines.append("")
        return (lines, notCarried + response.notCarried + unsupportedSettings(definition))
    }

    /// `HTTP STATUS` (the first `status == N` check, else `*`), `[Captures]` and `[Asserts]`.
    private static func response(_ definition: RequestDefinition, extras: Extras) -> (lines: [String], notCarried: [String]) {
        var checks = extras.expectations
        var notCarried: [String] = []
        var status = "*"
        if let index = checks.firstIndex(where: { expectation in
            guard case .check(let check) = expectation, check.subject == .status, !check.counts, !check.predicate.isNegated,
                  check.predicate.op == .equal, case .literal(.int)? = check.predicate.value else { return false }
            return true
        }), case .check(let check) = checks[index], case .literal(.int(let code))? = check.predicate.value {
            status = String(code)
            checks.remove(at: index)
        } else if let codes = definition.validate?.statusCodes, codes.count == 1 {
            status = String(codes.first!)
        }
        var asserts: [String] = []
        for expectation in checks {
            switch expectation {
            case .check(let check):
                switch HurlExportChecks.assert(check) {
                case .success(let line): asserts.append(line)
                case .failure(let reason): notCarried.append("check \(check.text): \(reason.text)")
                }
            case .schema:
                notCarried.append("a JSON Schema check (Hurl has none)")
            }
        }
        let captures = extras.captures.map(HurlExportChecks.capture)
        guard status != "*" || !asserts.isEmpty || !captures.isEmpty else { return ([], notCarried) }
        var lines = ["HTTP " + status]
        if !captures.isEmpty { lines += ["[Captures]"] + captures }
        if !asserts.isEmpty { lines += ["[Asserts]"] + asserts }
        return (lines, notCarried)
    }

    /// What the request sets that a Hurl file has no place for.
    private static func unsupportedSettings(_ definition: RequestDefinition) -> [String] {
        let settings: [(String, Bool)] = [
            ("timeout", definition.timeout != nil), ("deadline", definition.deadline != nil),
            ("maxBodyBytes", definition.maxBodyBytes != nil), ("priority", definition.priority != nil), ("cache", definition.cache != nil),
            ("validate.json", definition.validate?.json != nil), ("accept", definition.acceptedContentTypes != nil),
            ("response", definition.response != nil), ("download", definition.download != nil), ("retry", definition.retry != nil),
            ("sensitive", !definition.sensitive.isEmpty), ("cookies: false", !definition.sendsCookies),
            ("paginate", definition.paginate != nil),
        ]
        return settings.filter(\.1).map(\.0)
    }
}
