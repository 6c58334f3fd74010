import Courier
import Foundation
import Testing
@testable import Workbench

/// The workbench follows the engine under `response: auto`: a 2xx HTML page or PNG is a
/// success in the tree and the response, and a JSON body that does not parse is shown with
/// its warning.
@Suite struct AnyResponseWorkbenchTests {
    @Test func anHTMLPageAndAPNGAreSuccessesInTheTreeAndTheResponse() async throws {
        try await AppHarness.run { app in
            app.select(.request("html-page"))
            app.press(.enter)
            try await app.settle("html-page to finish") { app.model.session.exchanges["html-page"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["html-page"]?.request.error, nil)
            var screen = app.screen
            #expect(screen.contains("200 OK"))
            #expect(screen.contains("Courier demo server"), "the HTML is shown")
            #expect(!screen.contains("✗"), "nothing in the tree or the response says failure")

            app.select(.request("png-image"))
            app.press(.enter)
            try await app.settle("png-image to finish") { app.model.session.exchanges["png-image"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["png-image"]?.request.error, nil)
            screen = app.screen
            #expect(screen.contains("200 OK"))
            #expect(!screen.contains("✗"))
        }
    }

    @Test func brokenJSONUnderAutoShowsItsWarningOnTheResponseLine() async throws {
        try await AppHarness.run(editing: { $0.replacingOccurrences(of: "    response: json\n", with: "") }) { app in
            app.select(.request("bad-json"))
            app.press(.enter)
            try await app.settle("bad-json to finish") { app.model.session.exchanges["bad-json"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["bad-json"]?.request.error, nil)
            #expect(app.screen.contains("200 OK  "))
            #expect(app.screen.contains("the body is not valid JSON"))
        }
    }
}
