import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The History tab shows a response's warning beside its exchange. (What the history keeps:
/// CourierWorkspaceTests' HistoryWarningTests.)
@Suite struct HistoryTabWarningTests {
    @Test func theHistoryTabShowsTheWarningBesideTheExchange() async throws {
        try await AppHarness.run { app in
            app.select(.request("graphql-errors"))
            app.press(.enter)
            try await app.settle("the GraphQL request") { app.model.session.exchanges["graphql-errors"]?.stoppedAt != nil }
            app.model.focus(.exchange)
            app.model.tell(.showResponse)
            while app.model.panes.exchange.responseTab != .history { app.press(.character("]")) }
            try await app.settle("the history row") { !app.model.panes.exchange.historyTab.rows.isEmpty }
            #expect(app.screen.contains("warning  "), "the row says so: \(app.screen)")
            app.press(.enter)
            try await app.settle("opened") { app.model.panes.exchange.historyTab.opened != nil }
            #expect(app.screen.contains("warning: GraphQL error: "), "\(app.screen)")
        }
    }

}
