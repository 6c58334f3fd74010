import Courier
import CourierFormatCore

extension RequestDefinition.Auth {
    /// HTTP Basic.
    public static func basic(user: String, password: String) -> Self { .scheme(.basic(user: user, password: password)) }
    /// A bearer token.
    public static func bearer(token: String) -> Self { .scheme(.bearer(token: token)) }

    /// The auth as the engine's scheme, whatever its kind: what the writer, the composer and
    /// redaction read.
    public var authentication: HTTPAuthentication {
        switch self {
        case .oauth2(let settings): HTTPAuthentication(settings.scheme)
        case .command(let command): HTTPAuthentication(command.scheme)
        case .scheme(let authentication): authentication
        }
    }

    /// `authentication` as a workspace auth: the token schemes, which the runner fetches a
    /// token for, keep where they are written (`location`) for its errors.
    public init(_ authentication: HTTPAuthentication, location: SourceLocation) {
        if let oauth2 = authentication.scheme(as: OAuth2Auth.self) {
            self = .oauth2(OAuth2Settings(oauth2, location: location))
        } else if let command = authentication.scheme(as: CommandAuth.self) {
            self = .command(TokenCommand(command, location: location))
        } else {
            self = .scheme(authentication)
        }
    }

    /// The same auth with `values` (its templates filled in, say).
    package func with(values: AuthValues) throws(AuthValueError) -> Self {
        switch self {
        case .oauth2(let settings): .oauth2(OAuth2Settings(try OAuth2Auth(values: values), location: settings.location))
        case .command(let command): .command(TokenCommand(try CommandAuth(values: values), location: command.location))
        case .scheme(let authentication): .scheme(try authentication.with(values: values))
        }
    }
}
