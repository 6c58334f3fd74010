import Foundation

/// HTTP Basic (RFC 7617): `Authorization: Basic base64(user:password)`.
/// Written `auth: {basic: {user, password}}`.
public struct BasicAuth: UserPasswordScheme {
    /// The user name, written `user`; it may not contain a colon (RFC 7617 §2).
    public var user: String
    /// The password, written `password`: a secret, redacted wherever shown (the header that
    /// carries it too, since `Authorization` is a credential header).
    public var password: String

    /// Basic with `user` and `password`, sent with every request (no challenge first).
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public static let schemeDescription = AuthSchemeDescription(
        key: "basic", title: "Basic", summary: "user and password in the Authorization header, base64-encoded",
        fields: userPasswordFields)

    /// The header replaces one the scheme finds; one the request writes itself wins (the
    /// request builder puts it back).
    public func authorize(_ request: inout PreparedRequest) throws(RequestError) {
        request.replaceHeader("Authorization", with: "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
    }
}
