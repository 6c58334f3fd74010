import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The History tab lists a past exchange's `expect:` checks. (What the history keeps of them:
/// CourierWorkspaceTests' HistoryChecksTests.)
@Suite struct HistoryTabChecksTests {
    @Test func theHistoryTabListsAPastExchangesChecks() async throws {
        try await AppHarness.run { app in
            app.select(.request("checks-fail"))
            app.press(.enter)
            try await app.settle("checks-fail") { app.model.session.exchanges["checks-fail"]?.stoppedAt != nil }
            app.model.focus(.exchange)
            app.model.tell(.showResponse)
            while app.model.panes.exchange.responseTab != .history { app.press(.character("]")) }
            try await app.settle("the history row") { !app.model.panes.exchange.historyTab.rows.isEmpty }
            var screen = app.screen
            #expect(screen.split(separator: "\n").contains { $0.contains("validation -13") && $0.contains("✗ checks") }, "the row: \(screen)")
            app.press(.enter)
            try await app.settle("opened") { app.model.panes.exchange.historyTab.opened != nil }
            screen = app.screen
            let rows = screen.split(separator: "\n").map(String.init)
            #expect(rows.contains { $0.contains("validation -13") && $0.contains("✗ 3/5 checks failed") }, "\(screen)")
            #expect(rows.contains { $0.contains("✓ status == 200") }, "\(screen)")
            let count = try #require(rows.first { $0.contains("✗ $.slideshow.slides count >= 3") }, "\(screen)")
            #expect(count.contains("expected >= 3") && count.contains("got 2"), "\(count)")
            let missing = try #require(rows.first { $0.contains("✗ $.slideshow.publisher exists") }, "\(screen)")
            #expect(count.range(of: "expected")?.lowerBound.utf16Offset(in: count) == missing.range(of: "expected")?.lowerBound.utf16Offset(in: missing),
                    "aligned as in the Checks tab:\n\(count)\n\(missing)")
            #expect(rows.contains { $0.contains("✗ schema (inline)") && $0.contains("$.slideshow.date: expected integer") }, "\(screen)")
            #expect(screen.contains("\"slideshow\""), "the body below: \(screen)")
        }
    }

}
