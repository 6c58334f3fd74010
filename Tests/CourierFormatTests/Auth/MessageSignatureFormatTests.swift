import Courier
import Foundation
import Testing
@testable import CourierFormat
@testable import CourierFormatCore

/// `auth: {signature: {…}}` (RFC 9421) in a workspace: read as the engine's scheme, written
/// back the same, and its mistakes named at their place — all through the scheme's description.
@Suite struct MessageSignatureFormatTests {
    @Test func itIsReadAsTheEnginesSchemeAndWrittenBackTheSame() throws {
        let workspace = try Workspace.parse(yaml: MessageSignatureWorkspace.yaml, file: "sig.yaml")
        guard case .scheme(let authentication)? = workspace.requests["signed"]?.auth,
              let scheme = authentication.scheme(as: MessageSignatureAuth.self) else {
            Issue.record("not a signature")
            return
        }
        #expect(scheme.keyID == "test-shared-secret" && scheme.algorithm == "hmac-sha256" && scheme.key == "{{sigKey}}")
        expectEqual(scheme.components, ["@method", "@authority", "@path", "@query", "content-digest", "content-type", "date"])
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
}
