import Crypto

/// The hashes the demo's digest auth (MD5, SHA-256: RFC 7616) and PKCE check (SHA-256) use,
/// from swift-crypto, which the engine already links.
enum DemoHash {
    static func md5(_ bytes: [UInt8]) -> [UInt8] { Array(Insecure.MD5.hash(data: bytes)) }
    static func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }
}
