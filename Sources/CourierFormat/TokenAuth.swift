import Courier
import CourierFormatCore

/// An engine auth scheme as a workspace writes it: the scheme (its fields read through this
/// value: `settings.grant`, `command.ttl`, …) and where `auth` is written, for errors — not
/// part of equality (a definition written back and read again is the same).
@dynamicMemberLookup
package struct WrittenScheme<Scheme: AuthScheme>: Sendable, Hashable {
    package var scheme: Scheme
    /// Where `auth` is written.
    package var location: SourceLocation

    package init(_ scheme: Scheme, location: SourceLocation) {
        self.scheme = scheme
        self.location = location
    }

    package subscript<Value>(dynamicMember field: WritableKeyPath<Scheme, Value>) -> Value {
        get { scheme[keyPath: field] }
        set { scheme[keyPath: field] = newValue }
    }

    package subscript<Value>(dynamicMember field: KeyPath<Scheme, Value>) -> Value {
        scheme[keyPath: field]
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.scheme == rhs.scheme }

    package func hash(into hasher: inout Hasher) { hasher.combine(scheme) }
}

/// `auth: {oauth2: {...}}`: a token from an OAuth2 token endpoint (RFC 6749), fetched,
/// cached and refreshed by ``OAuth2TokenSource``: the engine's ``OAuth2Auth`` and where it is
/// written.
package typealias OAuth2Settings = WrittenScheme<OAuth2Auth>

extension WrittenScheme where Scheme == OAuth2Auth {
    package typealias Grant = OAuth2Auth.Grant
    package typealias ClientAuth = OAuth2Auth.ClientAuth

    package init(grant: Grant, tokenURL: String, clientID: String, location: SourceLocation) {
        self.init(OAuth2Auth(grant: grant, tokenURL: tokenURL, clientID: clientID), location: location)
    }
}

/// `auth: {command: "gh auth token", ttl: 300}`: the token is what a shell command prints —
/// the engine's ``CommandAuth`` and where it is written.
package typealias TokenCommand = WrittenScheme<CommandAuth>

extension WrittenScheme where Scheme == CommandAuth {
    package init(command: String, location: SourceLocation) {
        self.init(CommandAuth(command: command), location: location)
    }
}
