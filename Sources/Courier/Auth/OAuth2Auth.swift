/// A token from an OAuth2 token endpoint (RFC 6749), sent as `Authorization: Bearer TOKEN`.
/// The token is fetched, cached and refreshed when the request is sent (in a workspace, by the
/// runner's `OAuth2TokenSource`); this is what is fetched with and where the token goes.
/// Written `auth: {oauth2: {grant, tokenUrl, clientId, …}}`.
public struct OAuth2Auth: TokenScheme {
    /// How the token is obtained.
    public enum Grant: String, Sendable, Hashable, CaseIterable {
        /// `client_credentials` (RFC 6749 §4.4): the client's own id and secret, no user.
        case clientCredentials = "client_credentials"
        /// `password` (§4.3): the user's ``OAuth2Auth/username`` and ``OAuth2Auth/password``
        /// exchanged for a token.
        case password
        /// `refresh_token` (§6): a token from ``OAuth2Auth/refreshToken``, obtained elsewhere.
        case refreshToken = "refresh_token"
        /// With PKCE (S256) and a loopback redirect listener on 127.0.0.1.
        case authorizationCode = "authorization_code"
    }

    /// Where the client's id and secret go: an HTTP Basic header, or the form body.
    public enum ClientAuth: String, Sendable, Hashable, CaseIterable {
        /// `basic` (the default; RFC 6749 §2.3.1): `Authorization: Basic`, id and secret
        /// form-encoded first. `body`: `client_id` and `client_secret` in the form body.
        case basic, body
    }

    /// How the token is obtained, written `grant`; required.
    public var grant: Grant
    /// The token endpoint, written `tokenUrl`; required. Its answer's `access_token` is sent,
    /// and its `refresh_token`, when there is one, renews it.
    public var tokenURL: String
    /// The authorization endpoint (the code grant's page the user opens).
    public var authURL: String?
    /// The client's id, written `clientId`; required. Not a secret.
    public var clientID: String
    /// The client's secret, written `clientSecret`; nil for a public client. A secret,
    /// redacted wherever shown; sent as ``clientAuth`` says.
    public var clientSecret: String?
    /// The scopes asked for, space-separated as RFC 6749 §3.3 writes them (`read write`),
    /// written `scope`; nil: the endpoint's default.
    public var scope: String?
    /// The `audience` parameter some providers want (Auth0: the API's identifier), written
    /// `audience`; nil: not sent.
    public var audience: String?
    /// The resource owner's user name for the ``Grant/password`` grant, written `username`.
    public var username: String?
    /// The resource owner's password for the ``Grant/password`` grant, written `password`:
    /// a secret, redacted wherever shown.
    public var password: String?
    /// The refresh token the `refresh_token` grant starts from.
    public var refreshToken: String?
    /// Where the client's id and secret go, written `clientAuth`; ``ClientAuth/basic`` by default.
    public var clientAuth = ClientAuth.basic
    /// Seconds the code grant waits for the browser's redirect.
    public var redirectTimeout: Double = 120
    /// The code grant's loopback port, as registered with the provider; nil: a free one.
    public var redirectPort: UInt16?

    /// An OAuth2 client of `tokenURL`; the other settings at their defaults (no secret, Basic
    /// client authentication, a 120-second redirect wait on a free port). The password,
    /// refresh-token and authorization-code grants need their fields set as well.
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
