import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// Seed 004's HUD in the workbench: a request's or chain's `hud:` in the status line while it
/// runs, and `quietErrors: true` failures kept out of the toasts but not out of Events.
@Suite(.serialized) struct AppModelHUDTests {
    /// The demo's `slow` answering after three seconds instead of one, so that it surely
    /// still runs when the status line is read, and a chain whose one step drips for four.
    static func slower(_ text: String) -> String {
        text.replacingOccurrences(of: "url: /delay/1\n    hud:", with: "url: /delay/3\n    hud:")
            .replacingOccurrences(of: "\nchains:\n", with: "\nchains:\n  drip: {hud: \"Dripping for {{user}}…\", steps: [slow-body]}\n")
    }

    @Test func theStatusLineSaysTheNewestHUDTextWhileItsRequestOrChainRunsAndCountsTheOthers() async throws {
        try await AppHarness.run(editing: Self.slower) { app in
            app.select(.request("slow"))
            app.press(.enter)
            var status = app.model.statusLine(now: Date()).text
            #expect(status.contains("Waiting for the slow answer…"), "\(status)")
            #expect(!status.contains("1 request"), "the text instead of the counts")

            app.select(.chain("drip"))
            app.press(.enter)
            status = app.model.statusLine(now: Date()).text
            #expect(status.contains("Dripping for demo… +1 more"), "the newest, its {{user}} filled in, and a count: \(status)")
            #expect(!status.contains("Waiting for the slow answer…"))

            let slow = try #require(app.model.session.exchanges["slow"]?.request)
            slow.stop()
            try await app.settle("slow to stop") { app.model.session.exchanges["slow"]?.stoppedAt != nil }
            status = app.model.statusLine(now: Date()).text
            #expect(status.contains("Dripping for demo…") && !status.contains("more"), "the text leaves with its request: \(status)")

            guard case .chain(let chain, _, _)? = app.model.session.runs.runs.first?.kind else {
                Issue.record("no chain run")
                return
            }
            chain.stop()
            try await app.settle("the chain to stop") { !app.model.session.hud.snapshot.isBusy }
            #expect(!app.model.statusLine(now: Date()).text.contains("Dripping"), "and with its chain")
        }
    }

    /// A chain paused in step mode waits for the user, which the line says instead of its
    /// text; the text comes back while a step runs.
    @Test func aMessageTooLongForTheLineLosesItsMiddleNotItsEnd() async throws {
        try await AppHarness.run { app in
            let path = "/" + Array(repeating: "a-rather-long-directory", count: 6).joined(separator: "/") + "/demo.yaml"
            app.model.say("\(path):12:4: error: requests.get-args: unknown key \"urll\"", .failure)
            let status = app.model.statusLine(now: Date()).text
            #expect(status.trimmingCharacters(in: .whitespaces).hasSuffix("-directory/demo.yaml:12:4: error: requests.get-args: unknown key \"urll\""),
                    "\(status)")
            #expect(status.contains(" …") && !status.contains("/a-rather-long-directory/a-rather"), "the path's head went first")
            #expect(DisplayWidth.of(status) <= app.model.size.columns)
        }
    }

    @Test func aPausedChainShowsItsPauseNotItsHUDText() async throws {
        try await AppHarness.run(editing: Self.slower) { app in
            app.select(.chain("drip"))
            app.press(.character("S"))
            try await app.settle("the chain to pause") { app.model.session.runs.runs.first?.pausedStep != nil }
            var status = app.model.statusLine(now: Date()).text
            #expect(status.contains("1 chain") && status.contains("drip paused before step 1"), "\(status)")
            #expect(!status.contains("Dripping"), "\(status)")
            app.press(.character("S"))
            try await app.settle("the step to run") { app.model.session.runs.runs.first?.pausedStep == nil }
            status = app.model.statusLine(now: Date()).text
            #expect(status.contains("Dripping for demo…"), "running its step: \(status)")
            guard case .chain(let chain, _, _)? = app.model.session.runs.runs.first?.kind else {
                Issue.record("no chain run")
                return
            }
            chain.stop()
            try await app.settle("the chain to stop") { !app.model.session.hud.snapshot.isBusy }
        }
    }

    /// In the one-pane layout with Events in front, a failure's response is not on screen, so
    /// a failure makes a toast (`not-json`) — unless the request says `quietErrors`
    /// (`server-error`); Events lists both.
    @Test func aQuietErrorsFailureMakesNoToastButIsInEvents() async throws {
        try await AppHarness.run(size: Size(columns: 80, rows: 24)) { app in
            app.select(.request("server-error"))
            app.press(.character("6"))
            app.model.perform(.send)
            try await app.settle("server-error") { app.model.session.exchanges["server-error"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["server-error"]?.request.error?.code.rawValue, -8)
            #expect(!app.model.toasts.shown.contains { $0.style == .failure }, "\(app.model.toasts.shown)")
            #expect(!app.model.statusLine(now: Date()).text.contains("! shows it in Events"))
            #expect(app.model.panes.events.log.entries.contains { $0.subject == "server-error" && $0.kind == .failed })

            app.select(.request("not-json"))
            app.press(.character("6"))
            app.model.perform(.send)
            try await app.settle("not-json") { app.model.session.exchanges["not-json"]?.stoppedAt != nil }
            #expect(app.model.toasts.shown.filter { $0.style == .failure }.map(\.text).count == 1, "\(app.model.toasts.shown)")
            expectEqual(app.model.toasts.shown.last?.text.contains("not-json"), true)
        }
    }

    /// A quiet batch makes no toast for its failure nor for its requests' failures; Runs and
    /// Events still show them.
    @Test func aQuietBatchMakesNoToasts() async throws {
        let editing: (String) -> String = {
            $0.replacingOccurrences(of: "\nbatches:\n", with: "\nbatches:\n  quiet-pair: {requests: [not-json, bad-json], continueOnFailure: true, quietErrors: true}\n")
        }
        try await AppHarness.run(editing: editing) { app in
            app.select(.batch("quiet-pair"))
            app.press(.enter)
            try await app.settle("the batch's stop") { app.model.lastEvent == "quiet-pair: 0 of 2 ok" }
            #expect(app.model.toasts.shown.isEmpty, "\(app.model.toasts.shown)")
            let failed = app.model.panes.events.log.entries.filter { $0.kind == .failed }.map(\.subject)
            #expect(failed.contains("not-json") && failed.contains("bad-json"), "\(failed)")
        }
    }
}
