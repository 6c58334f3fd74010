/// A token from an OAuth2 token endpoint (RFC 6749), sent as `Authorization: Bearer TOKEN`.
/// The token is fetched, cached and refreshed when the request is sent (in a workspace, by the
/// runner's `OAuth2TokenSource`); this is what is fetched with and where the token goes.
/// Written `auth: {oauth2: {grant, tokenUrl, clientId, …}}`.
public struct OAuth2Auth: TokenScheme {
    /// How the token is obtained.
    public enum Grant: String, Sendable, Hashable, CaseIterable {
        case clientCredentials = "client_credentials"
        case password
        case refreshToken = "refresh_token"
        /// With PKCE (S256) and a loopback redirect listener on 127.0.0.1.
        case authorizationCode = "authorization_code"
    }

    /// Where the client's id and secret go: an HTTP Basic header, or the form body.
    public enum ClientAuth: String, Sendable, Hashable, CaseIterable {
        case basic, body
    }

    public var grant: Grant
    public var tokenURL: String
    /// The authorization endpoint (the code grant's page the user opens).
    public var authURL: String?
    public var clientID: String
    public var clientSecret: String?
    public var scope: String?
    public var audience: String?
    public var username: String?
    public var password: String?
    /// The refresh token the `refresh_token` grant starts from.
    public var refreshToken: String?
    public var clientAuth = ClientAuth.basic
    /// Seconds the code grant waits for the browser's redirect.
    public var redirectTimeout: Double = 120
    /// The code grant's loopback port, as registered with the provider; nil: a free one.
    public var redirectPort: UInt16?

    public init(grant: Grant, tokenURL: String, clientID: String) {
        self.grant = grant
        self.tokenURL = tokenURL
        self.clientID = clientID
    }

    public static let schemeDescription = AuthSchemeDescription(
        key: "oauth2", title: "OAuth2", summary: "tokens are fetched when sent, cached and refreshed",
        fields: [AuthField("grant", kind: .choice(Grant.allCases.map(\.rawValue)), required: true),
                 AuthField("tokenUrl", label: "token URL", required: true),
                 AuthField("authUrl", label: "auth URL"),
                 AuthField("clientId", label: "client", required: true),
                 AuthField("clientSecret", label: "secret", kind: .secret),
                 AuthField("scope"), AuthField("audience"), AuthField("username"),
                 AuthField("password", kind: .secret),
                 AuthField("refreshToken", label: "refresh token", kind: .secret),
                 AuthField("clientAuth", label: "client auth", kind: .choice(ClientAuth.allCases.map(\.rawValue)), default: "basic"),
                 AuthField("redirectTimeout", label: "redirect wait", kind: .seconds(1...3600), default: "120"),
                 AuthField("redirectPort", label: "redirect port", kind: .integer(1...65_535))])

    public init(values: AuthValues) throws(AuthValueError) {
        let values = try values.checked(against: Self.schemeDescription)
        self.init(grant: Grant(rawValue: Self.text(values, "grant")) ?? .clientCredentials,
                  tokenURL: Self.text(values, "tokenUrl"), clientID: Self.text(values, "clientId"))
        authURL = values["authUrl"]
        clientSecret = values["clientSecret"]
        scope = values["scope"]
        audience = values["audience"]
        username = values["username"]
        password = values["password"]
        refreshToken = values["refreshToken"]
        clientAuth = ClientAuth(rawValue: Self.text(values, "clientAuth")) ?? .basic
        redirectTimeout = Double(Self.text(values, "redirectTimeout")) ?? 120
        redirectPort = values["redirectPort"].flatMap { UInt16($0) }
        switch grant {
        case .password where username == nil || password == nil:
            throw AuthValueError(.missing, field: nil, "the password grant needs username and password")
        case .refreshToken where refreshToken == nil:
            throw AuthValueError(.missing, field: nil, "the refresh_token grant needs refreshToken")
        case .authorizationCode where authURL == nil:
            throw AuthValueError(.missing, field: nil, "the authorization_code grant needs authUrl")
        default:
            break
        }
    }

    public var values: AuthValues {
        var values = AuthValues(["grant": grant.rawValue, "tokenUrl": tokenURL, "clientId": clientID,
                                 "clientAuth": clientAuth.rawValue, "redirectTimeout": AuthValues.number(redirectTimeout)])
        values["authUrl"] = authURL
        values["clientSecret"] = clientSecret
        values["scope"] = scope
        values["audience"] = audience
        values["username"] = username
        values["password"] = password
        values["refreshToken"] = refreshToken
        values["redirectPort"] = redirectPort.map { String($0) }
        return values
    }

    public var tokenHeader: (name: String, prefix: String) { ("Authorization", "Bearer ") }
}
