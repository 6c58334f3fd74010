/// HTTP authentication that libcurl performs itself: the challenge-response schemes
/// (`CURLOPT_HTTPAUTH`) and AWS Signature Version 4 (`CURLOPT_AWS_SIGV4`). Basic and bearer
/// are plain headers (``Request/basicAuthorization``, ``Request/headers``).
///
/// ```swift
/// final class ReportRequest: Request {
///     override var requestURL: String { "https://api.example.com/reports" }
///     override var httpAuthentication: HTTPAuthentication? { .digest(user: "ada", password: "secret") }
/// }
/// ```
public enum HTTPAuthentication: Sendable, Hashable {
    /// HTTP Digest (RFC 7616): libcurl answers the server's challenge (MD5 or SHA-256).
    case digest(user: String, password: String)
    /// NTLM, as Windows servers ask for it.
    case ntlm(user: String, password: String)
    /// SPNEGO/Kerberos with the credentials of the user's ticket cache (`kinit`).
    case negotiate
    /// AWS Signature Version 4 over the method, URL, signed headers and body.
    case aws(AWSCredentials)

    /// The password, secret key or session token: values never shown in clear.
    public var secrets: [String] {
        switch self {
        case .digest(_, let password), .ntlm(_, let password): [password]
        case .negotiate: []
        case .aws(let credentials): [credentials.secretKey] + (credentials.sessionToken.map { [$0] } ?? [])
        }
    }
}

/// What AWS Signature Version 4 signs with.
public struct AWSCredentials: Sendable, Hashable {
    public var accessKey: String
    public var secretKey: String
    /// A temporary credential's token, sent as `x-amz-security-token` (and signed).
    public var sessionToken: String?
    /// The region of the endpoint, e.g. `us-east-1`.
    public var region: String
    /// The service's signing name, e.g. `s3`, `execute-api`, `sts`.
    public var service: String

    public init(accessKey: String, secretKey: String, sessionToken: String? = nil, region: String, service: String) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.sessionToken = sessionToken
        self.region = region
        self.service = service
    }
}
