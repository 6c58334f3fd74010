import Foundation

/// A token an OAuth2 endpoint issued, as it is cached in memory and in the token file.
struct OAuth2Token: Codable, Sendable, Equatable {
    var accessToken: String
    var tokenType: String?
    var refreshToken: String?
    /// When the access token stops working; nil: the endpoint did not say.
    var expiresAt: Date?

    /// Seconds before the stated expiry at which a token counts as expired, so that one does
    /// not expire on its way to the server.
    static let expiryMargin: TimeInterval = 10

    /// Still usable at `now` (a token without an expiry is used until a 401).
    func isFresh(at now: Date = Date()) -> Bool {
        expiresAt.map { now.addingTimeInterval(Self.expiryMargin) < $0 } ?? true
    }

    /// The token in a token endpoint's JSON answer (RFC 6749 §5.1); `previous` keeps its
    /// refresh token when the answer brings no new one (§6).
    init?(response json: Any, previous: OAuth2Token?, now: Date = Date()) {
        guard let object = json as? [String: Any], let access = object["access_token"] as? String, !access.isEmpty else { return nil }
        accessToken = access
        tokenType = object["token_type"] as? String
        refreshToken = (object["refresh_token"] as? String) ?? previous?.refreshToken
        let seconds = (object["expires_in"] as? NSNumber)?.doubleValue ?? (object["expires_in"] as? String).flatMap(Double.init)
        expiresAt = seconds.map { now.addingTimeInterval($0) }
    }
}
