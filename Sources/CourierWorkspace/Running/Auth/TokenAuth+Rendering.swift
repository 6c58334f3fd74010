extension RequestDefinition.Auth {
    /// An oauth2 or command auth with its placeholders filled in from `scope`, and the values
    /// to hide (client secret, password, refresh token); nil for the other kinds.
    func renderedTokenAuth(in scope: VariableScope) throws(TemplateError) -> (auth: Self, secrets: [String])? {
        switch self {
        case .oauth2(var settings):
            func render(_ text: String?) throws(TemplateError) -> String? { try text.map { t throws(TemplateError) in try scope.render(t) } }
            settings.tokenURL = try scope.render(settings.tokenURL)
            settings.authURL = try render(settings.authURL)
            settings.clientID = try scope.render(settings.clientID)
            settings.clientSecret = try render(settings.clientSecret)
            settings.scope = try render(settings.scope)
            settings.audience = try render(settings.audience)
            settings.username = try render(settings.username)
            settings.password = try render(settings.password)
            settings.refreshToken = try render(settings.refreshToken)
            let secrets = [settings.clientSecret, settings.password, settings.refreshToken].compactMap { $0 }.filter { !$0.isEmpty }
            return (.oauth2(settings), secrets)
        case .command(var command):
            command.command = try scope.render(command.command)
            return (.command(command), [])
        default:
            return nil
        }
    }
}
