import Foundation
import HTTPTypes
import Hummingbird

/// A small OAuth2 authorization server (RFC 6749, PKCE per RFC 7636) and a resource it guards:
/// - `POST /oauth/token`: grants `client_credentials`, `password` (user `demo`, password
///   `secret`), `refresh_token` and `authorization_code` (with `code_verifier`, S256 only);
///   the client `demo-client`/`demo-secret` authenticates with Basic or in the body. Access
///   tokens live `?expires_in=N` seconds (default 60); every grant but client credentials
///   also gets a refresh token, which is rotated on use.
/// - `GET /oauth/authorize`: answers at once (the demo user has agreed) with a redirect to
///   `redirect_uri` carrying `code` and `state`.
/// - `GET /oauth/protected`: 200 with a live token, else 401 `invalid_token`.
/// - `POST /oauth/revoke-all`: forgets every access token; `GET /oauth/stats`: counts.
enum OAuthRoutes {
    static func token(_ exchange: DemoExchange, store: OAuthStore) async throws -> Response {
        try exchange.require(.post)
        store.count("token")
        let body = FormFields(urlEncoded: Substring(decoding: try await exchange.collectBody(), as: UTF8.self))
        try authenticateClient(exchange, body: body, store: store)
        let lifetime = try exchange.integerQuery("expires_in", default: 60, range: 1...86_400)
        let subject: String
        var refreshes = true
        switch body["grant_type"] {
        case "client_credentials":
            subject = OAuthStore.clientID
            refreshes = false
        case "password":
            guard body["username"] == ShopRoutes.demoUser, body["password"] == ShopRoutes.demoPassword else {
                throw failure(.badRequest, "invalid_grant", "wrong username or password")
            }
            subject = ShopRoutes.demoUser
        case "refresh_token":
            store.count("refresh")
            guard let token = body["refresh_token"], let owner = store.redeemRefreshToken(token) else {
                throw failure(.badRequest, "invalid_grant", "unknown or used refresh token")
            }
            subject = owner
        case "authorization_code":
            guard let value = body["code"], let code = store.redeemCode(value) else {
                throw failure(.badRequest, "invalid_grant", "unknown or used code")
            }
            guard body["redirect_uri"] == code.redirectURI else {
                throw failure(.badRequest, "invalid_grant", "redirect_uri differs from the authorization request's")
            }
            guard let verifier = body["code_verifier"], challenge(of: verifier) == code.challenge else {
                throw failure(.badRequest, "invalid_grant", "code_verifier does not match the code_challenge (S256)")
            }
            store.count("pkce")
            subject = ShopRoutes.demoUser
        default:
            throw failure(.badRequest, "unsupported_grant_type", "grant_type \(body["grant_type"] ?? "(none)") is not supported")
        }
        var answer: [(String, DemoJSON)] = [
            ("access_token", .string(store.issueAccessToken(subject: subject, lifetime: lifetime))),
            ("token_type", "Bearer"), ("expires_in", .int(Int64(lifetime))),
        ]
        if refreshes { answer.append(("refresh_token", .string(store.issueRefreshToken(subject: subject)))) }
        if let scope = body["scope"] { answer.append(("scope", .string(scope))) }
        return DemoResponse.json(.object(answer), headers: [.cacheControl: "no-store"])
    }

    static func authorize(_ exchange: DemoExchange, store: OAuthStore) throws -> Response {
        try exchange.require(.get)
        let query = exchange.query
        guard query["response_type"] == "code", query["client_id"] == OAuthStore.clientID,
              let redirect = query["redirect_uri"], var target = URLComponents(string: redirect) else {
            throw failure(.badRequest, "invalid_request", "needs response_type=code, client_id=\(OAuthStore.clientID) and redirect_uri")
        }
        guard query["code_challenge_method"] == "S256", let challenge = query["code_challenge"] else {
            throw failure(.badRequest, "invalid_request", "PKCE is required: code_challenge with code_challenge_method=S256")
        }
        let code = store.issueCode(OAuthStore.Code(challenge: challenge, redirectURI: redirect, scope: query["scope"]))
        target.queryItems = (target.queryItems ?? []) + [URLQueryItem(name: "code", value: code)]
            + (query["state"].map { [URLQueryItem(name: "state", value: $0)] } ?? [])
        return DemoResponse.empty(status: .found, headers: [.location: target.string ?? redirect])
    }

    static func protected(_ exchange: DemoExchange, store: OAuthStore) throws -> Response {
        guard let token = AuthRoutes.bearerToken(exchange), let subject = store.subject(ofAccessToken: token) else {
            store.count("unauthorized")
            throw DemoError(.unauthorized, body: ["error": "invalid_token"],
                            headers: [.wwwAuthenticate: "Bearer error=\"invalid_token\""])
        }
        store.count("protected")
        return DemoResponse.json(["authenticated": true, "subject": .string(subject)])
    }

    static func revokeAll(_ exchange: DemoExchange, store: OAuthStore) throws -> Response {
        try exchange.require(.post)
        store.revokeAccessTokens()
        return DemoResponse.json(["revoked": true])
    }

    static func stats(_ exchange: DemoExchange, store: OAuthStore) throws -> Response {
        try exchange.require(.get)
        return DemoResponse.json(.object(store.counts.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) }))
    }

    /// Basic (counted as `basic`) or `client_id`/`client_secret` in the body (`body`), not both.
    private static func authenticateClient(_ exchange: DemoExchange, body: FormFields, store: OAuthStore) throws {
        let credentials: (String, String)?
        if let basic = AuthRoutes.basicCredentials(exchange) {
            store.count("basic")
            credentials = (basic.0.removingPercentEncoding ?? basic.0, basic.1.removingPercentEncoding ?? basic.1)
        } else if let id = body["client_id"] {
            store.count("body")
            credentials = (id, body["client_secret"] ?? "")
        } else {
            credentials = nil
        }
        guard let credentials, credentials == (OAuthStore.clientID, OAuthStore.clientSecret) else {
            throw failure(.unauthorized, "invalid_client", "client authentication failed",
                          headers: [.wwwAuthenticate: "Basic realm=\"oauth\""])
        }
    }

    /// PKCE's S256: base64url(SHA-256(verifier)) without padding.
    static func challenge(of verifier: String) -> String {
        Data(DemoHash.sha256(Array(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func failure(_ status: HTTPResponse.Status, _ code: String, _ description: String,
                                headers: HTTPFields = [:]) -> DemoError {
        DemoError(status, body: ["error": .string(code), "error_description": .string(description)], headers: headers)
    }
}
