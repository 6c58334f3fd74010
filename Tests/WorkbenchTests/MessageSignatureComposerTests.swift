import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// An RFC 9421 signature in the composer's Auth tab: its fields shown, its key hidden until
/// revealed. (Read, written and sent: CourierFormatTests' and CourierWorkspaceTests' own.)
@Suite struct MessageSignatureComposerTests {
    @Test func theComposerShowsItsFieldsAndHidesTheKey() throws {
        let workspace = try Workspace.parse(yaml: MessageSignatureWorkspace.yaml.replacingOccurrences(of: "{{sigKey}}", with: MessageSignatureWorkspace.secret), file: "sig.yaml")
        let auth = try #require(workspace.requests["signed"]?.auth)
        let hidden = ExchangePane.authLines(auth.authentication, reveal: false).map(\.text).joined(separator: "\n")
        #expect(hidden.contains("HTTP Message Signature"), "\(hidden)")
        #expect(hidden.contains("test-shared-secret") && hidden.contains("hmac-sha256"), "\(hidden)")
        #expect(hidden.contains("@method @authority @path @query content-digest content-type date"), "\(hidden)")
        #expect(!hidden.contains(MessageSignatureWorkspace.secret) && hidden.contains(Redaction.placeholder), "\(hidden)")
        #expect(ExchangePane.authLines(auth.authentication, reveal: true).map(\.text).joined().contains(MessageSignatureWorkspace.secret))
        let file = try #require(Workspace.parse(yaml: MessageSignatureWorkspace.yaml, file: "sig.yaml").requests["from-file"]?.auth)
        #expect(ExchangePane.authLines(file.authentication, reveal: false).map(\.text).joined().contains("keys/ed25519.pem"),
                "a key file's path is no secret")
    }

}
