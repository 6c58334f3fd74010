/// SPNEGO/Kerberos with the credentials of the user's ticket cache (`kinit`); libcurl
/// answers the challenge. Written `auth: {negotiate: {}}` (or `negotiate: true`).
public struct NegotiateAuth: AuthScheme {
    /// Negotiate with the ticket cache's credentials (`CURLOPT_HTTPAUTH` `CURLAUTH_NEGOTIATE`);
    /// it has no fields. Run `kinit` first: without a ticket libcurl cannot answer the
    /// server's challenge.
    public init() {}

    public static let schemeDescription = AuthSchemeDescription(
        key: "negotiate", title: "Negotiate", summary: "credentials of the Kerberos ticket cache (kinit)", shape: .flag,
        fields: [])

    public init(values: AuthValues) throws(AuthValueError) {
        _ = try values.checked(against: Self.schemeDescription)
    }

    public var values: AuthValues { AuthValues() }

    public func authorize(_ request: inout PreparedRequest) throws(RequestError) {
        request.libcurlAuthentication = LibcurlAuthentication(.negotiate)
    }
}
