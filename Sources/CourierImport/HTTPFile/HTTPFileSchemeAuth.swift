import Courier
import CourierWorkspace

/// REST Client's `Authorization` forms for the schemes libcurl performs:
/// `Digest user password` and `AWS accessKey secretKey [token:T] [region:R] [service:S]`.
enum HTTPFileSchemeAuth {
    /// The scheme an `Authorization: Digest …` or `AWS …` value names; nil when it is not one.
    static func read(scheme: String, credentials: String) -> HTTPAuthentication? {
        let words = credentials.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch scheme.lowercased() {
        case "digest" where words.count == 2:
            return .digest(user: words[0], password: words[1])
        case "aws" where words.count >= 2:
            var options: [String: String] = [:]
            for word in words.dropFirst(2) {
                guard let colon = word.firstIndex(of: ":") else { return nil }
                options[word[..<colon].lowercased()] = String(word[word.index(after: colon)...])
            }
            return .aws(AWSCredentials(accessKey: words[0], secretKey: words[1], sessionToken: options["token"],
                                       region: options["region"] ?? "us-east-1", service: options["service"] ?? "execute-api"))
        default:
            return nil
        }
    }

    /// The header value for `scheme`, its parts passed through `client`; nil for NTLM and
    /// Negotiate, which the `.http` clients have no such form for.
    static func header(for scheme: HTTPAuthentication, client: (String) -> String) -> String? {
        switch scheme {
        case .digest(let user, let password): "Digest \(client(user)) \(client(password))"
        case .aws(let aws):
            "AWS \(client(aws.accessKey)) \(client(aws.secretKey))" + (aws.sessionToken.map { " token:" + client($0) } ?? "")
                + " region:\(client(aws.region)) service:\(client(aws.service))"
        case .ntlm, .negotiate: nil
        }
    }
}
