import Courier
import CourierDemoServer
import CourierWorkspace
import Foundation
import Testing
@testable import Workbench

/// #42: the session works without the shell or any pane — it sends, takes the engine's news,
/// records the runs and says what the user should be told, all as data.
@Suite struct WorkbenchSessionTests {
    @Test func aSessionSendsAndRunsABatchWithoutShellOrPanes() async throws {
        let directory = temporaryDirectory("courier-session")
        let path = directory + "/demo.yaml"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/workspaces/demo.yaml", toPath: path)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/workspaces/files", toPath: directory + "/files")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/workspaces/schemas", toPath: directory + "/schemas")
        let server = try await DemoServer.start()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var settings = WorkbenchSettings()
        settings.demoURL = server.baseURL
        let signal = WakeSignal()
        let session = try WorkbenchSession(workspacePath: path, workspace: try Workspace.load(path: path), settings: settings,
                                           mailbox: Mailbox(wake: { signal.wake() }))
        /// Takes the engine's news as the shell would, without panes, until `done`.
        struct Timeout: Error {}
        func settle(_ done: () -> Bool) async throws {
            let deadline = Date().addingTimeInterval(15)
            while !done() {
                for update in session.mailbox.drain() {
                    session.record(update, now: Date())
                    session.apply(update, now: Date(), stopEvent: nil, isOnScreen: { _ in false })
                }
                guard deadline.timeIntervalSinceNow > 0 else { throw Timeout() }
                _ = await signal.wait(seconds: 0.5)
            }
        }
        let exchange = try #require(session.send("get-args", ignoringCache: true))
        try await settle { exchange.stoppedAt != nil }
        expectEqual(exchange.request.responseStatusCode, 200)
        #expect(session.exchanges["get-args"] === exchange)
        var notices = session.takeNotices()
        #expect(notices.contains { if case .lastEvent("get-args 200") = $0 { true } else { false } }, "\(notices)")
        session.send("json-invalid", ignoringCache: true)
        try await settle { session.exchanges["json-invalid"]?.stoppedAt != nil }
        notices = session.takeNotices()
        #expect(notices.contains { if case .say(let text, .failure, _, _) = $0 { text.contains("json-invalid") } else { false } },
                "a failure not on screen is said: \(notices)")
        session.runBatch("basics")
        let run = try #require(session.runs.runs.first)
        try await settle { run.finishedAt != nil }
        #expect(run.name == "basics" && !run.isRunning)
        await server.stop()
    }

    /// A chain's parallel step runs as a batch of its own; Events names it after its step.
    @Test func aChainsParallelStepIsNamedAfterItsStep() async throws {
        try await AppHarness.run { app in
            app.select(.chain("checkout"))
            app.press(.enter)
            try await app.settle("checkout ran") { app.model.session.runs.runs.first?.finishedAt != nil }
            let subjects = app.model.panes.events.log.entries.map(\.subject)
            #expect(subjects.contains("checkout step 2"), "\(subjects)")
            #expect(!subjects.contains("batch"), "no nameless batch: \(subjects)")
        }
    }
}
