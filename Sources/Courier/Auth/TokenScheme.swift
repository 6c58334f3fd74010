/// A scheme whose credential is a token fetched when the request is sent — from an OAuth2
/// token endpoint, or printed by a command — by a ``RequestAuthenticator`` (in a workspace,
/// the runner's token sources). The scheme says where the fetched token goes.
public protocol TokenScheme: AuthScheme {
    /// The header field the token goes in, and what is written before the token.
    var tokenHeader: (name: String, prefix: String) { get }
}

extension TokenScheme {
    /// The header fields that carry `token`, as ``RequestAuthenticator/credentials(for:)`` returns them.
    public func credentials(token: String) -> [String: String] {
        [tokenHeader.name: tokenHeader.prefix + token]
    }
}
