/// Every auth scheme Courier knows, in the order `auth:` is read, listed once: the workspace
/// parser, the YAML writer, the composer and redaction find schemes here. A new scheme is its
/// file and a line here.
public enum AuthSchemes {
    /// The schemes' types, in the order `auth:` is read: basic, bearer, digest, NTLM,
    /// Negotiate, AWS SigV4, OAuth2, command, message signature.
    public static let all: [any AuthScheme.Type] = [
        BasicAuth.self,
        BearerAuth.self,
        DigestAuth.self,
        NTLMAuth.self,
        NegotiateAuth.self,
        AWSCredentials.self,
        OAuth2Auth.self,
        CommandAuth.self,
        MessageSignatureAuth.self,
    ]

    /// The scheme written under `key` in `auth:`.
    public static func named(_ key: String) -> (any AuthScheme.Type)? {
        all.first { $0.schemeDescription.key == key }
    }
}
