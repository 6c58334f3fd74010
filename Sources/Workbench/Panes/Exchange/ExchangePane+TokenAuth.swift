import Courier
import CourierWorkspace

extension ExchangePane {
    /// The Auth tab's lines for an oauth2 or command auth; secrets hidden unless `reveal`.
    static func tokenAuthLines(_ auth: RequestDefinition.Auth, reveal: Bool) -> [StyledLine] {
        func secret(_ text: String) -> String { reveal ? text : Redaction.placeholder }
        func row(_ name: String, _ value: String?) -> StyledLine? {
            value.map { value in StyledLine.build { $0.append(" " + name.padding(toLength: 14, withPad: " ", startingAt: 0), .syntaxKey); $0.append(value) } }
        }
        switch auth {
        case .oauth2(let s):
            return [row("OAuth2", s.grant.rawValue), row("token URL", s.tokenURL), row("auth URL", s.authURL),
                    row("client", s.clientID + " (\(s.clientAuth.rawValue))"), row("secret", s.clientSecret.map(secret)),
                    row("scope", s.scope), row("audience", s.audience), row("username", s.username),
                    row("password", s.password.map(secret)), row("refresh token", s.refreshToken.map(secret))].compactMap { $0 }
                + [StyledLine(" Tokens are fetched when sent, cached and refreshed; v shows or hides secrets", .dim)]
        case .command(let c):
            return [row("Command", c.command), row("TTL", c.ttl.map { "\($0) s" } ?? "the session"),
                    row("header", c.header + ": " + c.prefix + "…")].compactMap { $0 }
        default:
            return []
        }
    }
}
