import Courier
import CourierDemoServer
import Foundation
import GRDB
import Testing
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierRunner
@testable import CourierWorkspace

/// A response's warning (GraphQL errors in a 200) is kept by the history, exported to HAR
/// and replayed offline.
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
        expectEqual(content.bodyWarning, stored.warning)
    }
}
