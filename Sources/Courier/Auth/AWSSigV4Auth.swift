/// AWS Signature Version 4 over the method, URL, signed headers and body, signed by libcurl
/// (`CURLOPT_AWS_SIGV4`). Written `auth: {aws: {accessKey, secretKey, sessionToken, region, service}}`.
public struct AWSCredentials: AuthScheme {
    /// The access key ID (`AKIA…`; `ASIA…` for a temporary one), written `accessKey`:
    /// libcurl's user (`CURLOPT_USERNAME`), named in the signature's `Credential=`. Not a secret.
    public var accessKey: String
    /// The secret access key, written `secretKey`: libcurl's password (`CURLOPT_PASSWORD`),
    /// from which it derives the signing key. Never sent; a secret, redacted wherever shown.
    public var secretKey: String
    /// A temporary credential's token, sent as `x-amz-security-token` (and signed).
    public var sessionToken: String?
    /// The region of the endpoint, e.g. `us-east-1`.
    public var region: String
    /// The service's signing name, e.g. `s3`, `execute-api`, `sts`.
    public var service: String

    /// Credentials for one region and service; `sessionToken` only for temporary credentials
    /// (STS, an assumed role).
    public init(accessKey: String, secretKey: String, sessionToken: String? = nil, region: String, service: String) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.sessionToken = sessionToken
        self.region = region
        self.service = service
    }

    public static let schemeDescription = AuthSchemeDescription(
        key: "aws", title: "AWS SigV4", summary: "libcurl signs the method, URL, headers and body",
        fields: [AuthField("accessKey", label: "access key", required: true),
                 AuthField("secretKey", label: "secret key", kind: .secret, required: true),
                 AuthField("sessionToken", label: "session token", kind: .secret),
                 AuthField("region", required: true), AuthField("service", required: true)],
        requiredHint: "SigV4 signs with accessKey, secretKey, region and service")

    public init(values: AuthValues) throws(AuthValueError) {
        let values = try values.checked(against: Self.schemeDescription)
        self.init(accessKey: Self.text(values, "accessKey"), secretKey: Self.text(values, "secretKey"),
                  sessionToken: values["sessionToken"], region: Self.text(values, "region"), service: Self.text(values, "service"))
    }

    public var values: AuthValues {
        var values = AuthValues(["accessKey": accessKey, "secretKey": secretKey, "region": region, "service": service])
        values["sessionToken"] = sessionToken
        return values
    }

    /// The query put in AWS's canonical form first, since libcurl 7.88 signs it as written
    /// while AWS sorts it, and a session token becomes the header AWS expects (signed with
    /// the rest).
    public func authorize(_ request: inout PreparedRequest) throws(RequestError) {
        request.url = AWSCanonicalQuery.canonicalizing(request.url)
        if let sessionToken { request.replaceHeader("X-Amz-Security-Token", with: sessionToken) }
        request.libcurlAuthentication = LibcurlAuthentication(.awsSigV4(region: region, service: service),
                                                              user: accessKey, password: secretKey)
    }
}
