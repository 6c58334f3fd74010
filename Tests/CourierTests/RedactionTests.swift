import Courier
import Foundation
import Testing

/// One set of redaction rules for every sink.
@Suite struct RedactionTests {
    private let hidden = Redaction.placeholder

    @Test func aURLsPasswordAndSecretQueryValuesAreHidden() {
        expectEqual(Redaction.redact("https://ann:pw-1@api.example.com/x?page=2"), "https://ann:\(hidden)@api.example.com/x?page=2")
        #expect(Redaction.redact("GET http://h/a?access_token=t-1&page=1&pwd=p-2#top ok")
                == "GET http://h/a?access_token=\(hidden)&page=1&pwd=\(hidden)#top ok")
        for key in ["auth", "Authorization", "api_key", "X-Api-Key", "client_secret", "sessionId", "sig", "key", "passphrase"] {
            #expect(Redaction.redact("/x?\(key)=v-1") == "/x?\(key)=\(hidden)", "\(key)")
        }
        for key in ["page", "forward", "keyboard", "author", "author_name_x", "authority", "q"] {
            #expect(!Redaction.isSensitiveKey(key), "\(key)")
            #expect(Redaction.redact("/x?\(key)=v-1") == "/x?\(key)=v-1", "\(key)")
        }
        for key in ["oauth_token", "authToken", "X-Auth", "authorization", "Proxy-Authorisation", "author_auth"] {
            #expect(Redaction.isSensitiveKey(key), "\(key)")
        }
        expectEqual(Redaction.redact("a & b=c, and https://user@host/ stay"), "a & b=c, and https://user@host/ stay")
    }

    @Test func knownSecretsAreHiddenWhereverTheyAppearLongestFirst() {
        let matcher = SecretMatcher(["tok-123", "tok-1234567", "東京の秘密", "ab"])
        expectEqual(matcher.redact("a tok-1234567 b tok-123 c"), "a \(hidden) b \(hidden) c")
        expectEqual(matcher.redact("x東京の秘密y"), "x\(hidden)y")
        expectEqual(matcher.redact("ab stays: too short to hide"), "ab stays: too short to hide")
        expectEqual(matcher.redact(""), "")
        expectEqual(Redaction.redact("/u/tok-123?pwd=z", secrets: matcher), "/u/\(hidden)?pwd=\(hidden)")
    }

    @Test func twoThousandDistinctTokensAreMatchedInOnePass() {
        let tokens = (0..<2_000).map { String(format: "tok-%08d", $0) }
        let matcher = SecretMatcher(tokens)
        let line = "GET /orders 200 Bearer tok-00001999 then tok-00000000 and tok-x"
        expectEqual(matcher.redact(line), "GET /orders 200 Bearer \(hidden) then \(hidden) and tok-x")
    }

    /// Header names are judged as query and JSON keys are, not by a fixed list: the headers
    /// the security probe found stored in clear, and a `key` word; standard headers that only
    /// look secret stay readable.
    @Test(arguments: ["X-Amz-Security-Token", "Private-Token", "X-Csrf-Token", "X-Auth-Token", "X-Session-Id",
                      "X-Client-Secret", "X-Signature", "X-Client-Key", "Proxy-Authorization", "Cookie", "api-key"])
    func headersWhoseNamesSaySecretAreSecret(name: String) {
        #expect(Redaction.isSensitiveHeader(name))
        expectEqual(Redaction.headers([(name: name, value: "v-1")]).first?.value, Redaction.placeholder)
    }

    @Test(arguments: ["Content-Type", "Accept", "Keep-Alive", "WWW-Authenticate", "Access-Control-Allow-Credentials",
                      "Access-Control-Allow-Headers", "X-Request-Id", "Host", "Monkey"])
    func ordinaryHeadersStayReadable(name: String) {
        #expect(!Redaction.isSensitiveHeader(name))
    }
}
