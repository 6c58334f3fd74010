@testable import Courier
import Foundation
import Testing

/// The system libcrypto's digests and HMAC as the engine calls them (CCourierCrypto), against
/// published vectors: FIPS 180-4's "abc", RFC 1321's empty MD5, RFC 4231's HMAC case 2.
struct CryptoDigestTests {
    private func hex(_ bytes: [UInt8]) -> String { SHA256Hex.hex(bytes) }

    @Test func digestsMatchThePublishedVectors() {
        expectEqual(hex(CryptoDigest.sha256.hash(Data("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        expectEqual(hex(CryptoDigest.md5.hash(Data())), "d41d8cd98f00b204e9800998ecf8427e")
        expectEqual(hex(CryptoDigest.sha512_256.hash(Data("abc".utf8))), "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23")
        expectEqual(SHA256Hex.of(Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func aDigestInPiecesIsTheDigestOfTheWhole() {
        let whole = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let hasher = DigestHasher(.sha256)
        for start in stride(from: 0, to: whole.count, by: 4099) { hasher.update(whole[start..<min(start + 4099, whole.count)]) }
        expectEqual(hasher.finish(), CryptoDigest.sha256.hash(whole))
    }

    @Test func hmacMatchesRFC4231AndTakesAnEmptyKey() {
        let code = HMACSHA256.code(key: Data("Jefe".utf8), data: Data("what do ya want for nothing?".utf8))
        expectEqual(hex(code), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(HMACSHA256.isValid(code, key: Data("Jefe".utf8), data: Data("what do ya want for nothing?".utf8)))
        #expect(!HMACSHA256.isValid(code, key: Data("jefe".utf8), data: Data("what do ya want for nothing?".utf8)))
        #expect(!HMACSHA256.isValid(code.dropLast(), key: Data("Jefe".utf8), data: Data("what do ya want for nothing?".utf8)))
        expectEqual(hex(HMACSHA256.code(key: Data(), data: Data())), "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func aP256ScalarOutsideTheCurvesOrderIsRefusedWithLibcryptosReason() {
        for scalar in [Data(count: 32), Data(repeating: 0xFF, count: 32), Data(repeating: 1, count: 31)] {
            #expect(throws: RequestError.self) {
                try SignatureAlgorithm.ecdsaP256SHA256.sign(Data("m".utf8), key: SignatureKey(pem: nil, bytes: scalar))
            }
        }
        // 1 is the smallest valid scalar: its public key is the curve's generator.
        var one = Data(count: 32)
        one[31] = 1
        let signature = try? SignatureAlgorithm.ecdsaP256SHA256.sign(Data("m".utf8), key: SignatureKey(pem: nil, bytes: one))
        let generator = Data(base64Encoded: "axfR8uEsQkf4vOblY6RA8ncDfYEt6zOg9KE5RdiYwpZP40Li/hp/m47n60p8D54WK84zV2sxXs7LtkBoN79R9Q==")!
        #expect(signature.map { SignatureAlgorithm.ecdsaP256SHA256.verify($0, of: Data("m".utf8), key: SignatureKey(pem: nil, bytes: generator)) } == true)
    }

    /// An encrypted key (openssl genpkey … -aes256) is refused, saying how to decrypt it. (Below
    /// this check, CCourierCrypto reads every PEM with a callback that gives no passphrase:
    /// OpenSSL's default one would ask for it on the terminal.)
    @Test func anEncryptedP256KeyIsRefusedWithoutAskingForItsPassphrase() throws {
        let encrypted = """
            -----BEGIN ENCRYPTED PRIVATE KEY-----
            MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAjiUlTwk7BqkwICCAAw
            DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEGJOer4/2NbXcr6qMm+QiGYEgZAY
            cu4sZO+WHIMgn0tdDJc4ItlLSA9/ljvrTwF86eUvl7fb1EU5Cdb66quC7uNQTwPF
            GHmrzRee/0frk2VBn1SAmGeI97pJP8jxwvYY3oL8okRMEQDQHBE3l9QXWjQBTqg9
            cOT30C/qPt1tc2Mcf4PREqI0enfrAiFPrVaem5Wb1k1DdIlanBbZ8B02mWYn4EU=
            -----END ENCRYPTED PRIVATE KEY-----
            """
        let error = #expect(throws: RequestError.self) {
            try SignatureAlgorithm.ecdsaP256SHA256.sign(Data("m".utf8), key: SignatureKey(inline: encrypted))
        }
        #expect(error?.message.contains("key is encrypted; give it decrypted (openssl pkey") == true, "\(String(describing: error))")

    }
}
