import Courier
import Foundation

/// Requests to an OAuth2 token endpoint (RFC 6749 §4 and §6), sent through the engine: a form
/// body, the client authenticated with Basic (§2.3.1: id and secret form-encoded first) or in
/// the body, and the answer read as a token or as the endpoint's reason for refusing.
struct OAuth2Endpoint: Sendable {
    let settings: OAuth2Settings

    /// Exchanges `parameters` (the grant's) for a token through `agent`.
    func requestToken(_ parameters: [(String, String)], previous: OAuth2Token?, agent: NetworkAgent) async throws(RequestError) -> OAuth2Token {
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
        let request = ConfigurableRequest(definition)
        request.agent = agent
        do {
            try await request.run()
        } catch {
            let reason = (error as? RequestError)?.message ?? "\(error)"
            throw failure("the token request to \(settings.tokenURL) failed: \(reason)")
        }
        let status = request.responseStatusCode
        let json = request.responseData.flatMap { try? JSONSerialization.jsonObject(with: $0) }
        if (200...299).contains(status), let json, let token = OAuth2Token(response: json, previous: previous) {
            return token
        }
        var reason = "HTTP \(status)"
        if let object = json as? [String: Any], let code = object["error"] as? String {
            reason += " \(code)"
            if let description = object["error_description"] as? String { reason += ": \(description)" }
        } else if (200...299).contains(status) {
            reason += ", but no access_token in the answer"
        }
        throw failure("the token endpoint \(settings.tokenURL) refused the \(parameters.first { $0.0 == "grant_type" }?.1 ?? "") grant: \(reason)")
    }

    /// A parameter error that names where the auth is written.
    func failure(_ message: String) -> RequestError {
        RequestError(family: .parameter, code: .invalidParameters, message: "Invalid parameters: \(settings.location): auth.oauth2: \(message)")
    }
}
