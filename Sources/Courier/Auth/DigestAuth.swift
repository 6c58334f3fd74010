/// HTTP Digest (RFC 7616): libcurl answers the server's challenge (MD5 or SHA-256).
/// Written `auth: {digest: {user, password}}`.
public struct DigestAuth: UserPasswordScheme {
    /// The user name, written `user` (libcurl's `CURLOPT_USERNAME`).
    public var user: String
    /// The password, written `password` (libcurl's `CURLOPT_PASSWORD`): a secret, redacted
    /// wherever shown. Never sent itself, only the digest libcurl makes of it.
    public var password: String

    /// Digest with `user` and `password`: the first request goes without credentials, and
    /// libcurl answers the server's 401 challenge (`CURLOPT_HTTPAUTH` `CURLAUTH_DIGEST`).
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public static let schemeDescription = AuthSchemeDescription(
        key: "digest", title: "Digest", summary: "libcurl answers the server's challenge (MD5 or SHA-256)",
        fields: userPasswordFields)

    public func authorize(_ request: inout PreparedRequest) throws(RequestError) {
        request.libcurlAuthentication = LibcurlAuthentication(.digest, user: user, password: password)
    }
}
