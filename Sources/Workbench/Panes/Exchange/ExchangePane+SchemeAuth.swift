import Courier
import CourierWorkspace

extension ExchangePane {
    /// The Auth tab's lines for digest, NTLM, Negotiate and AWS; secrets hidden unless `reveal`.
    static func schemeAuthLines(_ scheme: HTTPAuthentication, reveal: Bool) -> [StyledLine] {
        func secret(_ text: String) -> String { reveal ? text : Redaction.placeholder }
        func row(_ name: String, _ value: String) -> StyledLine {
            StyledLine.build { $0.append(" " + name.padding(toLength: 14, withPad: " ", startingAt: 0), .syntaxKey); $0.append(value) }
        }
        let hint = StyledLine(" libcurl answers the server's challenge or signs; v shows or hides secrets", .dim)
        switch scheme {
        case .digest(let user, let password):
            return [row("Digest", "user \(user)  password \(secret(password))"), hint]
        case .ntlm(let user, let password):
            return [row("NTLM", "user \(user)  password \(secret(password))"), hint]
        case .negotiate:
            return [row("Negotiate", "credentials of the Kerberos ticket cache (kinit)"), hint]
        case .aws(let aws):
            var lines = [row("AWS SigV4", "\(aws.region) · \(aws.service)"), row("access key", aws.accessKey),
                         row("secret key", secret(aws.secretKey))]
            if let token = aws.sessionToken { lines.append(row("session token", secret(token))) }
            return lines + [hint]
        }
    }
}
