import Courier

extension RequestYAML {
    /// `auth:` lines of an oauth2 or command auth, two spaces in (empty for the other kinds).
    static func tokenAuthLines(_ auth: RequestDefinition.Auth) -> [String] {
        var lines = ["  auth:"]
        func add(_ key: String, _ value: String?, level: Int) {
            guard let value else { return }
            lines.append(String(repeating: "  ", count: level) + key + ": " + YAMLScalar.string(value, at: .blockValue))
        }
        switch auth {
        case .oauth2(let settings):
            lines.append("    oauth2:")
            add("grant", settings.grant.rawValue, level: 3)
            add("tokenUrl", settings.tokenURL, level: 3)
            add("authUrl", settings.authURL, level: 3)
            add("clientId", settings.clientID, level: 3)
            add("clientSecret", settings.clientSecret, level: 3)
            add("scope", settings.scope, level: 3)
            add("audience", settings.audience, level: 3)
            add("username", settings.username, level: 3)
            add("password", settings.password, level: 3)
            add("refreshToken", settings.refreshToken, level: 3)
            if settings.clientAuth != .basic { add("clientAuth", settings.clientAuth.rawValue, level: 3) }
            if settings.redirectTimeout != 120 { lines.append("      redirectTimeout: " + YAMLScalar.seconds(settings.redirectTimeout)) }
            if let port = settings.redirectPort { lines.append("      redirectPort: \(port)") }
        case .command(let command):
            add("command", command.command, level: 2)
            if let ttl = command.ttl { lines.append("    ttl: \(ttl)") }
            if command.header != "Authorization" { add("header", command.header, level: 2) }
            if command.prefix != "Bearer " { add("prefix", command.prefix, level: 2) }
            if command.timeout != 30 { lines.append("    timeout: " + YAMLScalar.seconds(command.timeout)) }
        default:
            return []
        }
        return lines
    }
}
