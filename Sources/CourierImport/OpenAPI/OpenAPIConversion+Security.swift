import OpenAPIKit
import CourierWorkspace

/// Security: the operation's `security` (else the document's; `[]` means none), its first
/// alternative, each scheme of it as auth with variables: HTTP bearer as
/// `auth: {bearer: "{{bearerToken}}"}`, HTTP basic as `{{username}}`/`{{password}}`, an API
/// key as a header, query parameter or cookie holding `{{<scheme name>}}`, OAuth 2 as
/// `auth: {oauth2: …}` with `{{clientId}}`/`{{clientSecret}}` (implicit only, and OpenID
/// Connect, as a bearer `{{accessToken}}`: a note says where to get one).
extension OpenAPIConversion {
    mutating func convertSecurity(_ operation: OpenAPI.Operation, into request: inout ImportedWorkspace.Request,
                                  query: inout [String]) {
        let name = request.definition.name
        let requirements = operation.security ?? document.security
        guard let chosen = requirements.first, !chosen.isEmpty else { return }
        if requirements.count > 1 {
            let others = requirements.dropFirst().map { schemeNames($0).joined(separator: " + ") }.map { $0.isEmpty ? "none" : $0 }
            report.notes.append("request \"\(name)\": uses \(schemeNames(chosen).joined(separator: " + ")); "
                                + "the other ways the operation accepts (\(others.joined(separator: ", "))) are not used")
        }
        for schemeName in schemeNames(chosen) {
            guard let entry = components.securitySchemes[OpenAPI.ComponentKey(rawValue: schemeName) ?? "scheme"],
                  let scheme = try? components.lookup(entry) else {
                report.dropped.append("request \"\(name)\": security scheme \(schemeName), which the document does not define")
                continue
            }
            apply(scheme, named: schemeName, to: &request.definition, query: &query)
        }
    }

    /// Scheme names of a requirement in the order `components.securitySchemes` lists them.
    private func schemeNames(_ requirement: OpenAPI.SecurityRequirement) -> [String] {
        let names = requirement.keys.compactMap(\.name)
        let listed = components.securitySchemes.keys.map(\.rawValue)
        return listed.filter(names.contains) + names.filter { !listed.contains($0) }.sorted()
    }

    private mutating func apply(_ scheme: OpenAPI.SecurityScheme, named schemeName: String,
                                to request: inout RequestDefinition, query: inout [String]) {
        let name = request.name
        switch scheme.type {
        case .apiKey(let keyName, let location):
            let variable = Self.variableName(schemeName)
            declare(variable, "")
            switch location {
            case .header: request.headers.append((keyName, "{{\(variable)}}"))
            case .query:
                query.append(Self.encodeQuery(keyName) + "={{\(variable)}}")
                request.sensitive.append("{{\(variable)}}")
            case .cookie: addCookie(keyName + "={{\(variable)}}", to: &request)
            }
        case .http(let httpScheme, _):
            switch httpScheme.lowercased() {
            case "bearer":
                setAuth(.bearer(token: "{{bearerToken}}"), scheme: schemeName, on: &request)
                declare("bearerToken", "")
            case "basic":
                setAuth(.basic(user: "{{username}}", password: "{{password}}"), scheme: schemeName, on: &request)
                declare("username", "")
                declare("password", "")
            case "digest":
                setAuth(.scheme(.digest(user: "{{username}}", password: "{{password}}")), scheme: schemeName, on: &request)
                declare("username", "")
                declare("password", "")
            case "negotiate":
                setAuth(.scheme(.negotiate), scheme: schemeName, on: &request)
            default:
                report.dropped.append("request \"\(name)\": HTTP \(httpScheme) authentication (scheme \(schemeName)); "
                    + "only basic, bearer, digest and negotiate are supported")
            }
        case .oauth2(let flows, _):
            if let (settings, variables) = Self.oauth2Settings(flows, location: request.location) {
                setAuth(.oauth2(settings), scheme: schemeName, on: &request)
                variables.forEach { declare($0, "") }
                report.notes.append("security scheme \(schemeName) (OAuth 2\(Self.tokenSource(flows))): set "
                                    + variables.joined(separator: ", ") + "; Courier fetches and refreshes the token")
                return
            }
            setAuth(.bearer(token: "{{accessToken}}"), scheme: schemeName, on: &request)
            declare("accessToken", "")
            explain(schemeName, "OAuth 2" + Self.tokenSource(flows))
        case .openIdConnect(let url):
            setAuth(.bearer(token: "{{accessToken}}"), scheme: schemeName, on: &request)
            declare("accessToken", "")
            explain(schemeName, "OpenID Connect, configured at \(url.absoluteString)")
        case .mutualTLS:
            report.notes.append("request \"\(name)\": mutual TLS (scheme \(schemeName)); give the request or config "
                + "tls: {clientCert, clientKey, keyPassword}")
        }
    }

    private mutating func setAuth(_ auth: RequestDefinition.Auth, scheme: String, on request: inout RequestDefinition) {
        guard request.auth == nil else {
            report.dropped.append("request \"\(request.name)\": security scheme \(scheme) as well (a request has one auth)")
            return
        }
        request.auth = auth
    }

    /// One note per OAuth 2 / OpenID Connect scheme: where the token comes from.
    private mutating func explain(_ schemeName: String, _ source: String) {
        guard explainedSchemes.insert(schemeName).inserted else { return }
        report.notes.append("security scheme \(schemeName) (\(source)): get an access token and set accessToken; "
                            + "requests send it as a bearer token")
    }

    private static func tokenSource(_ flows: OpenAPI.OAuthFlows) -> String {
        if let flow = flows.clientCredentials { return ", client credentials at \(flow.tokenUrl.absoluteString)" }
        if let flow = flows.authorizationCode { return ", authorization code at \(flow.authorizationUrl.absoluteString)" }
        if let flow = flows.password { return ", password at \(flow.tokenUrl.absoluteString)" }
        if let flow = flows.implicit { return ", implicit at \(flow.authorizationUrl.absoluteString)" }
        return ""
    }
}
