import CourierWorkspace

extension PostmanAuth {
    /// Postman's `oauth2` parameters as `auth: {oauth2: …}`, or why not: Postman's implicit
    /// grant has no Courier counterpart. Postman's plain authorization code becomes the code
    /// grant with PKCE, which servers that do not ask for it ignore.
    static func oauth2(_ parameters: [String: String], convert: (String) -> String) -> Result<OAuth2Settings, UnsupportedGrant> {
        func parameter(_ name: String) -> String? { parameters[name].map(convert) }
        let grantName = parameters["grant_type"] ?? "authorization_code"
        let grant: OAuth2Settings.Grant
        switch grantName {
        case "client_credentials": grant = .clientCredentials
        case "password_credentials": grant = .password
        case "authorization_code", "authorization_code_with_pkce": grant = .authorizationCode
        default: return .failure(UnsupportedGrant(name: grantName))
        }
        // Where it is written is set when it goes on a request.
        var settings = OAuth2Settings(grant: grant, tokenURL: parameter("accessTokenUrl") ?? "", clientID: parameter("clientId") ?? "",
                                      location: SourceLocation(file: "", line: 0, column: 0))
        settings.clientSecret = parameter("clientSecret").flatMap { $0.isEmpty ? nil : $0 }
        settings.scope = parameter("scope").flatMap { $0.isEmpty ? nil : $0 }
        settings.clientAuth = parameters["client_authentication"] == "body" ? .body : .basic
        if grant == .password {
            settings.username = parameter("username") ?? ""
            settings.password = parameter("password") ?? ""
        }
        if grant == .authorizationCode { settings.authURL = parameter("authUrl") ?? "" }
        return .success(settings)
    }

    /// A Postman grant Courier does not do.
    struct UnsupportedGrant: Error {
        let name: String
    }
}
