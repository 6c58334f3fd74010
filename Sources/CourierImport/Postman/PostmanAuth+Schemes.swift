import Courier

extension PostmanAuth {
    /// Postman's `digest`, `ntlm` and `awsv4` as the schemes libcurl performs; nil for any
    /// other type. Postman's digest fields fixed from an earlier challenge (realm, nonce, …)
    /// are dropped: libcurl answers the server's own challenge.
    static func libcurlScheme(_ type: String, _ parameter: (String) -> String) -> HTTPAuthentication? {
        switch type {
        case "digest":
            return .digest(user: parameter("username"), password: parameter("password"))
        case "ntlm":
            let domain = parameter("domain")
            return .ntlm(user: domain.isEmpty ? parameter("username") : domain + "\\" + parameter("username"),
                         password: parameter("password"))
        case "awsv4":
            let token = parameter("sessionToken")
            return .aws(AWSCredentials(accessKey: parameter("accessKey"), secretKey: parameter("secretKey"),
                                       sessionToken: token.isEmpty ? nil : token,
                                       region: parameter("region").isEmpty ? "us-east-1" : parameter("region"),
                                       service: parameter("service").isEmpty ? "execute-api" : parameter("service")))
        default:
            return nil
        }
    }
}
