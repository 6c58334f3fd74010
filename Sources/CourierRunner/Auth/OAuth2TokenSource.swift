import Courier
import CourierFormat
import Foundation

/// One OAuth2 client's token for a workspace: taken from memory, else from its 0600 file,
/// while fresh; refreshed with the refresh token once expired; fetched with the grant when
/// there is nothing to refresh with (or the refresh is refused). Concurrent requests share
/// one fetch.
actor OAuth2TokenSource {
    private let endpoint: OAuth2Endpoint
    private let file: TokenFile
    /// Told the URL to open for the code grant (printed to standard error unless set).
    private let openURL: @Sendable (String) -> Void
    private let tell: @Sendable (String) -> Void
    private var token: OAuth2Token?
    private var loadedFile = false
    private var pending: Task<OAuth2Token, any Error>?

    init(settings: OAuth2Settings, file: TokenFile, openURL: @escaping @Sendable (String) -> Void,
         tell: @escaping @Sendable (String) -> Void) {
        endpoint = OAuth2Endpoint(settings: settings)
        self.file = file
        self.openURL = openURL
        self.tell = tell
    }

    private var settings: OAuth2Settings { endpoint.settings }

    /// A fresh access token, fetched or refreshed through `agent` when needed, the token
    /// request within `deadline` seconds (the request's; nil: the endpoint's default).
    func accessToken(agent: NetworkAgent, deadline: TimeInterval? = nil) async throws -> String {
        if !loadedFile {
            loadedFile = true
            token = token ?? file.load()
        }
        if let token, token.isFresh() { return token.accessToken }
        return try await renew(agent: agent, deadline: deadline).accessToken
    }

    /// After the server refused `stale`: a new token, unless another request renewed it
    /// already. False when none can be had.
    func recover(from stale: String, agent: NetworkAgent, deadline: TimeInterval? = nil) async -> Bool {
        if let token, token.accessToken != stale { return true }
        token?.expiresAt = .distantPast
        return (try? await renew(agent: agent, deadline: deadline)) != nil
    }

    private func renew(agent: NetworkAgent, deadline: TimeInterval?) async throws -> OAuth2Token {
        if let pending { return try await pending.value }
        let task = Task { try await self.fetch(agent: agent, deadline: deadline) }
        pending = task
        defer { pending = nil }
        let fresh = try await task.value
        token = fresh
        try? file.save(fresh)
        return fresh
    }

    private func fetch(agent: NetworkAgent, deadline: TimeInterval?) async throws -> OAuth2Token {
        if let refresh = token?.refreshToken {
            if let renewed = try? await endpoint.requestToken([("grant_type", "refresh_token"), ("refresh_token", refresh)],
                                                              previous: token, agent: agent, deadline: deadline) {
                return renewed
            }
            token = nil
            file.remove()
        }
        switch settings.grant {
        case .clientCredentials:
            return try await endpoint.requestToken([("grant_type", "client_credentials")], previous: nil, agent: agent, deadline: deadline)
        case .password:
            return try await endpoint.requestToken([("grant_type", "password"), ("username", settings.username ?? ""),
                                                    ("password", settings.password ?? "")], previous: nil, agent: agent, deadline: deadline)
        case .refreshToken:
            return try await endpoint.requestToken([("grant_type", "refresh_token"), ("refresh_token", settings.refreshToken ?? "")],
                                                   previous: nil, agent: agent, deadline: deadline)
        case .authorizationCode:
            return try await authorizationCode(agent: agent)
        }
    }

    /// The code grant with PKCE: the URL to open is told, the loopback listener waits for the
    /// redirect, and the code is exchanged.
    private func authorizationCode(agent: NetworkAgent) async throws -> OAuth2Token {
        let listener = try LoopbackRedirect(port: settings.redirectPort)
        let pkce = PKCE()
        let state = PKCE().verifier
        guard var url = URLComponents(string: settings.authURL ?? "") else {
            throw endpoint.failure("authUrl \(settings.authURL ?? "") is not a URL")
        }
        url.queryItems = (url.queryItems ?? []) + [
            ("response_type", "code"), ("client_id", settings.clientID), ("redirect_uri", listener.redirectURI),
            ("code_challenge", pkce.challenge), ("code_challenge_method", "S256"), ("state", state),
        ].map { URLQueryItem(name: $0.0, value: $0.1) } + (settings.scope.map { [URLQueryItem(name: "scope", value: $0)] } ?? [])
        // `+` is a space in a form-encoded query: encode it so the server reads the value as sent.
        url.percentEncodedQuery = url.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        openURL(url.string ?? "")
        let timeout = settings.redirectTimeout
        let outcome = await listener.callback(state: state, timeout: timeout, tell: tell)
        guard case .callback(let query) = outcome else {
            throw endpoint.failure(outcome.failure(redirectURI: listener.redirectURI, timeout: timeout))
        }
        if let error = query["error"] {
            throw endpoint.failure("the authorization was refused: \(error)" + (query["error_description"].map { ": \($0)" } ?? ""))
        }
        guard query["state"] == state, let code = query["code"] else {
            throw endpoint.failure("the redirect's state does not match the authorization request's")
        }
        return try await endpoint.requestToken([("grant_type", "authorization_code"), ("code", code),
                                                ("redirect_uri", listener.redirectURI), ("code_verifier", pkce.verifier)],
                                               previous: nil, agent: agent)
    }
}
