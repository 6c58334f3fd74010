import Courier
import Foundation
import GRDB
import Testing
@testable import CourierHistory
@testable import CourierWorkspace
@testable import Workbench

/// A response's warning (a GraphQL `errors` message, a JSON body that did not parse under
/// `response: auto`) is kept by the history, exported to HAR and replayed offline.
@Suite struct HistoryWarningTests {
    @Test func theHistoryKeepsAGraphQLErrorsWarningAndHARCarriesIt() async throws {
        let state = temporaryDirectory("courier-state")
        let run = await headlessRun(repositoryRoot + "/workspaces/demo.yaml", ["graphql-errors", "graphql-user"]) {
            $0.stateDirectory = state
        }
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let store = try HistoryStore(stateDirectory: state)
        let listed = try store.exchanges()
        let failed = try #require(listed.first { $0.request == "graphql-errors" })
        #expect(failed.warning?.hasPrefix("GraphQL error: ") == true, "listed without bodies too: \(String(describing: failed.warning))")
        #expect(listed.first { $0.request == "graphql-user" }?.warning == nil)
        let har = try JSONSerialization.jsonObject(with: HARExport.text(try store.exchangesWithBodies())) as? [String: Any]
        let entries = try #require((har?["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let comments = entries.map { ($0["response"] as? [String: Any])?["comment"] as? String }
        #expect(comments.contains("warning: " + (failed.warning ?? "")), "\(comments)")
        #expect(comments.contains(nil), "a response without a warning has no comment")
    }

    @Test func offlineReplayKeepsTheRecordedWarning() {
        var stored = HistoryExchange(runID: "r", date: Date(), workspace: "w", workspacePath: "/w.yaml", request: "q",
                                     method: "GET", url: "http://127.0.0.1:9/q")
        stored.status = 200
        stored.responseHeaders = [.init(name: "Content-Type", value: "text/plain")]
        stored.warning = "GraphQL error: no user with id \"9\""
        let content = OfflineReplay.content(stored, body: Data("hello".utf8), serializer: .auto)
        #expect(content.bodyWarning == stored.warning)
    }

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

    @Test func aDatabaseOfTheEarlierSchemaGainsTheColumn() throws {
        let path = temporaryDirectory("courier-state") + "/history.sqlite"
        let old = try DatabaseQueue(path: path)
        try HistoryStore.migrator(legacyDirectory: nil).migrate(old, upTo: "v2-import-json-lines")
        #expect(try old.read { try $0.columns(in: "exchange") }.contains { $0.name == "warning" } == false)
        try old.close()
        let store = try HistoryStore(path: path, legacyDirectory: nil)
        var exchange = HistoryExchange(runID: "r", date: Date(), workspace: "w", workspacePath: "/w.yaml", request: "q",
                                       method: "GET", url: "http://127.0.0.1:9/q")
        exchange.warning = "the body is not valid JSON"
        let id = try #require(try store.insert(exchange).id)
        #expect(try store.exchange(id: id)?.warning == "the body is not valid JSON")
    }
}
