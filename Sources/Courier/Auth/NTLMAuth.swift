/// NTLM, as Windows servers ask for it; libcurl answers the challenge. The user may name its
/// domain (`DOMAIN\user`). Written `auth: {ntlm: {user, password}}`.
public struct NTLMAuth: AuthScheme {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public static let schemeDescription = AuthSchemeDescription(
        key: "ntlm", title: "NTLM", summary: "libcurl answers the server's challenge",
        fields: [AuthField("user", required: true), AuthField("password", kind: .secret, required: true)])

    public init(values: AuthValues) throws(AuthValueError) {
        let values = try values.checked(against: Self.schemeDescription)
        self.init(user: Self.text(values, "user"), password: Self.text(values, "password"))
    }

    public var values: AuthValues { AuthValues(["user": user, "password": password]) }

    public func authorize(_ request: inout PreparedRequest) throws(RequestError) {
        request.libcurlAuthentication = LibcurlAuthentication(.ntlm, user: user, password: password)
    }
}
