import Foundation
import Synchronization

/// The demo OAuth2 server's memory: issued access and refresh tokens with their expiry, codes
/// waiting to be exchanged, and counts a test reads (`/oauth/stats`).
final class OAuthStore: Sendable {
    /// The one registered client.
    static let clientID = "demo-client"
    static let clientSecret = "demo-secret"

    struct Code: Sendable {
        var challenge: String
        var redirectURI: String
        var scope: String?
    }

    private struct State {
        var accessTokens: [String: (expires: Date, subject: String)] = [:]
        var refreshTokens: [String: String] = [:]
        var codes: [String: Code] = [:]
        var counts: [String: Int] = [:]
    }
    private let state = Mutex(State())

    /// A new access token for `subject`, valid for `lifetime` seconds.
    func issueAccessToken(subject: String, lifetime: Int) -> String {
        let token = Self.randomToken()
        state.withLock { $0.accessTokens[token] = (Date().addingTimeInterval(TimeInterval(lifetime)), subject) }
        return token
    }

    func issueRefreshToken(subject: String) -> String {
        let token = Self.randomToken()
        state.withLock { $0.refreshTokens[token] = subject }
        return token
    }

    /// The subject of a refresh token, which is used up (rotated).
    func redeemRefreshToken(_ token: String) -> String? {
        state.withLock { $0.refreshTokens.removeValue(forKey: token) }
    }

    /// The subject of an access token that is known and not expired.
    func subject(ofAccessToken token: String) -> String? {
        state.withLock { state in
            guard let entry = state.accessTokens[token], entry.expires > Date() else { return nil }
            return entry.subject
        }
    }

    /// Forgets every access token (a server restart, as a client sees it).
    func revokeAccessTokens() {
        state.withLock { $0.accessTokens.removeAll() }
    }

    func issueCode(_ code: Code) -> String {
        let value = Self.randomToken()
        state.withLock { $0.codes[value] = code }
        return value
    }

    /// A code's grant, used up.
    func redeemCode(_ value: String) -> Code? {
        state.withLock { $0.codes.removeValue(forKey: value) }
    }

    func count(_ name: String) {
        state.withLock { $0.counts[name, default: 0] += 1 }
    }

    var counts: [String: Int] { state.withLock { $0.counts } }

    private static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<3).map { _ in String(generator.next() as UInt64, radix: 36) }.joined(separator: ".")
    }
}
