import Courier
import CourierFormat
import Foundation

/// Requests to an OAuth2 token endpoint (RFC 6749 §4 and §6), sent through the engine: a form
/// body, the client authenticated with Basic (§2.3.1: id and secret form-encoded first) or in
/// the body, and the answer read as a token or as the endpoint's reason for refusing.
struct OAuth2Endpoint: Sendable {
    let settings: OAuth2Settings

    /// Seconds a token request may take in all when the request it is for has no deadline
    /// (the idle timeout alone let an endpoint trickling a byte now and then hold it for ever).
    static let defaultDeadline: TimeInterval = 60
    /// The most bytes of a token endpoint's answer read: a token is at most 64 KiB
    /// (``TokenValue``), and an answer far larger is no token.
    static let maximumAnswerBytes = 1 << 20

    /// Exchanges `parameters` (the grant's) for a token through `agent`, within `deadline`
    /// seconds (the request's own; nil: ``defaultDeadline``).
    func requestToken(_ parameters: [(String, String)], previous: OAuth2Token?, agent: NetworkAgent,
                      deadline: TimeInterval? = nil) async throws(RequestError) -> OAuth2Token {
        var fields = parameters
        if let scope = settings.scope, !fields.contains(where: { $0.0 == "scope" }) { fields.append(("scope", scope)) }
        if let audience = settings.audience { fields.append(("audience", audience)) }
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        switch settings.clientAuth {
        case .basic:
            let pair = FormEncoding.escape(settings.clientID) + ":" + FormEncoding.escape(settings.clientSecret ?? "")
            headers["Authorization"] = "Basic " + Data(pair.utf8).base64EncodedString()
        case .body:
            fields.append(("client_id", settings.clientID))
            if let secret = settings.clientSecret { fields.append(("client_secret", secret)) }
        }
        var definition = ConfigurableRequest.Definition()
        definition.requestURL = settings.tokenURL
        definition.method = .post
        definition.headers = headers
        definition.rawBody = Data(fields.map { FormEncoding.escape($0.0) + "=" + FormEncoding.escape($0.1) }.joined(separator: "&").utf8)
        definition.responseSerializer = .raw
        definition.acceptableStatusCodes = Set(100...599)
        definition.sendsCookies = false
        definition.timeoutInterval = 30
        definition.deadline = deadline.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? Self.defaultDeadline
        definition.maximumResponseBodySize = Self.maximumAnswerBytes
        let request = ConfigurableRequest(definition)
        request.agent = agent
        // What In flight, Events and a loading indicator call it: it is no workspace request.
        request.hudText = "oauth2 token from \(URL(string: settings.tokenURL)?.host ?? settings.tokenURL)"
        do {
            try await request.run()
        } catch let error as RequestError where error.code == .dataLengthExceedsMaximum {
            throw failure("the token endpoint \(settings.tokenURL) answered with more than \(Self.maximumAnswerBytes) bytes (1 MiB): "
                + "the access token is too long (a token may have \(TokenValue.maximumBytes) bytes, 64 KiB); it is not used or kept")
        } catch {
            let reason = (error as? RequestError)?.message ?? "\(error)"
            throw failure("the token request to \(settings.tokenURL) failed: \(reason)")
        }
        let grant = parameters.first { $0.0 == "grant_type" }?.1 ?? ""
        switch OAuth2TokenResponse.read(status: request.responseStatusCode, body: request.responseData, previous: previous) {
        case .success(let token):
            return token
        case .failure(.refused(let reason)):
            throw failure("the token endpoint \(settings.tokenURL) refused the \(grant) grant: \(reason)")
        case .failure(.unusableToken(let reason)):
            throw failure("the access token from the token endpoint \(settings.tokenURL) (\(grant) grant) \(reason)")
        }
    }

    /// A parameter error that names where the auth is written.
    func failure(_ message: String) -> RequestError {
        RequestError(family: .parameter, code: .invalidParameters, message: "Invalid parameters: \(settings.location): auth.oauth2: \(message)")
    }
}
