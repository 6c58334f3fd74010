import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The composer shows what `config.args` add to a request, as it marks `config.headers` (which
/// arguments a request inherits is tested in CourierFormatTests).
@Suite(.serialized) struct ServiceDefaultsComposerTests {
    /// The demo workspace with `config.args` beside its `config.headers`.
    private static func withConfigArgs(_ text: String) -> String {
        text.replacingOccurrences(of: "  headers: {X-Client: courier-demo}",
                                  with: "  headers: {X-Client: courier-demo}\n  args: {tenant: acme, apiKey: k-991}")
    }

    @Test func theParamsTabMarksArgumentsFromTheConfig() async throws {
        try await AppHarness.run(editing: Self.withConfigArgs) { app in
            app.press(.character("2"))
            expectEqual(app.model.panes.exchange.composer.tab, .params)
            let screen = app.screen
            #expect(screen.contains("tenant=acme  (from config)"), "\(screen)")
            #expect(screen.contains("apiKey=\(Redaction.placeholder)  (from config)"), "a secret-named argument is redacted")
            #expect(!screen.contains("k-991"))
            #expect(!screen.contains("lang=swift  (from config)"), "the request's own arguments are not marked")
        }
    }
}
