import Courier

extension WorkspaceRequest {
    /// The header an `oauth2:` or `command:` token goes in, which the authenticator sets only
    /// at send time: its name, and its value with the token shown as where it comes from
    /// (`Bearer <token from oauth2>`). Nil for other auth.
    public var tokenHeader: (name: String, value: String)? {
        guard let authentication = source.auth?.authentication, let scheme = authentication.scheme as? any TokenScheme else { return nil }
        let header = scheme.tokenHeader
        return (header.name, header.prefix + "<token from \(authentication.schemeDescription.key)>")
    }

    /// The header ``tokenHeader`` names with the token the authenticator gives now (fetched,
    /// or the command run, when none is cached): what export-curl's `--fetch-token` writes.
    public func fetchedTokenHeader() async throws -> (name: String, value: String)? {
        guard let header = tokenHeader, let authenticator else { return nil }
        let fields = try await authenticator.credentials(for: self)
        return fields.first { $0.key.caseInsensitiveCompare(header.name) == .orderedSame }.map { ($0.key, $0.value) }
    }
}
