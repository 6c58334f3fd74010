import Foundation
import Testing

extension EndToEndTests {
    /// Responses of any type in the real binary: an HTML page and a PNG are successes —
    /// 200 OK, no ✗ in the tree — and the HTML shows as HTML.
    @Suite struct AnyResponse {
        @Test func anHTMLPageAndAPNGAreSuccesses() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("html-page")
            try session.press("Enter")
            let page = try await session.waitFor(all: ["200 OK", "<h1>Courier demo server</h1>"])
            #expect(page.split(separator: "\n").contains { $0.contains("html-page") && $0.contains("200") })
            #expect(!page.contains("\u{2717}"), "no failure mark anywhere: \(page)")
            try session.press("1")
            try session.select("png-image")
            try session.press("Enter")
            let image = try await session.waitFor(all: ["200 OK", "image/png"])
            #expect(!image.contains("\u{2717}"), "no failure mark anywhere: \(image)")
        }
    }
}
