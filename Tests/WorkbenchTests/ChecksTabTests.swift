import Courier
import Foundation
import Testing
@testable import Workbench

/// `expect:` in the workbench, against the demo server: the Checks tab lists every check with
/// ✓ or ✗ and, for failures, expected and actual in aligned columns; the response line gives
/// the verdict; the tree's badge says checks failed; Enter on a check shows its path in the
/// body.
@Suite struct ChecksTabTests {
    /// Sends `name` from the tree and waits for its body to be laid out.
    private func send(_ name: String, _ app: AppHarness) async throws -> Exchange {
        app.select(.request(name))
        app.press(.enter)
        try await app.settle("\(name) laid out") { app.model.session.exchanges[name]?.viewer?.body.isComplete == true }
        return try #require(app.model.session.exchanges[name])
    }

    /// The screen's rows holding `text`.
    private func rows(_ screen: String, containing text: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { $0.contains(text) }
    }

    /// The column `text` starts at in `row` (every character before it is one column wide).
    private func column(of text: String, in row: String) -> Int? {
        row.range(of: text).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
    }

    @Test func failedChecksAreListedWithExpectedAndActualAndTheVerdict() async throws {
        try await AppHarness.run { app in
            let exchange = try await send("checks-fail", app)
            expectEqual(exchange.request.error?.code, .responseRejected)
            var screen = app.screen
            #expect(rows(screen, containing: "200 OK  ✗ 3/5 checks failed").count == 1, "\(screen)")
            #expect(rows(screen, containing: "checks-fail").contains { $0.contains("✗ checks") }, "the tree's badge: \(screen)")
            #expect(screen.contains("✗ 3/5 checks failed  validation error -13"), "the Body tab points to the checks: \(screen)")

            app.press(.character("2"), .character("2"), .character("]"))
            expectEqual(app.model.panes.exchange.responseTab, .checks)
            screen = app.screen
            #expect(screen.contains(" Checks 2/5 "), "\(screen)")
            #expect(rows(screen, containing: "✓ status == 200").count == 1, "\(screen)")
            #expect(rows(screen, containing: "✓ $.slideshow.title startsWith \"Sample\"").count == 1, "\(screen)")
            let count = try #require(rows(screen, containing: "✗ $.slideshow.slides count >= 3").first, "\(screen)")
            #expect(count.contains("expected >= 3") && count.contains("got 2"), "\(count)")
            let missing = try #require(rows(screen, containing: "✗ $.slideshow.publisher exists").first, "\(screen)")
            #expect(missing.contains("expected exists") && missing.contains("got nothing"), "\(missing)")
            #expect(column(of: "expected >= 3", in: count) == column(of: "expected exists", in: missing), "aligned:\n\(count)\n\(missing)")
            #expect(column(of: "got 2", in: count) == column(of: "got nothing", in: missing), "aligned:\n\(count)\n\(missing)")
            let schema = try #require(rows(screen, containing: "✗ schema (inline)").first, "\(screen)")
            #expect(column(of: "$.slideshow.date: expected integer", in: schema) == column(of: "expected exists", in: missing),
                    "the violation's path and message where expected goes:\n\(schema)\n\(missing)")
            #expect(screen.contains("2 of 5 failed") == false && screen.contains("3 of 5 failed"), "\(screen)")

            // The schema violation's row: Enter shows $.slideshow.date in the Body tab.
            app.press(.character("G"))
            screen = app.screen
            #expect(screen.contains("Enter: $.slideshow.date in the body"), "\(screen)")
            #expect(screen.contains("(#/properties/slideshow/properties/date/type)"), "the selected check whole, with the schema location: \(screen)")
            #expect(rows(screen, containing: "demo.yaml:").contains { $0.contains(":9  schema (inline)") }, "where it is written: \(screen)")
            app.press(.enter)
            expectEqual(app.model.panes.exchange.responseTab, .body)
            let viewer = try #require(exchange.viewer)
            #expect(viewer.body.plainText(viewer.cursor).contains("\"date\": \"2025-01-01\""), "\(viewer.body.plainText(viewer.cursor))")

            // A path the body lacks: its nearest part that is there.
            app.press(.character("]"), .up, .enter)
            let moved = try #require(exchange.viewer)
            #expect(moved.body.plainText(moved.cursor).contains("\"slideshow\": {"), "\(moved.body.plainText(moved.cursor))")
        }
    }

    @Test func passingChecksSayHowManyAndRequestsWithoutChecksHaveNoTab() async throws {
        try await AppHarness.run { app in
            let exchange = try await send("checks-pass", app)
            expectEqual(exchange.request.error, nil)
            var screen = app.screen
            #expect(rows(screen, containing: "200 OK  ✓ 5 checks passed").count == 1, "\(screen)")
            #expect(!rows(screen, containing: "checks-pass").contains { $0.contains("✗") }, "\(screen)")
            app.press(.character("2"), .character("2"), .character("]"))
            screen = app.screen
            #expect(screen.contains(" Checks 5/5 "), "\(screen)")
            #expect(rows(screen, containing: " ✓ ").count >= 5, "\(screen)")
            #expect(rows(screen, containing: "✓ schema schemas/slideshow.json").count == 1, "the schema file's check: \(screen)")
            #expect(screen.contains("all 5 passed"), "\(screen)")

            _ = try await send("json-valid", app)
            screen = app.screen
            #expect(!screen.contains("Checks"), "no Checks tab without expect: \(screen)")
            expectEqual(app.model.panes.exchange.responseTab, .body)
        }
    }
}
