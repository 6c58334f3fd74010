import Courier
import CourierDemoServer
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// Recorded streams in the workbench: the History tab shows a past WebSocket session's
/// transcript, and offline the workbench replays it as a stream. (The recording, HAR and
/// `courier run --offline`: CourierWorkspaceTests' SessionHistoryTests.)
@Suite struct HistoryTabSessionTests {
    @Test func theHistoryTabShowsAPastSessionsTranscript() async throws {
        try await withWebSocketDemoServer { server in
            try await AppHarness.run(size: Size(columns: 140, rows: 40)) { app in
                // The session is recorded by a run of the same file into the workbench's history.
                let done = await recordedRun(app.workspacePath, ["ws-echo"], server: server, state: app.directory + "/state")
                #expect(done.status == 0, "\(done.output) \(done.errors)")
                app.select(.request("ws-echo"))
                app.model.focus(.exchange)
                app.model.tell(.showResponse)
                while app.model.panes.exchange.responseTab != .history { app.press(.character("]")) }
                try await app.settle("the history row") { !app.model.panes.exchange.historyTab.rows.isEmpty }
                app.press(.enter)
                try await app.settle("opened") { app.model.panes.exchange.historyTab.opened != nil }
                let rows = app.screen.split(separator: "\n").map(String.init)
                #expect(rows.contains { $0.contains("101 · ") && $0.contains(" messages (4 sent, ") }, "\(app.screen)")
                #expect(rows.contains { $0.contains("←  +") && $0.contains("  text  {\"type\":\"welcome\"") }, "\(app.screen)")
                #expect(rows.contains { $0.contains("→  +") && $0.contains("  text  hello") }, "\(app.screen)")
                #expect(rows.contains { $0.contains("←  +") && $0.contains("  binary  4 bytes: 00 01 02 ff") }, "\(app.screen)")
                #expect(rows.contains { $0.contains("→  +") && $0.contains("  close  4000 done") }, "\(app.screen)")
                #expect(!app.screen.contains("> text hello"), "the transcript, not the raw text")
            }
        }
    }

    @Test func offlineTheWorkbenchShowsTheRecordedSessionAsAStream() async throws {
        try await withWebSocketDemoServer { server in
            // The workbench's own demo server has no /ws: the session's URL names this one.
            let webSocketURL = "ws" + server.baseURL.drop { $0 != ":" }
            try await AppHarness.run(editing: { $0.replacingOccurrences(of: "{{demoWS}}", with: webSocketURL) }) { app in
                let done = await recordedRun(app.workspacePath, ["ws-echo"], server: server, state: app.directory + "/state")
                #expect(done.status == 0, "\(done.output) \(done.errors)")
                let recorded = done.output.filter { $0.hasPrefix("  ws-echo  #") }.count
                app.select(.request("ws-echo"))
                app.press(.character("O"))
                #expect(app.screen.contains("OFFLINE"))
                app.press(.enter)
                try await app.settle("replayed") { app.model.session.exchanges["ws-echo"]?.stoppedAt != nil }
                let exchange = try #require(app.model.session.exchanges["ws-echo"])
                #expect(exchange.request.answeredFromHistory != nil && exchange.request.response?.statusCode == 101,
                        "\(String(describing: exchange.request.error))")
                let view = try #require(exchange.streamView, "the replayed messages are a stream")
                #expect(view.lastSequence == recorded && view.kind == .message)
                let events = (0..<view.keptCount).compactMap { view.event(at: view.firstPosition + $0) }
                #expect(events.contains { $0.direction == .sent && $0.text == "hello" } && events.contains { $0.direction == .received && $0.text == "hello" })
            }
        }
    }

}
