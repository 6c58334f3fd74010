/// `auth: {oauth2: {...}}`: a token from an OAuth2 token endpoint (RFC 6749), fetched,
/// cached and refreshed by ``OAuth2TokenSource``.
public struct OAuth2Settings: Sendable, Hashable {
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
    /// Where `auth` is written, for errors; not part of equality (a definition written back
    /// and read again is the same).
    public var location: SourceLocation

    public init(grant: Grant, tokenURL: String, clientID: String, location: SourceLocation) {
        self.grant = grant
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.location = location
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.grant == rhs.grant && lhs.tokenURL == rhs.tokenURL && lhs.authURL == rhs.authURL
            && lhs.clientID == rhs.clientID && lhs.clientSecret == rhs.clientSecret && lhs.scope == rhs.scope
            && lhs.audience == rhs.audience && lhs.username == rhs.username && lhs.password == rhs.password
            && lhs.refreshToken == rhs.refreshToken && lhs.clientAuth == rhs.clientAuth
            && lhs.redirectTimeout == rhs.redirectTimeout && lhs.redirectPort == rhs.redirectPort
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(grant)
        hasher.combine(tokenURL)
        hasher.combine(clientID)
    }
}

/// `auth: {command: "gh auth token", ttl: 300}`: the token is what a shell command prints.
public struct TokenCommand: Sendable, Hashable {
    public var command: String
    /// Seconds the output is reused; nil: for the whole session.
    public var ttl: Int?
    /// The header the token goes in.
    public var header = "Authorization"
    /// Written before the token in the header.
    public var prefix = "Bearer "
    /// Seconds the command may run.
    public var timeout: Double = 30
    /// Where `auth` is written, for errors; not part of equality.
    public var location: SourceLocation

    public init(command: String, location: SourceLocation) {
        self.command = command
        self.location = location
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.command == rhs.command && lhs.ttl == rhs.ttl && lhs.header == rhs.header && lhs.prefix == rhs.prefix
            && lhs.timeout == rhs.timeout
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(command)
        hasher.combine(ttl)
    }
}

extension RequestDefinition {
    /// The keys of `auth:` this file reads.
    static let tokenAuthKeys = ["oauth2", "command", "ttl", "header", "prefix", "timeout"]

    /// `auth: {oauth2: {...}}` or `auth: {command: ..., ttl:, header:, prefix:, timeout:}`; nil
    /// when `map` has neither.
    static func tokenAuth(_ map: YAMLMapping, text: (YAMLValue) throws(WorkspaceError) -> String) throws(WorkspaceError) -> Auth? {
        if let value = map["oauth2"] { return .oauth2(try oauth2(value, text: text)) }
        guard let value = map["command"] else {
            if let stray = ["ttl", "header", "prefix", "timeout"].compactMap({ map[$0] }).first {
                throw stray.error(.invalidValue, "ttl, header, prefix and timeout go with auth.command")
            }
            return nil
        }
        var command = TokenCommand(command: try text(value), location: value.location)
        command.ttl = try map["ttl"]?.int(in: 0...31_536_000, "a number of seconds")
        if let header = map["header"] { command.header = try header.string() }
        if let prefix = map["prefix"] { command.prefix = try prefix.string() }
        command.timeout = try map["timeout"]?.double(in: 0.1...3600, "a number of seconds") ?? command.timeout
        return .command(command)
    }

    private static func oauth2(_ value: YAMLValue, text: (YAMLValue) throws(WorkspaceError) -> String) throws(WorkspaceError) -> OAuth2Settings {
        let keys = ["grant", "tokenUrl", "authUrl", "clientId", "clientSecret", "scope", "audience", "username", "password",
                    "refreshToken", "clientAuth", "redirectTimeout", "redirectPort"]
        let map = try value.mapping(allowed: keys, expected: "oauth2 settings: grant, tokenUrl, clientId, …")
        let grantNode = try map.required("grant", hint: OAuth2Settings.Grant.allCases.map(\.rawValue).joined(separator: ", "))
        let grantName = try grantNode.string()
        guard let grant = OAuth2Settings.Grant(rawValue: grantName) else {
            throw grantNode.error(.invalidValue, "unknown grant \"\(grantName)\" (expected one of: "
                + OAuth2Settings.Grant.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        var settings = OAuth2Settings(grant: grant, tokenURL: try text(map.required("tokenUrl")),
                                      clientID: try text(map.required("clientId")), location: value.location)
        func optional(_ key: String) throws(WorkspaceError) -> String? { try map[key].map { v throws(WorkspaceError) in try text(v) } }
        settings.authURL = try optional("authUrl")
        settings.clientSecret = try optional("clientSecret")
        settings.scope = try optional("scope")
        settings.audience = try optional("audience")
        settings.username = try optional("username")
        settings.password = try optional("password")
        settings.refreshToken = try optional("refreshToken")
        if let node = map["clientAuth"] {
            let name = try node.string()
            guard let clientAuth = OAuth2Settings.ClientAuth(rawValue: name) else {
                throw node.error(.invalidValue, "clientAuth is basic or body, not \"\(name)\"")
            }
            settings.clientAuth = clientAuth
        }
        settings.redirectTimeout = try map["redirectTimeout"]?.double(in: 1...3600, "a number of seconds") ?? settings.redirectTimeout
        settings.redirectPort = (try map["redirectPort"]?.int(in: 1...65_535, "a port number")).map { UInt16($0) }
        switch grant {
        case .password where settings.username == nil || settings.password == nil:
            throw value.error(.missingKey, "the password grant needs username and password")
        case .refreshToken where settings.refreshToken == nil:
            throw value.error(.missingKey, "the refresh_token grant needs refreshToken")
        case .authorizationCode where settings.authURL == nil:
            throw value.error(.missingKey, "the authorization_code grant needs authUrl")
        default:
            break
        }
        return settings
    }
}
