/// The auth scheme a request uses, any of ``AuthSchemes/all``: basic and bearer headers,
/// the schemes libcurl performs (digest, NTLM, Negotiate, AWS SigV4), a message signature,
/// or the description of an OAuth2 or command token (fetched by a ``RequestAuthenticator``).
///
/// ```swift
/// final class ReportRequest: Request {
///     override var requestURL: String { "https://api.example.com/reports" }
///     override var httpAuthentication: HTTPAuthentication? { .digest(user: "ada", password: "secret") }
/// }
/// ```
public struct HTTPAuthentication: Sendable, Hashable, CustomStringConvertible {
    /// The scheme and its values.
    public var scheme: any AuthScheme { storage.scheme }

    /// Held in an object: a struct with an existential inside is copied field by field, and
    /// a ``PreparedRequest`` holding one could no longer be read in place.
    private let storage: Storage

    private final class Storage: Sendable {
        let scheme: any AuthScheme
        init(_ scheme: any AuthScheme) { self.scheme = scheme }
    }

    /// Wraps `scheme`, one of ``AuthSchemes/all`` or a scheme of one's own, for
    /// ``Request/httpAuthentication``: `HTTPAuthentication(DigestAuth(user: "ada", password: p))`.
    public init(_ scheme: some AuthScheme) {
        storage = Storage(scheme)
    }

    /// A scheme of `type` from its fields' values.
    public init(_ type: any AuthScheme.Type, values: AuthValues) throws(AuthValueError) {
        func make<Scheme: AuthScheme>(_ type: Scheme.Type) throws(AuthValueError) -> HTTPAuthentication {
            HTTPAuthentication(try Scheme(values: values))
        }
        self = try make(type)
    }

    /// The scheme's description.
    public var schemeDescription: AuthSchemeDescription { scheme.schemeDescription }

    /// The scheme's field values.
    public var values: AuthValues { scheme.values }

    /// The password, secret key, token or key: values never shown in clear.
    public var secrets: [String] { scheme.secrets }

    /// The scheme's title and field values, secrets replaced by ``Redaction/placeholder``.
    public var description: String {
        let values = self.values
        let fields = schemeDescription.fields.compactMap { field in
            values[field.key].map { field.key + ": " + (field.isSensitive ? Redaction.placeholder : $0) }
        }
        return schemeDescription.title + (fields.isEmpty ? "" : " (" + fields.joined(separator: ", ") + ")")
    }

    /// The same scheme with other values (its templates filled in, say).
    public func with(values: AuthValues) throws(AuthValueError) -> HTTPAuthentication {
        try HTTPAuthentication(type(of: scheme), values: values)
    }

    /// The scheme as `type`, when it is one.
    public func scheme<Scheme: AuthScheme>(as type: Scheme.Type) -> Scheme? {
        scheme as? Scheme
    }

    /// Matches an authentication of the scheme `pattern` in a `switch` (`case DigestAuth.self:`).
    public static func ~= <Scheme: AuthScheme>(pattern: Scheme.Type, value: Self) -> Bool {
        value.scheme is Scheme
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.scheme.isEqual(to: rhs.scheme)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: scheme)))
        scheme.hash(into: &hasher)
    }
}

extension HTTPAuthentication {
    /// HTTP Basic (``BasicAuth``).
    public static func basic(user: String, password: String) -> Self { Self(BasicAuth(user: user, password: password)) }
    /// A bearer token (``BearerAuth``).
    public static func bearer(token: String) -> Self { Self(BearerAuth(token: token)) }
    /// HTTP Digest (RFC 7616): libcurl answers the server's challenge (``DigestAuth``).
    public static func digest(user: String, password: String) -> Self { Self(DigestAuth(user: user, password: password)) }
    /// NTLM, as Windows servers ask for it (``NTLMAuth``).
    public static func ntlm(user: String, password: String) -> Self { Self(NTLMAuth(user: user, password: password)) }
    /// SPNEGO/Kerberos with the credentials of the user's ticket cache (``NegotiateAuth``).
    public static var negotiate: Self { Self(NegotiateAuth()) }
    /// AWS Signature Version 4 over the method, URL, signed headers and body.
    public static func aws(_ credentials: AWSCredentials) -> Self { Self(credentials) }
}

extension AuthScheme {
    /// The same scheme with the same values.
    fileprivate func isEqual(to other: any AuthScheme) -> Bool {
        (other as? Self) == self
    }
}
