import Synchronization

/// Bearer tokens issued by `/login`, remembered for the lifetime of the server.
final class SessionTokenStore: Sendable {
    private let tokens = Mutex<[String: String]>([:])  // token → user

    /// Issues and remembers a fresh random token for `user`.
    func issueToken(for user: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        tokens.withLock { $0[token] = user }
        return token
    }

    /// The user a token was issued to, or `nil` for unknown tokens.
    func user(forToken token: String) -> String? {
        tokens.withLock { $0[token] }
    }
}
