/// NTLM, as Windows servers ask for it; libcurl answers the challenge. The user may name its
/// domain (`DOMAIN\user`). Written `auth: {ntlm: {user, password}}`.
public struct NTLMAuth: UserPasswordScheme {
    /// The user name, written `user`, with its domain when the server wants one
    /// (`DOMAIN\user`); libcurl's `CURLOPT_USERNAME`.
    public var user: String
    /// The password, written `password` (libcurl's `CURLOPT_PASSWORD`): a secret, redacted
    /// wherever shown.
    public var password: String

    /// NTLM with `user` and `password`; libcurl answers the server's challenge
    /// (`CURLOPT_HTTPAUTH` `CURLAUTH_NTLM`).
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public static let schemeDescription = AuthSchemeDescription(
        key: "ntlm", title: "NTLM", summary: "libcurl answers the server's challenge",
        fields: userPasswordFields)

    public func authorize(_ request: inout PreparedRequest) throws(RequestError) {
        request.libcurlAuthentication = LibcurlAuthentication(.ntlm, user: user, password: password)
    }
}
