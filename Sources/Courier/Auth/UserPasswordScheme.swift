/// A scheme whose credentials are a user and a password (basic, digest, NTLM): its two fields,
/// reading them from a workspace's values and writing them back, are this protocol's, so each
/// such scheme declares only its key, its words and how it applies itself.
public protocol UserPasswordScheme: AuthScheme {
    /// The user name, written `user`.
    var user: String { get }
    /// The password, written `password`: a secret, redacted wherever shown.
    var password: String { get }
    /// The scheme with these credentials.
    init(user: String, password: String)
}

extension UserPasswordScheme {
    /// `user` (required) and `password` (required, secret): the fields of every such scheme.
    public static var userPasswordFields: [AuthField] {
        [AuthField("user", required: true), AuthField("password", kind: .secret, required: true)]
    }

    /// Reads `user` and `password` as the scheme's description checks them.
    public init(values: AuthValues) throws(AuthValueError) {
        let values = try values.checked(against: Self.schemeDescription)
        self.init(user: Self.text(values, "user"), password: Self.text(values, "password"))
    }

    /// `user` and `password`, as written.
    public var values: AuthValues { AuthValues(["user": user, "password": password]) }
}
