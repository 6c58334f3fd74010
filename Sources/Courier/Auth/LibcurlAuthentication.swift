/// Authentication libcurl performs itself, as a scheme asks for it: the challenge-response
/// schemes (`CURLOPT_HTTPAUTH`) and AWS Signature Version 4 (`CURLOPT_AWS_SIGV4`). The
/// transport sets these options and `courier export-curl` writes the same as curl's flags.
public struct LibcurlAuthentication: Sendable, Hashable {
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

    public var method: Method
    public var user: String
    public var password: String

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
