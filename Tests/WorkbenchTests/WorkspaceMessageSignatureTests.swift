import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// `auth: {signature: {…}}` (RFC 9421) in a workspace — read, written back, shown in the
/// composer with its key hidden, sent and signed — all through the scheme's description.
@Suite struct WorkspaceMessageSignatureTests {
    static let secret = "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ=="
    static let yaml = """
        config: {baseUrl: "{{demo}}"}
        variables: {sigKey: "\(secret)"}
        requests:
          signed:
            method: POST
            url: /anything/orders?b=2&a=1
            body: {json: {item: book}}
            auth:
              signature:
                keyId: test-shared-secret
                algorithm: hmac-sha256
                key: "{{sigKey}}"
                components: ["@method", "@authority", "@path", "@query", content-digest, content-type, date]
                expires: 300
                tag: courier
            expect:
              - $.headers['Signature-Input'] matches /^sig1=\\("@method" "@authority" "@path" "@query" "content-digest" "content-type" "date"\\);created=[0-9]+;expires=[0-9]+;keyid="test-shared-secret";tag="courier"$/
              - $.headers['Signature'] matches /^sig1=:[A-Za-z0-9+\\/]+=*:$/
              - $.headers['Content-Digest'] matches /^sha-256=:/
              - $.headers['Date'] exists
          from-file:
            url: /get
            auth: {signature: {keyId: k1, algorithm: ed25519, keyFile: keys/ed25519.pem, label: mine}}
        """

    @Test func itIsReadAsTheEnginesSchemeAndWrittenBackTheSame() throws {
        let workspace = try Workspace.parse(yaml: Self.yaml, file: "sig.yaml")
        guard case .scheme(let authentication)? = workspace.requests["signed"]?.auth,
              let scheme = authentication.scheme(as: MessageSignatureAuth.self) else {
            Issue.record("not a signature")
            return
        }
        #expect(scheme.keyID == "test-shared-secret" && scheme.algorithm == "hmac-sha256" && scheme.key == "{{sigKey}}")
        #expect(scheme.components == ["@method", "@authority", "@path", "@query", "content-digest", "content-type", "date"])
        #expect(scheme.expires == 300 && scheme.tag == "courier" && scheme.label == "sig1" && scheme.created == "now")
        for name in ["signed", "from-file"] {
            let definition = try #require(workspace.requests[name])
            let block = RequestYAML.block(for: definition, name: name)
            let again = try Workspace.parse(yaml: "variables: {sigKey: k}\nrequests:\n" + block.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n",
                                            file: "again.yaml")
            #expect(again.requests[name]?.auth == definition.auth, "\(block)")
        }
    }

    @Test func mistakesNameTheirPlace() {
        let cases = [
            ("auth: {signature: {keyId: k, algorithm: ed25519}}", "needs key"),
            ("auth: {signature: {keyId: k, algorithm: rsa-pss-sha512, key: x}}", "unknown algorithm \"rsa-pss-sha512\""),
            ("auth: {signature: {algorithm: ed25519, key: x}}", "missing key \"keyId\""),
            ("auth: {signature: {keyId: k, algorithm: ed25519, key: x, label: \"Sig 1\"}}", "label is a lowercase name"),
            ("auth: {signature: {keyId: k, algorithm: ed25519, key: x, components: [\"@method\", \"a b\"]}}", "one word"),
        ]
        for (line, words) in cases {
            do {
                _ = try Workspace.parse(yaml: "requests:\n  r:\n    url: https://example.com/\n    \(line)\n", file: "sig.yaml")
                Issue.record("\(line) was accepted")
            } catch {
                #expect(error.description.contains("sig.yaml:4:") && error.description.contains(words), "\(line): \(error.description)")
            }
        }
    }

    @Test func theComposerShowsItsFieldsAndHidesTheKey() throws {
        let workspace = try Workspace.parse(yaml: Self.yaml.replacingOccurrences(of: "{{sigKey}}", with: Self.secret), file: "sig.yaml")
        let auth = try #require(workspace.requests["signed"]?.auth)
        let hidden = ExchangePane.authLines(auth.authentication, reveal: false).map(\.text).joined(separator: "\n")
        #expect(hidden.contains("HTTP Message Signature"), "\(hidden)")
        #expect(hidden.contains("test-shared-secret") && hidden.contains("hmac-sha256"), "\(hidden)")
        #expect(hidden.contains("@method @authority @path @query content-digest content-type date"), "\(hidden)")
        #expect(!hidden.contains(Self.secret) && hidden.contains(Redaction.placeholder), "\(hidden)")
        #expect(ExchangePane.authLines(auth.authentication, reveal: true).map(\.text).joined().contains(Self.secret))
        let file = try #require(Workspace.parse(yaml: Self.yaml, file: "sig.yaml").requests["from-file"]?.auth)
        #expect(ExchangePane.authLines(file.authentication, reveal: false).map(\.text).joined().contains("keys/ed25519.pem"),
                "a key file's path is no secret")
    }

    /// Sent by `courier run` to the demo server, which echoes the header fields: signed as
    /// the checks expect, and the key in no line the run prints.
    @Test func theRunnerSignsItAndPrintsNoKey() async throws {
        let path = writeWorkspace(Self.yaml)
        let run = await headlessRun(path, ["signed"])
        let printed = (run.output + run.errors).joined(separator: "\n")
        #expect(run.status == 0, "\(printed)")
        #expect(run.output.contains { $0.contains("✓ signed") }, "\(printed)")
        #expect(!printed.contains(Self.secret), "\(printed)")
    }
}
