import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// Sending from the workbench against the demo server: what the response view shows.
@Suite(.serialized) struct AppModelSendingTests {
    @Test func enterSendsTheSelectedRequestAndTheResponseShowsItsStatus() async throws {
        try await AppHarness.run { app in
            expectEqual(app.model.tree.selectedNode, .request("get-args"))
            #expect(app.screen.contains("Not sent yet"))
            app.press(.enter)
            try await app.settle("get-args to finish") { app.model.session.exchanges["get-args"]?.stoppedAt != nil }
            let screen = app.screen
            #expect(screen.contains("200 OK"))
            #expect(screen.contains("Body"))
            #expect(screen.contains("courier-demo"), "the echoed query shows in the body")
            expectEqual(app.model.session.exchanges["get-args"]?.request.error, nil)
        }
    }

    @Test func aFailingRequestShowsItsFamilyCodeAndWhatToCheck() async throws {
        try await AppHarness.run { app in
            app.select(.request("refused"))
            app.press(.enter)
            try await app.settle("refused to fail") { app.model.session.exchanges["refused"]?.stoppedAt != nil }
            let screen = app.screen
            #expect(screen.contains("transport error -1004"))
            #expect(screen.contains("Nothing listens on 127.0.0.1:9"))
            #expect(app.model.tree.rows.contains { $0.node == .request("refused") })
            #expect(screen.contains("✗ -1004"), "the tree shows the last send's code")
        }
    }

    @Test func theSecondSendOfACachedRequestShowsTheCacheBadge() async throws {
        try await AppHarness.run { app in
            app.select(.request("cities"))
            app.press(.character("R"))
            try await app.settle("cities from the network") { app.model.session.exchanges["cities"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["cities"]?.request.isDataFromCache, false)
            await app.model.session.exchanges["cities"]?.request.agent.waitForCacheWrites()
            app.press(.enter)
            try await app.settle("cities from the cache") {
                app.model.session.exchanges["cities"]?.stoppedAt != nil && app.model.session.exchanges["cities"]?.request.isDataFromCache == true
            }
            #expect(app.screen.contains("● from cache"))
            #expect(app.model.session.hasFreshCacheEntry("cities"))
        }
    }

    @Test func cancellingARequestInFlightLeavesItCancelled() async throws {
        try await AppHarness.run { app in
            app.select(.request("slow-body"))
            app.press(.enter)
            try await app.settle("slow-body to be receiving") {
                guard let request = app.model.session.exchanges["slow-body"]?.request else { return false }
                return request.agent.records().contains { $0.request === request && $0.bytesReceived > 0 }
            }
            let screen = app.screen
            #expect(screen.contains("x cancels it"))
            #expect(screen.contains("receiving GET"), "the phase, from the record table as In flight read it before the frame")
            #expect(app.model.isBusy)
            #expect(app.model.statusLine(now: Date()).text.contains("1 request"))
            app.press(.character("x"))
            try await app.settle("the cancel to arrive") { app.model.session.exchanges["slow-body"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["slow-body"]?.isCancelled, true)
            #expect(app.screen.contains("cancelled"))
        }
    }

    @Test func markedRequestsGoTogetherAsABatch() async throws {
        try await AppHarness.run { app in
            app.select(.request("xml"))
            app.press(.character(" "))
            app.select(.request("created"))
            app.press(.character(" "))
            expectEqual(app.model.tree.marks, ["xml", "created"])
            app.press(.enter)
            try await app.settle("both marked requests") {
                ["xml", "created"].allSatisfy { app.model.session.exchanges[$0]?.stoppedAt != nil }
            }
            expectEqual(app.model.session.exchanges["xml"]?.origin, "marked batch")
            expectEqual(app.model.session.exchanges["created"]?.request.responseStatusCode, 201)
            #expect(app.model.tree.marks.isEmpty)
        }
    }

    @Test func aChainInStepModeWaitsForEachStep() async throws {
        try await AppHarness.run { app in
            app.select(.chain("checkout"))
            app.press(.character("S"))
            try await app.settle("the chain to pause before step 1") { app.model.session.runs.runs.first?.pausedStep?.index == 0 }
            #expect(app.model.statusLine(now: Date()).text.contains("checkout paused before step 1"))
            #expect(app.model.session.exchanges["login"] == nil, "nothing is sent before the step is advanced")
            for step in 1...2 {
                app.press(.character("S"))
                try await app.settle("step \(step) to pause") { app.model.session.runs.runs.first?.pausedStep?.index == step }
            }
            expectEqual(app.model.session.exchanges["login"]?.request.responseStatusCode, 200)
            expectEqual(app.model.session.exchanges["orders"]?.request.responseStatusCode, 200)
            expectEqual(app.model.session.exchanges["orders"]?.origin, "chain checkout, step 2")
            if case .stepMember(let chain, let step, _, _)? = app.model.tree.selectedNode {
                #expect(chain == "checkout" && step == 1, "the selection follows the chain to the step that ran")
            } else {
                Issue.record("the selection did not follow the chain: \(String(describing: app.model.tree.selectedNode))")
            }
            while app.model.session.runs.runs.first?.isRunning == true {
                app.press(.character("S"))
                try await app.settle("the next step") { app.model.session.runs.runs.first?.pausedStep != nil || app.model.session.runs.runs.first?.isRunning == false }
            }
            expectEqual(app.model.session.exchanges["checkout-order"]?.request.responseStatusCode, 200)
            #expect(app.model.session.exchanges["vip-offer"] == nil || app.model.session.exchanges["vip-offer"]?.startedAt == nil)
        }
    }

    @Test func anEnvironmentChangesWhatIsSent() async throws {
        try await AppHarness.run { app in
            app.press(.character("E"))
            guard app.model.overlay is EnvironmentPicker else {
                Issue.record("E did not open the environment picker")
                return
            }
            #expect(app.screen.contains("french"))
            app.press(.down, .down, .enter)
            #expect(app.screen.contains("env french"))
            app.select(.request("get-args"))
            app.press(.enter)
            try await app.settle("get-args in french") { app.model.session.exchanges["get-args"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["get-args"]?.request.responseJSON?["args"]?["lang"], "fr")
        }
    }

    @Test func sentRequestsAreRecordedInTheHistoryWithSecretsHidden() async throws {
        try await AppHarness.run { app in
            app.select(.request("basic-auth"))
            app.press(.enter)
            try await app.settle("basic-auth") { app.model.session.exchanges["basic-auth"]?.stoppedAt != nil }
            await app.model.session.engine.history?.finish()
            let rows = try HistoryStore(stateDirectory: app.directory + "/state").exchangesWithBodies()
            expectEqual(rows.map(\.request), ["basic-auth"])
            expectEqual(rows.first?.status, 200)
            expectEqual(rows.first?.workspacePath, URL(fileURLWithPath: app.workspacePath).standardizedFileURL.path)
            let authorization = rows.first?.requestHeaders.first { $0.name.lowercased() == "authorization" }
            expectEqual(authorization?.value, "‹redacted›")
            #expect(rows.first?.responseBody.map { String(decoding: $0, as: UTF8.self) }?.contains("authenticated") == true)
        }
    }

    @Test func theHistoryTabListsOpensAndComparesPastExchanges() async throws {
        try await AppHarness.run { app in
            app.select(.request("get-args"))
            for round in 1...2 {
                app.press(.enter)
                try await app.settle("get-args #\(round)") { app.model.session.exchanges["get-args"]?.stoppedAt != nil }
            }
            app.model.focus(.exchange)
            app.model.tell(.showResponse)
            while app.model.panes.exchange.responseTab != .history { app.press(.character("]")) }
            try await app.settle("two rows") { app.model.panes.exchange.historyTab.rows.count == 2 }
            #expect(app.screen.contains("2 past · Enter opens"))
            app.press(.enter)
            try await app.settle("opened") { app.model.panes.exchange.historyTab.opened != nil }
            expectEqual(app.model.panes.exchange.historyTab.opened?.exchange.id, app.model.panes.exchange.historyTab.rows[0].id)
            #expect(app.screen.contains("\"args\""))
            app.press(.escape)
            app.press(.character("d"), .character("j"), .character("d"))
            try await app.settle("diff") { app.model.panes.exchange.historyTab.diff != nil }
            #expect(app.screen.contains("status: 200"))
            app.press(.escape)
            let har = app.directory + "/run.har"
            app.press(.character("H"), .control("u"))
            app.type(har)
            app.press(.enter)
            try await app.settle("HAR written") { FileManager.default.fileExists(atPath: har) && app.screen.contains("(HAR 1.2)") }
            let log = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any])?["log"] as? [String: Any])
            expectEqual((log["entries"] as? [Any])?.count, 2)   // both sends of the workbench's one run
        }
    }

    @Test func offlineTheWorkbenchAnswersFromTheHistoryAndSaysSo() async throws {
        try await AppHarness.run { app in
            app.select(.request("get-args"))
            app.press(.enter)
            try await app.settle("online") { app.model.session.exchanges["get-args"]?.stoppedAt != nil }
            await app.model.session.engine.history?.finish()
            app.press(.character("O"))
            #expect(app.screen.contains("OFFLINE"))
            app.press(.enter)
            try await app.settle("offline") { app.model.session.exchanges["get-args"]?.request.answeredFromHistory != nil }
            expectEqual(app.model.session.exchanges["get-args"]?.request.response?.statusCode, 200)
            app.select(.request("created"))
            app.press(.enter)
            try await app.settle("no answer") { app.model.session.exchanges["created"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["created"]?.request.error?.code.rawValue, -12)
            app.press(.character("O"))
            #expect(!app.screen.contains("OFFLINE"))
        }
    }
}
