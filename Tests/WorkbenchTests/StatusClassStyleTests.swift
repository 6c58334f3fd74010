import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// An accepted response status shows in its class's style (`status.2xx` … `status.5xx`), which
/// a theme colours by role; a refused one still shows as a failure.
@Suite(.serialized) struct StatusClassStyleTests {
    @Test func aStatusHasTheStyleOfItsClass() {
        #expect([100, 200, 204, 301, 304, 404, 418, 500, 503].map(Style.status) ==
                [.status2xx, .status2xx, .status2xx, .status3xx, .status3xx, .status4xx, .status4xx, .status5xx, .status5xx])
    }

    @Test func aThemeColoursAStatusClassByItsRole() throws {
        let theme = try UserConfig.parse(yaml: "theme:\n  base: dark\n  colors:\n    status.4xx: \"#ff8700\"\n", file: "config.yaml").get().theme
        #expect(theme[.status4xx] != Theme.dark[.status4xx])
        #expect(theme[.status2xx] == Theme.dark[.status2xx], "the other classes keep the base's look")
        #expect(Theme.dark[.status2xx] == Theme.dark[.success], "in dark, a 2xx looks as an accepted status always did")
    }

    /// The tree's badge and the response's summary of an accepted 200 use the 2xx role.
    @Test func theTreeAndTheResponseShowTheClass() async throws {
        try await AppHarness.run { app in
            app.select(.request("get-args"))
            app.press(.enter)
            try await app.settle("get-args") { app.model.session.exchanges["get-args"]?.stoppedAt != nil }
            app.model.tick()
            let spans = app.model.frame().panes.flatMap { $0.lines.flatMap(\.spans) }
            #expect(spans.contains { $0.text == "200" && $0.style == .status2xx }, "the tree's badge")
            #expect(spans.contains { $0.text == "200 OK" && $0.style == .status2xx }, "the response's summary")
        }
    }
}
