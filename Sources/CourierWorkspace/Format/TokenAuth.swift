import Courier

/// `auth: {oauth2: {...}}`: a token from an OAuth2 token endpoint (RFC 6749), fetched,
/// cached and refreshed by ``OAuth2TokenSource``. The engine's ``OAuth2Auth`` (its fields
/// read as `settings.grant`, `settings.tokenURL`, …) and where it is written.
@dynamicMemberLookup
public struct OAuth2Settings: Sendable, Hashable {
    public typealias Grant = OAuth2Auth.Grant
    public typealias ClientAuth = OAuth2Auth.ClientAuth

    public var scheme: OAuth2Auth
    /// Where `auth` is written, for errors; not part of equality (a definition written back
    /// and read again is the same).
    public var location: SourceLocation

    public init(_ scheme: OAuth2Auth, location: SourceLocation) {
        self.scheme = scheme
        self.location = location
    }

    public init(grant: Grant, tokenURL: String, clientID: String, location: SourceLocation) {
        self.init(OAuth2Auth(grant: grant, tokenURL: tokenURL, clientID: clientID), location: location)
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<OAuth2Auth, Value>) -> Value {
        get { scheme[keyPath: field] }
        set { scheme[keyPath: field] = newValue }
    }

    public subscript<Value>(dynamicMember field: KeyPath<OAuth2Auth, Value>) -> Value {
        scheme[keyPath: field]
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.scheme == rhs.scheme }

    public func hash(into hasher: inout Hasher) { hasher.combine(scheme) }
}

/// `auth: {command: "gh auth token", ttl: 300}`: the token is what a shell command prints.
/// The engine's ``CommandAuth`` (read as `command.ttl`, `command.header`, …) and where it is written.
@dynamicMemberLookup
public struct TokenCommand: Sendable, Hashable {
    public var scheme: CommandAuth
    /// Where `auth` is written, for errors; not part of equality.
    public var location: SourceLocation

    public init(_ scheme: CommandAuth, location: SourceLocation) {
        self.scheme = scheme
        self.location = location
    }

    public init(command: String, location: SourceLocation) {
        self.init(CommandAuth(command: command), location: location)
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<CommandAuth, Value>) -> Value {
        get { scheme[keyPath: field] }
        set { scheme[keyPath: field] = newValue }
    }

    public subscript<Value>(dynamicMember field: KeyPath<CommandAuth, Value>) -> Value {
        scheme[keyPath: field]
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.scheme == rhs.scheme }

    public func hash(into hasher: inout Hasher) { hasher.combine(scheme) }
}
