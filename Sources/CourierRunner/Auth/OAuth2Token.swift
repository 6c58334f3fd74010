import Foundation

/// A token an OAuth2 endpoint issued, as it is cached in memory and in the token file.
public struct OAuth2Token: Codable, Sendable, Equatable {
    public var accessToken: String
    public var tokenType: String?
    public var refreshToken: String?
    /// When the access token stops working; nil: the endpoint did not say.
    public var expiresAt: Date?
    /// The seconds of life the endpoint gave it (`expires_in`); nil: it did not say (or the
    /// token was saved by a version that did not keep it).
    public var lifetime: TimeInterval?

    /// The most seconds before the stated expiry at which a token counts as expired, so that
    /// one does not expire on its way to the server.
    static let maximumExpiryMargin: TimeInterval = 10

    /// The margin for this token: a tenth of its life, at most ``maximumExpiryMargin``. A
    /// fixed ten seconds made a token living ten seconds or less stale at once, and it was
    /// fetched again for every request.
    var expiryMargin: TimeInterval {
        guard let lifetime else { return Self.maximumExpiryMargin }
        return min(Self.maximumExpiryMargin, max(0, lifetime) / 10)
    }

    /// Still usable at `now` (a token without an expiry is used until a 401).
    func isFresh(at now: Date = Date()) -> Bool {
        expiresAt.map { now.addingTimeInterval(expiryMargin) < $0 } ?? true
    }

    /// The token in a token endpoint's JSON answer (RFC 6749 §5.1); `previous` keeps its
    /// refresh token when the answer brings no new one (§6). Nil without an access token.
    init?(response json: Any, previous: OAuth2Token?, now: Date = Date()) {
        guard let object = json as? [String: Any], let access = object["access_token"] as? String, !access.isEmpty else { return nil }
        accessToken = access
        tokenType = object["token_type"] as? String
        refreshToken = (object["refresh_token"] as? String) ?? previous?.refreshToken
        let seconds = (object["expires_in"] as? NSNumber)?.doubleValue ?? (object["expires_in"] as? String).flatMap(Double.init)
        // A negative, infinite or NaN life is no stated life; ten years stands for longer ones.
        lifetime = seconds.flatMap { $0.isFinite && $0 >= 0 ? min($0, 10 * 365 * 86_400) : nil }
        expiresAt = lifetime.map { now.addingTimeInterval($0) }
    }
}
