@testable import Courier
import Foundation
import Testing

/// HTTP Message Signatures (RFC 9421) against the RFC's own examples (Appendix B): the
/// signature bases of B.2.1, B.2.3, B.2.4, B.2.5 and B.2.6 byte for byte, the deterministic
/// signatures of B.2.5 (hmac-sha256) and B.2.6 (ed25519) exactly, and B.2.4's ecdsa-p256-sha256
/// signature verified with the RFC's public key (ECDSA is randomised: Courier's own is
/// verified in turn). B.2.2 covers `@query-param`, which Courier does not sign.
@Suite struct MessageSignatureVectorTests {
    /// B.1.4 test-key-ed25519.
    static let ed25519Private = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF
        -----END PRIVATE KEY-----
        """
    static let ed25519Public = """
        -----BEGIN PUBLIC KEY-----
        MCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=
        -----END PUBLIC KEY-----
        """
    /// B.1.3 test-key-ecc-p256.
    static let p256Private = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIFKbhfNZfpDsW43+0+JjUr9K+bTeuxopu653+hBaXGA7oAoGCCqGSM49
        AwEHoUQDQgAEqIVYZVLCrPZHGHjP17CTW0/+D9Lfw0EkjqF7xB4FivAxzic30tMM
        4GF+hR6Dxh71Z50VGGdldkkDXZCnTNnoXQ==
        -----END EC PRIVATE KEY-----
        """
    static let p256Public = """
        -----BEGIN PUBLIC KEY-----
        MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqIVYZVLCrPZHGHjP17CTW0/+D9Lf
        w0EkjqF7xB4FivAxzic30tMM4GF+hR6Dxh71Z50VGGdldkkDXZCnTNnoXQ==
        -----END PUBLIC KEY-----
        """
    /// B.1.5 test-shared-secret, base64.
    static let sharedSecret = "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ=="

    /// B.2's test-request (its body is `{"hello": "world"}`).
    static let testRequest = SignatureBase.Message(method: "POST", url: "https://example.com/foo?param=Value&Pet=dog", headers: [
        ("Host", "example.com"), ("Date", "Tue, 20 Apr 2021 02:07:55 GMT"), ("Content-Type", "application/json"),
        ("Content-Digest", "sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:"),
        ("Content-Length", "18"),
    ])
    /// B.2's test-response (its body is `{"message": "good dog"}`).
    static let testResponse = SignatureBase.Message(method: "POST", url: "https://example.com/foo", headers: [
        ("Date", "Tue, 20 Apr 2021 02:07:56 GMT"), ("Content-Type", "application/json"),
        ("Content-Digest", "sha-512=:mEWXIS7MaLRuGgxOBdODa3xqM1XdEvxoYhvlCFJ41QJgJc4GTsPp29l5oGX69wWdXymyU0rjJuahq4l5aGgfLQ==:"),
        ("Content-Length", "23"),
    ], status: 200)

    static func parameters(_ keyID: String, nonce: String? = nil) -> SignatureBase.Parameters {
        SignatureBase.Parameters(created: 1_618_884_473, keyID: keyID, nonce: nonce)
    }

    @Test("B.2.1: the minimal signature's base")
    func minimalBase() throws {
        let base = try SignatureBase(components: [], parameters: Self.parameters("test-key-rsa-pss", nonce: "b3k2pp5k7z-50gnwp.yemd"),
                                     of: Self.testRequest)
        #expect(base.text == #""@signature-params": ();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd""#)
    }

    @Test("B.2.3: full coverage's base")
    func fullCoverageBase() throws {
        let components = ["date", "@method", "@path", "@query", "@authority", "content-type", "content-digest", "content-length"]
        let base = try SignatureBase(components: components, parameters: Self.parameters("test-key-rsa-pss"), of: Self.testRequest)
        #expect(base.text == """
            "date": Tue, 20 Apr 2021 02:07:55 GMT
            "@method": POST
            "@path": /foo
            "@query": ?param=Value&Pet=dog
            "@authority": example.com
            "content-type": application/json
            "content-digest": sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:
            "content-length": 18
            "@signature-params": ("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss"
            """)
    }

    @Test("B.2.5: hmac-sha256, base and signature exactly")
    func hmacSHA256() throws {
        let base = try SignatureBase(components: ["date", "@authority", "content-type"], parameters: Self.parameters("test-shared-secret"),
                                     of: Self.testRequest)
        #expect(base.text == """
            "date": Tue, 20 Apr 2021 02:07:55 GMT
            "@authority": example.com
            "content-type": application/json
            "@signature-params": ("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret"
            """)
        let signature = try SignatureAlgorithm.hmacSHA256.sign(Data(base.text.utf8), key: SignatureKey(inline: Self.sharedSecret))
        expectEqual(signature.base64EncodedString(), "pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=")
    }

    @Test("B.2.6: ed25519, base and signature exactly (Ed25519 is deterministic)")
    func ed25519() throws {
        let components = ["date", "@method", "@path", "@authority", "content-type", "content-length"]
        let base = try SignatureBase(components: components, parameters: Self.parameters("test-key-ed25519"), of: Self.testRequest)
        #expect(base.text == """
            "date": Tue, 20 Apr 2021 02:07:55 GMT
            "@method": POST
            "@path": /foo
            "@authority": example.com
            "content-type": application/json
            "content-length": 18
            "@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"
            """)
        let signature = try SignatureAlgorithm.ed25519.sign(Data(base.text.utf8), key: SignatureKey(inline: Self.ed25519Private))
        expectEqual(signature.base64EncodedString(), "wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==")
        #expect(SignatureAlgorithm.ed25519.verify(signature, of: Data(base.text.utf8), key: try SignatureKey(inline: Self.ed25519Public)))
    }

    @Test("B.2.4: ecdsa-p256-sha256, the RFC's signature verifies over the base; Courier's own verifies too")
    func ecdsaP256SHA256() throws {
        let components = ["@status", "content-type", "content-digest", "content-length"]
        let base = try SignatureBase(components: components, parameters: Self.parameters("test-key-ecc-p256"), of: Self.testResponse)
        #expect(base.text == """
            "@status": 200
            "content-type": application/json
            "content-digest": sha-512=:mEWXIS7MaLRuGgxOBdODa3xqM1XdEvxoYhvlCFJ41QJgJc4GTsPp29l5oGX69wWdXymyU0rjJuahq4l5aGgfLQ==:
            "content-length": 23
            "@signature-params": ("@status" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-ecc-p256"
            """)
        let data = Data(base.text.utf8)
        let publicKey = try SignatureKey(inline: Self.p256Public)
        let rfc = try #require(Data(base64Encoded: "wNmSUAhwb5LxtOtOpNa6W5xj067m5hFrj0XQ4fvpaCLx0NKocgPquLgyahnzDnDAUy5eCdlYUEkLIj+32oiasw=="))
        #expect(SignatureAlgorithm.ecdsaP256SHA256.verify(rfc, of: data, key: publicKey))
        #expect(!SignatureAlgorithm.ecdsaP256SHA256.verify(rfc, of: data + Data("x".utf8), key: publicKey), "another base does not verify")
        let own = try SignatureAlgorithm.ecdsaP256SHA256.sign(data, key: SignatureKey(inline: Self.p256Private))
        #expect(own.count == 64, "r and s, 32 bytes each")
        #expect(SignatureAlgorithm.ecdsaP256SHA256.verify(own, of: data, key: publicKey))
    }

    /// The scheme itself on B.2's request: the same header fields the RFC shows for B.2.5 and B.2.6.
    @Test("the scheme writes B.2.5's and B.2.6's Signature-Input and Signature")
    func schemeWritesTheRFCsFields() throws {
        func signed(_ scheme: MessageSignatureAuth) throws -> PreparedRequest {
            var request = PreparedRequest(url: Self.testRequest.url, method: .post, headers: Self.testRequest.headers,
                                          body: Data(#"{"hello": "world"}"#.utf8), timeoutInterval: 10, tlsPolicy: TLSPolicy(),
                                          proxy: .none, userAgent: "Courier")
            try scheme.sign(&request, at: Date())
            return request
        }
        var hmac = MessageSignatureAuth(keyID: "test-shared-secret", algorithm: "hmac-sha256", key: Self.sharedSecret)
        (hmac.components, hmac.created, hmac.label) = (["date", "@authority", "content-type"], "1618884473", "sig-b25")
        let b25 = try signed(hmac)
        #expect(b25.header("Signature-Input") == #"sig-b25=("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret""#)
        expectEqual(b25.header("Signature"), "sig-b25=:pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=:")
        var ed = MessageSignatureAuth(keyID: "test-key-ed25519", algorithm: "ed25519", key: Self.ed25519Private)
        (ed.components, ed.created, ed.label) = (["date", "@method", "@path", "@authority", "content-type", "content-length"], "1618884473", "sig-b26")
        let b26 = try signed(ed)
        expectEqual(b26.header("Signature"), "sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:")
    }

    /// RFC 9530 §2's example: `{"hello": "world"}` has this sha-256 Content-Digest.
    @Test("Content-Digest is RFC 9530's sha-256 of the body")
    func contentDigest() throws {
        var request = PreparedRequest(url: "https://example.com/foo", method: .post, headers: [], body: Data(#"{"hello": "world"}"#.utf8),
                                      timeoutInterval: 10, tlsPolicy: TLSPolicy(), proxy: .none, userAgent: "Courier")
        try MessageSignatureAuth(keyID: "k", algorithm: "hmac-sha256", key: Self.sharedSecret).sign(&request, at: Date())
        expectEqual(request.header("Content-Digest"), "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:")
        #expect(request.header("Signature-Input")?.hasPrefix(#"sig1=("@method" "@authority" "@path" "content-digest");created="#) == true)
    }
}
