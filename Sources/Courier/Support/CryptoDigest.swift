internal import CCourierCrypto
import Foundation

/// Digests through the system's OpenSSL libcrypto (CCourierCrypto), the library its libcurl
/// already loads: SHA-256 for cache entry names, body digests and message signatures; MD5 and
/// SHA-512/256 for the demo server's digest authentication.
package enum CryptoDigest: Sendable {
    case md5, sha256, sha512_256

    var algorithm: courier_digest_algorithm {
        switch self {
        case .md5: COURIER_DIGEST_MD5
        case .sha256: COURIER_DIGEST_SHA256
        case .sha512_256: COURIER_DIGEST_SHA512_256
        }
    }

    /// The digest of `bytes`.
    package func hash(_ bytes: some ContiguousBytes) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(COURIER_DIGEST_MAX))
        let length = bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { courier_digest(algorithm, input.baseAddress, input.count, $0.baseAddress) }
        }
        guard length > 0 else { CryptoDigest.fail("the \(self) digest") }
        return Array(digest.prefix(Int(length)))
    }

    /// libcrypto refused a digest or MAC of bytes in memory: a system whose OpenSSL leaves
    /// the algorithm out (a FIPS-only configuration and MD5), not something input can cause.
    static func fail(_ what: String) -> Never {
        preconditionFailure("libcrypto could not compute \(what): \(CryptoError.lastReported())")
    }
}

/// A digest computed in pieces: a file read a block at a time.
package final class DigestHasher {
    private var context: OpaquePointer?

    package init(_ digest: CryptoDigest) {
        guard let context = courier_digest_begin(digest.algorithm) else { CryptoDigest.fail("the \(digest) digest") }
        self.context = context
    }

    deinit { courier_digest_discard(context) }

    /// Adds `bytes` to what is hashed.
    package func update(_ bytes: some ContiguousBytes) {
        let status = bytes.withUnsafeBytes { courier_digest_update(context, $0.baseAddress, $0.count) }
        if status != 0 { CryptoDigest.fail("a digest") }
    }

    /// The digest of everything added; the hasher is spent after it.
    package func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(COURIER_DIGEST_MAX))
        let length = digest.withUnsafeMutableBufferPointer { courier_digest_finish(context, $0.baseAddress) }
        context = nil
        guard length > 0 else { CryptoDigest.fail("a digest") }
        return Array(digest.prefix(Int(length)))
    }
}

/// HMAC with SHA-256 (RFC 2104).
package enum HMACSHA256 {
    /// The 32-byte authentication code of `data` under `key` (an empty key is a valid one).
    package static func code(key: some ContiguousBytes, data: some ContiguousBytes) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: 32)
        let status = key.withUnsafeBytes { key in
            data.withUnsafeBytes { data in
                code.withUnsafeMutableBufferPointer {
                    courier_hmac_sha256(key.baseAddress, key.count, data.baseAddress, data.count, $0.baseAddress)
                }
            }
        }
        if status != 0 { CryptoDigest.fail("an HMAC-SHA256") }
        return code
    }

    /// Whether `code` is `data`'s under `key`, compared in constant time.
    package static func isValid(_ code: some Collection<UInt8>, key: some ContiguousBytes, data: some ContiguousBytes) -> Bool {
        let expected = self.code(key: key, data: data)
        guard code.count == expected.count else { return false }
        return zip(code, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// What libcrypto reported for the last failure on this thread.
package enum CryptoError {
    package static func lastReported() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        courier_crypto_error(&buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "no reason given" : text
    }
}
