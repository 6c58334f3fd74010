import Courier
import CourierWorkspace

/// REST Client's `Authorization` forms of the engine's schemes: `Bearer token`, `Basic …`,
/// and for those libcurl performs `Digest user password` and
/// `AWS accessKey secretKey [token:T] [region:R] [service:S]`. The `.http` format's own
/// spelling of the fields, mapped to and from the schemes' values.
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

    /// The header value for `authentication`, its parts passed through `client`; nil for a
    /// scheme the `.http` clients have no such form for (NTLM, Negotiate, …).
    static func header(for authentication: HTTPAuthentication, client: (String) -> String) -> String? {
        switch authentication.scheme {
        case let bearer as BearerAuth:
            "Bearer " + client(bearer.token)
        case let basic as BasicAuth:
            "Basic " + client(HTTPFileExportRequest.basicCredentials(user: basic.user, password: basic.password))
        case let digest as DigestAuth:
            "Digest \(client(digest.user)) \(client(digest.password))"
        case let aws as AWSCredentials:
            "AWS \(client(aws.accessKey)) \(client(aws.secretKey))" + (aws.sessionToken.map { " token:" + client($0) } ?? "")
                + " region:\(client(aws.region)) service:\(client(aws.service))"
        default:
            nil
        }
    }
}
