/// A bearer token (RFC 6750): `Authorization: Bearer TOKEN`. Written `auth: {bearer: TOKEN}`.
public struct BearerAuth: AuthScheme {
    /// The token as issued, without the `Bearer ` prefix: a secret, redacted wherever shown.
    /// It goes into the header as it is, so a placeholder whose value holds a control
    /// character is refused before the request is built.
    public var token: String

    /// A bearer token, sent with every request.
    public init(token: String) {
        self.token = token
    }

    public static let schemeDescription = AuthSchemeDescription(
        key: "bearer", title: "Bearer", summary: "the token in the Authorization header", shape: .value,
        fields: [AuthField("token", kind: .secret, required: true, headerValue: true)])

    public init(values: AuthValues) throws(AuthValueError) {
        self.init(token: Self.text(try values.checked(against: Self.schemeDescription), "token"))
    }

    public var values: AuthValues { AuthValues(["token": token]) }

    /// The token, and the header value that holds it.
    public var secrets: [String] { token.isEmpty ? [] : [token, "Bearer \(token)"] }

    /// The header replaces any `Authorization` the request has.
    public func authorize(_ request: inout PreparedRequest) throws(RequestError) {
        request.replaceHeader("Authorization", with: "Bearer \(token)")
    }
}
