import Foundation

/// A token endpoint's answer read (RFC 6749 §5.1 and §5.2): the token it issued, or why
/// there is none — the endpoint's error and description, no access token, or one that cannot
/// be sent (too long, a control character: ``TokenValue``). The fuzz target over token
/// responses calls ``read(status:body:previous:now:)``.
public enum OAuth2TokenResponse {
    /// Why an answer gave no usable token.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The endpoint refused the grant: `HTTP 401 invalid_client: …`, or a 2xx answer
        /// without an access token.
        case refused(String)
        /// It issued a token that cannot be used; the text follows "the access token".
        case unusableToken(String)

        public var description: String {
            switch self {
            case .refused(let reason): reason
            case .unusableToken(let reason): "the access token " + reason
            }
        }
    }

    /// The token in an answer with status `status` and body `body`; `previous` keeps its refresh
    /// token when the answer brings no new one.
    public static func read(status: Int, body: Data?, previous: OAuth2Token? = nil,
                            now: Date = Date()) -> Result<OAuth2Token, Problem> {
        let json = body.flatMap { try? JSONSerialization.jsonObject(with: $0) }
        if (200...299).contains(status), let json, let token = OAuth2Token(response: json, previous: previous, now: now) {
            if let problem = TokenValue.problem(token.accessToken) { return .failure(.unusableToken(problem)) }
            // A refresh token goes in a form body (percent-encoded), but one of megabytes would
            // be kept and sent back for ever.
            if let refresh = token.refreshToken, refresh.utf8.count > TokenValue.maximumBytes {
                return .failure(.unusableToken("came with a refresh token that " + TokenValue.problem(refresh)!))
            }
            return .success(token)
        }
        var reason = "HTTP \(status)"
        if let object = json as? [String: Any], let code = object["error"] as? String {
            reason += " " + TokenValue.printable(code.prefix(200))
            if let description = object["error_description"] as? String { reason += ": " + TokenValue.printable(description.prefix(500)) }
        } else if (200...299).contains(status) {
            reason += ", but no access_token in the answer"
        }
        return .failure(.refused(reason))
    }
}
