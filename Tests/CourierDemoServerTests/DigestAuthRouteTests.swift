@testable import CourierDemoServer
import Foundation
import Testing

@Suite("Digest authentication (RFC 7616)")
struct DigestAuthRouteTests {
    @Test("MD5 gives RFC 1321's test-suite digests")
    func md5KnownAnswers() {
        let cases = ["": "d41d8cd98f00b204e9800998ecf8427e", "abc": "900150983cd24fb0d6963f7d28e17f72",
                     "message digest": "f96b697d7cb7938d525a2f31aaf161d0",
                     String(repeating: "1234567890", count: 8): "57edf4a22be3c955ac49da2e2107b67a"]
        for (text, digest) in cases {
            #expect(DemoHash.md5(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() == digest, "\(text)")
        }
    }

    /// RFC 7616 §3.9.1's example: user Mufasa, password "Circle of Life", and the responses it publishes.
    @Test("the responses of RFC 7616's example are computed", arguments: [
        ("MD5", "8ca523f5e9506fed4657c9700eebdbec"),
        ("SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"),
    ])
    func rfcExample(algorithm: String, response: String) {
        #expect(DigestAuthRoute.expectedResponse(user: "Mufasa", realm: "http-auth@example.org", password: "Circle of Life",
                                                 algorithm: algorithm, method: "GET", target: "/dir/index.html",
                                                 nonce: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc: "00000001",
                                                 cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ") == response)
    }

    @Test("a right answer is accepted, refused with another password or target, stale when old, refused when forged")
    func verdicts() {
        func answer(nonce: String, password: String = "Circle of Life") -> DigestAnswer {
            let response = DigestAuthRoute.expectedResponse(user: "Mufasa", realm: DigestAuthRoute.realm, password: password,
                                                            algorithm: "SHA-256", method: "GET", target: "/dir/index.html",
                                                            nonce: nonce, nc: "00000001", cnonce: "abc")
            return DigestAnswer(#"Digest username="Mufasa", realm="courier-demo", uri="/dir/index.html", qop=auth, nc=00000001, "#
                + #"cnonce="abc", algorithm=SHA-256, nonce="\#(nonce)", response="\#(response)""#)!
        }
        func verdict(_ answer: DigestAnswer, target: String = "/dir/index.html") -> DigestAuthRoute.Verdict {
            DigestAuthRoute.verify(answer, user: "Mufasa", password: "Circle of Life", algorithm: "SHA-256", method: "GET", target: target)
        }
        let fresh = DigestAuthRoute.nonce(at: Date().timeIntervalSince1970)
        expectEqual(verdict(answer(nonce: fresh)), .accepted)
        expectEqual(verdict(answer(nonce: fresh, password: "Circle of life")), .refused)
        expectEqual(verdict(answer(nonce: fresh), target: "/dir/other.html"), .refused)
        expectEqual(verdict(answer(nonce: DigestAuthRoute.nonce(at: Date().timeIntervalSince1970 - DigestAuthRoute.nonceLifetime - 10))), .stale)
        expectEqual(verdict(answer(nonce: "1-00")), .refused)
    }

    @Test("curl --digest, an independent client, is let in; without credentials a challenge comes back")
    func curlIsLetIn() async throws {
        try await withDemoServer { server, client in
            let challenge = try await client.request("/digest-auth/auth/ada/pw/SHA-256")
            expectEqual(challenge.status, 401)
            #expect(challenge.header("WWW-Authenticate")?.hasPrefix(#"Digest realm="courier-demo", qop="auth", algorithm=SHA-256"#) == true)
            let curl = ["/usr/bin/curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--digest", "-u", "ada:pw",
                        server.baseURL + "/digest-auth/auth/ada/pw"]
            // Off the pool: curl talks to this process's demo server, whose handlers need it.
            let (_, status) = try await ChildProcess.finish(curl, discardingErrors: true)
            expectEqual(status, "200")
        }
    }
}
