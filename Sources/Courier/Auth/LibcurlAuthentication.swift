/// Authentication libcurl performs itself, as a scheme asks for it: the challenge-response
/// schemes (`CURLOPT_HTTPAUTH`) and AWS Signature Version 4 (`CURLOPT_AWS_SIGV4`). The
/// transport sets these options and `courier export-curl` writes the same as curl's flags.
public struct LibcurlAuthentication: Sendable, Hashable {
    /// Which authentication libcurl performs, by the curl flag that asks for the same.
    public enum Method: Sendable, Hashable {
        /// `--digest`
        case digest
        /// `--ntlm`
        case ntlm
        /// `--negotiate`: the ticket cache's credentials (the user and password are unused).
        case negotiate
        /// `--aws-sigv4 aws:amz:REGION:SERVICE`
        case awsSigV4(region: String, service: String)
    }

    /// The authentication libcurl performs: on the request's own origin only, unless the
    /// request keeps credentials on redirects (`CURLOPT_UNRESTRICTED_AUTH`).
    public var method: Method
    /// The user name (`CURLOPT_USERNAME`); for SigV4 the access key ID. Unused by Negotiate.
    public var user: String
    /// The password (`CURLOPT_PASSWORD`); for SigV4 the secret access key. Unused by
    /// Negotiate. A secret: a curl export that hides secrets writes ``Redaction/placeholder``.
    public var password: String

    /// libcurl's `method` with `user` and `password` (empty by default, as Negotiate has them).
    public init(_ method: Method, user: String = "", password: String = "") {
        self.method = method
        self.user = user
        self.password = password
    }

    /// libcurl signs every header line (SigV4): the transport leaves out lines it would add.
    var signsHeaderLines: Bool {
        if case .awsSigV4 = method { return true }
        return false
    }
}
