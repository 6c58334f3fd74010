import Foundation

/// A way a request proves who sends it: basic, bearer, digest, NTLM, Negotiate, AWS SigV4,
/// OAuth2, a token command, HTTP Message Signatures. A scheme describes its fields once
/// (``schemeDescription``), is made from their values (``init(values:)``) and gives them back
/// (``values``), and applies itself to what a request sends: a header, libcurl's own
/// authentication, or a signature over the final request. Every scheme is listed in
/// ``AuthSchemes/all``.
///
/// ```swift
/// let scheme = try DigestAuth(values: AuthValues(["user": "ada", "password": "secret"]))
/// request.definition.httpAuthentication = HTTPAuthentication(scheme)
/// ```
public protocol AuthScheme: Sendable, Hashable {
    /// The key, title and fields every consumer reads.
    static var schemeDescription: AuthSchemeDescription { get }

    /// The scheme from its fields' values (templates filled in or not); throws when a
    /// required field is missing or a value does not fit.
    init(values: AuthValues) throws(AuthValueError)

    /// The fields' values, as ``init(values:)`` takes them.
    var values: AuthValues { get }

    /// Applies the scheme when the request is built: headers, libcurl's authentication
    /// (``PreparedRequest/libcurlAuthentication``), the URL put in the form a signature needs.
    func authorize(_ request: inout PreparedRequest) throws(RequestError)

    /// Values never shown in clear: the sensitive fields' values (the default), and what a
    /// scheme makes of them (a header value that holds a token).
    var secrets: [String] { get }

    /// Whether ``sign(_:)`` must run on the request as it goes out.
    var signsOutgoingRequest: Bool { get }

    /// Signs the request as it goes out — the final method, URL and header fields, the
    /// authenticator's included — for each transfer (a retry or a redirect followed is signed
    /// anew). Called on the transport thread; only when ``signsOutgoingRequest``.
    func sign(_ request: inout PreparedRequest) throws(RequestError)
}

extension AuthScheme {
    public func authorize(_ request: inout PreparedRequest) throws(RequestError) {}
    public var signsOutgoingRequest: Bool { false }
    public func sign(_ request: inout PreparedRequest) throws(RequestError) {}

    /// The scheme's description (its type's).
    public var schemeDescription: AuthSchemeDescription { Self.schemeDescription }

    /// The values of its sensitive fields.
    public var secrets: [String] { values.secrets(Self.schemeDescription) }

    /// A field's value, for the schemes' own initializers: given or defaulted, else empty.
    static func text(_ values: AuthValues, _ key: String) -> String {
        values[key] ?? schemeDescription.field(key)?.defaultValue ?? ""
    }
}

extension PreparedRequest {
    /// Sets a header field, replacing any of the same name (case-insensitive).
    mutating func replaceHeader(_ name: String, with value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append((name: name, value: value))
    }
}
