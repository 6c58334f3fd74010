import Courier

/// The hashes the demo's digest auth (MD5, SHA-256: RFC 7616) and PKCE check (SHA-256) use,
/// from the system's libcrypto through the engine's ``CryptoDigest``.
enum DemoHash {
    static func md5(_ bytes: [UInt8]) -> [UInt8] { CryptoDigest.md5.hash(bytes) }
    static func sha256(_ bytes: [UInt8]) -> [UInt8] { CryptoDigest.sha256.hash(bytes) }
}
